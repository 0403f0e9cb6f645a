import { BRAND_NAME, LOGO_PATH } from '@portal/ui';

/** The company as schema.org describes a publisher: name and logo. */
export function publisher(origin: string) {
  return {
    '@type': 'Organization',
    name: BRAND_NAME,
    logo: { '@type': 'ImageObject', url: `${origin}${LOGO_PATH}` },
  };
}

/** schema.org Organization data of the home page: who we are and where (Millstone, New Jersey). */
export function organizationData(origin: string) {
  return {
    '@context': 'https://schema.org',
    ...publisher(origin),
    url: `${origin}/`,
    logo: `${origin}${LOGO_PATH}`,
    address: {
      '@type': 'PostalAddress',
      addressLocality: 'Millstone',
      addressRegion: 'NJ',
      addressCountry: 'US',
    },
  };
}
