/** Both legal documents take effect on this date; the sitemap dates them by it too. */
export { LEGAL_EFFECTIVE_DATE } from '@portal/contracts';

export const LEGAL_CONTACT = {
  privacyEmail: 'privacy@millstonecx.com',
  legalEmail: 'legal@millstonecx.com',
  location: 'Millstone, New Jersey, USA',
} as const;
