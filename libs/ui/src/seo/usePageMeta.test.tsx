import { render } from '@testing-library/react';
import { usePageMeta, usePageTitle } from './usePageMeta';
import type { PageMeta } from './head-tags';

// The defaults of the shell's index.html, as the first paint has them.
const FIRST_PAINT = `
  <title>Contact-center and AI-automation outsourcing | Millstone CX</title>
  <meta name="description" content="The site's own description." />
  <meta property="og:site_name" content="Millstone CX" />
  <meta property="og:type" content="website" />
  <meta property="og:title" content="Contact-center and AI-automation outsourcing" />
  <meta property="og:description" content="The site's own description." />
  <meta property="og:image" content="/og-image.png" />
  <meta name="twitter:card" content="summary_large_image" />
`;

const pricing: PageMeta = {
  title: 'Pricing',
  description: 'Custom quotes for inbound support, outbound sales and AI automation.',
  path: '/pricing',
};

const article: PageMeta = {
  title: 'Measuring the ROI of Customer Service',
  description: 'The metrics that connect support to revenue.',
  path: '/blog/roi-of-customer-service',
  type: 'article',
  structuredData: [{ '@context': 'https://schema.org', '@type': 'Article', headline: 'Measuring the ROI' }],
};

function Page({ meta }: { meta: PageMeta }) {
  usePageMeta(meta);
  return null;
}

function TitleOnly({ title }: { title: string }) {
  usePageTitle(title);
  return null;
}

const content = (selector: string) =>
  [...document.head.querySelectorAll(selector)].map(
    (element) => element.getAttribute('content') ?? element.getAttribute('href'),
  );
const structuredData = () =>
  [...document.head.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent ?? '') as Record<string, unknown>,
  );

/** Every managed tag, each expected exactly once (or not at all). */
function head() {
  const one = (selector: string) => {
    const values = content(selector);
    if (values.length > 1) throw new Error(`${selector} is in the head ${values.length} times`);
    return values[0];
  };
  return {
    title: document.title,
    description: one('meta[name="description"]'),
    canonical: one('link[rel="canonical"]'),
    robots: one('meta[name="robots"]'),
    siteName: one('meta[property="og:site_name"]'),
    type: one('meta[property="og:type"]'),
    ogTitle: one('meta[property="og:title"]'),
    ogDescription: one('meta[property="og:description"]'),
    url: one('meta[property="og:url"]'),
    image: one('meta[property="og:image"]'),
    card: one('meta[name="twitter:card"]'),
  };
}

describe('usePageMeta', () => {
  let firstPaint: ReturnType<typeof head>;

  beforeAll(() => {
    document.head.innerHTML = FIRST_PAINT;
    firstPaint = head();
  });

  afterEach(() => expect(head()).toEqual(firstPaint));

  it("writes the page's title, description, canonical link and Open Graph tags over the defaults", () => {
    window.history.replaceState(null, '', '/pricing?utm_source=mail#calculators');
    const { unmount } = render(<Page meta={pricing} />);
    expect(head()).toEqual({
      title: 'Pricing | Millstone CX',
      description: pricing.description,
      canonical: 'http://localhost/pricing',
      robots: undefined,
      siteName: 'Millstone CX',
      type: 'website',
      ogTitle: 'Pricing',
      ogDescription: pricing.description,
      url: 'http://localhost/pricing',
      image: 'http://localhost/og-image.png',
      card: 'summary_large_image',
    });
    expect(structuredData()).toEqual([]);
    unmount();
  });

  it('replaces the tags when the page changes, leaving no copy of the previous ones', () => {
    const { rerender, unmount } = render(<Page meta={pricing} />);
    rerender(<Page meta={article} />);
    expect(head()).toMatchObject({
      title: 'Measuring the ROI of Customer Service | Millstone CX',
      description: article.description,
      canonical: 'http://localhost/blog/roi-of-customer-service',
      type: 'article',
      url: 'http://localhost/blog/roi-of-customer-service',
      image: 'http://localhost/og-image.png',
    });
    expect(structuredData()).toEqual(article.structuredData);

    rerender(<Page meta={pricing} />);
    expect(head()).toMatchObject({ title: 'Pricing | Millstone CX', type: 'website' });
    expect(structuredData()).toEqual([]);
    unmount();
  });

  it('keeps the tags when the page renders again with equal values', () => {
    const { rerender, unmount } = render(<Page meta={article} />);
    const script = document.head.querySelector('script[type="application/ld+json"]');
    rerender(<Page meta={{ ...article, structuredData: [{ ...article.structuredData?.[0] }] }} />);
    expect(document.head.querySelector('script[type="application/ld+json"]')).toBe(script);
    unmount();
  });

  it('marks a private page noindex, and only while it is shown', () => {
    const { unmount } = render(
      <Page meta={{ ...pricing, title: 'Sign In', path: '/login', noindex: true }} />,
    );
    expect(head()).toMatchObject({ title: 'Sign In | Millstone CX', robots: 'noindex' });
    unmount();
  });

  it("restores the first paint's defaults once the page goes, and removes what it added", () => {
    const { unmount } = render(<Page meta={article} />);
    unmount();
    expect(head().canonical).toBeUndefined();
    expect(structuredData()).toEqual([]);
  });

  it('leaves alone what a newer page has set when an older one goes late (another section)', () => {
    const older = render(<Page meta={article} />);
    const newer = render(<TitleOnly title="Page Not Found" />);
    older.unmount();
    expect(head()).toMatchObject({
      title: 'Page Not Found | Millstone CX',
      ogTitle: 'Page Not Found',
      description: firstPaint.description,
      canonical: undefined,
      url: undefined,
    });
    expect(structuredData()).toEqual([]);
    newer.unmount();
  });

  it('writes structured data that cannot close its script element', () => {
    const { unmount } = render(
      <Page meta={{ ...pricing, structuredData: [{ name: '</script><script>alert(1)</script>' }] }} />,
    );
    const script = document.head.querySelector('script[type="application/ld+json"]');
    expect(script?.textContent).not.toContain('</script>');
    expect(structuredData()).toEqual([{ name: '</script><script>alert(1)</script>' }]);
    unmount();
  });
});

describe('after a prerendered first paint', () => {
  // The gateway served /pricing prerendered: its tags replace the defaults and carry them along.
  const PRERENDERED_PAINT = `
    <title data-prerendered data-default="Contact-center and AI-automation outsourcing | Millstone CX">Pricing | Millstone CX</title>
    <meta name="description" content="Custom quotes." data-prerendered data-default="The site's own description." />
    <script type="application/ld+json" data-prerendered>{"@type":"Organization"}</script>
  `;

  afterAll(() => {
    document.head.innerHTML = FIRST_PAINT;
  });

  it("goes back to the shell's defaults, not to the prerendered page, when the page goes", async () => {
    document.head.innerHTML = PRERENDERED_PAINT;
    // A fresh module: what the first paint was is read once, on the first page's visit.
    await jest.isolateModulesAsync(async () => {
      const { applyPageMeta } = await import('./head-tags');
      const takeBack = applyPageMeta(article);
      expect(document.title).toBe('Measuring the ROI of Customer Service | Millstone CX');
      expect(structuredData()).toEqual(article.structuredData);
      // The page's now: nothing is left for the shell to take back as prerendered.
      expect(document.head.querySelectorAll('[data-prerendered], [data-default]')).toHaveLength(0);
      takeBack();
    });
    expect(document.title).toBe('Contact-center and AI-automation outsourcing | Millstone CX');
    expect(content('meta[name="description"]')).toEqual(["The site's own description."]);
  });
});
