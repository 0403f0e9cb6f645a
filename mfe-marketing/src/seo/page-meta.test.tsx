import { screen } from '@testing-library/react';
import { articlePath, BLOG_ARTICLES, indexablePages, isoDate } from '@portal/contracts';
import { renderPage } from '@portal/web-testing';
import { MarketingRoutes } from '../Root';
import { ARTICLES } from '../content/blog/articles';

const ORIGIN = window.location.origin;

/** The one value of a head tag; fails when the tag is there twice. */
function headValue(selector: string): string | null {
  const elements = document.head.querySelectorAll(selector);
  expect(elements.length).toBeLessThanOrEqual(1);
  return elements[0]?.getAttribute('content') ?? elements[0]?.getAttribute('href') ?? null;
}

const structuredData = () =>
  [...document.head.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent ?? '') as Record<string, unknown>,
  );

/** Each page is a lazy module: on a cold transform cache (a fresh clone) its first load takes seconds. */
const PAGE_LOAD_MS = 10_000;

async function showPage(path: string) {
  renderPage(<MarketingRoutes />, { route: path });
  return (await screen.findByRole('heading', { level: 1 }, { timeout: PAGE_LOAD_MS })).textContent ?? '';
}

describe('head tags of the public pages', () => {
  it.each(indexablePages().map(({ path }) => [path]))(
    '%s has its own title, description, canonical link and Open Graph tags',
    async (path) => {
      await showPage(path);
      const title = document.title;
      expect(title).toMatch(/^.+ \| Millstone CX$/);
      const description = headValue('meta[name="description"]') ?? '';
      expect(description.length).toBeGreaterThanOrEqual(120);
      expect(description.length).toBeLessThanOrEqual(160);
      expect(headValue('link[rel="canonical"]')).toBe(`${ORIGIN}${path}`);
      expect(headValue('meta[name="robots"]')).toBeNull();
      expect(headValue('meta[property="og:title"]')).toBe(title.replace(/ \| Millstone CX$/, ''));
      expect(headValue('meta[property="og:description"]')).toBe(description);
      expect(headValue('meta[property="og:url"]')).toBe(`${ORIGIN}${path}`);
      expect(headValue('meta[property="og:type"]')).toBe(path.startsWith('/blog/') ? 'article' : 'website');
      expect(headValue('meta[property="og:image"]')).toBe(`${ORIGIN}/og-image.png`);
      expect(headValue('meta[property="og:site_name"]')).toBe('Millstone CX');
      expect(headValue('meta[name="twitter:card"]')).toBe('summary_large_image');
    },
  );

  it('gives every page a description of its own', async () => {
    const descriptions = new Set<string>();
    for (const { path } of indexablePages()) {
      const view = renderPage(<MarketingRoutes />, { route: path });
      await screen.findByRole('heading', { level: 1 });
      descriptions.add(headValue('meta[name="description"]') ?? '');
      view.unmount();
    }
    expect(descriptions.size).toBe(indexablePages().length);
  });

  it('describes the company on the home page as a schema.org Organization in Millstone, NJ', async () => {
    await showPage('/');
    expect(structuredData()).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: 'Millstone CX',
        url: `${ORIGIN}/`,
        logo: `${ORIGIN}/logo.png`,
        address: {
          '@type': 'PostalAddress',
          addressLocality: 'Millstone',
          addressRegion: 'NJ',
          addressCountry: 'US',
        },
      },
    ]);
  });

  it.each(ARTICLES.map((article) => [article.slug, article]))(
    '%s carries schema.org Article data',
    async (slug, article) => {
      const heading = await showPage(articlePath(slug));
      const [data] = structuredData();
      expect(structuredData()).toHaveLength(1);
      expect(data).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: heading,
        description: article.description,
        author: { '@type': 'Person', name: article.author },
        datePublished: isoDate(BLOG_ARTICLES.find((each) => each.slug === slug)?.date ?? ''),
        mainEntityOfPage: `${ORIGIN}/blog/${slug}`,
        publisher: {
          '@type': 'Organization',
          name: 'Millstone CX',
          logo: { '@type': 'ImageObject', url: `${ORIGIN}/logo.png` },
        },
      });
      expect(data.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(data.image).toEqual([expect.stringMatching(/^http:\/\//)]);
    },
  );

  it('keeps an unknown article out of search results', async () => {
    await showPage('/blog/no-such-article');
    expect(document.title).toBe('Article Not Found | Millstone CX');
    expect(headValue('meta[name="robots"]')).toBe('noindex');
    expect(structuredData()).toEqual([]);
  });

  it('takes the structured data away with its page', async () => {
    const view = renderPage(<MarketingRoutes />, { route: '/blog/roi-of-customer-service' });
    await screen.findByRole('heading', { level: 1 });
    expect(structuredData()).toHaveLength(1);
    view.unmount();
    expect(structuredData()).toEqual([]);
    expect(headValue('link[rel="canonical"]')).toBeNull();
  });
});
