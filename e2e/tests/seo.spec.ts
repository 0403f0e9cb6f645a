import { expect, test, type Page } from '@playwright/test';
import { BLOG_ARTICLES } from '@portal/contracts';

/** The head as a search engine or a link preview reads it; each tag counted, so duplicates show. */
function readHead(page: Page) {
  return page.evaluate(() => {
    const values = (selector: string) =>
      [...document.head.querySelectorAll(selector)].map(
        (element) => element.getAttribute('content') ?? element.getAttribute('href'),
      );
    return {
      title: document.title,
      description: values('meta[name="description"]'),
      canonical: values('link[rel="canonical"]'),
      robots: values('meta[name="robots"]'),
      ogTitle: values('meta[property="og:title"]'),
      ogDescription: values('meta[property="og:description"]'),
      ogType: values('meta[property="og:type"]'),
      ogUrl: values('meta[property="og:url"]'),
      ogImage: values('meta[property="og:image"]'),
      ogSiteName: values('meta[property="og:site_name"]'),
      twitterCard: values('meta[name="twitter:card"]'),
      structuredData: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
        (script) => JSON.parse(script.textContent ?? '') as Record<string, unknown>,
      ),
    };
  });
}

/** Waits until the head describes the page named `title`, then checks every tag once, for `path`. */
async function expectPageHead(page: Page, title: string, path: string) {
  await expect(page).toHaveTitle(`${title} | Millstone CX`);
  const origin = new URL(page.url()).origin;
  const head = await readHead(page);
  expect(head.description).toHaveLength(1);
  expect(head.description[0]?.length).toBeGreaterThanOrEqual(120);
  expect(head.description[0]?.length).toBeLessThanOrEqual(160);
  expect(head).toMatchObject({
    canonical: [`${origin}${path}`],
    ogTitle: [title],
    ogDescription: head.description,
    ogUrl: [`${origin}${path}`],
    ogImage: [`${origin}/og-image.png`],
    ogSiteName: ['Millstone CX'],
    twitterCard: ['summary_large_image'],
  });
  return head;
}

const main = (page: Page) => page.getByRole('main');

test.describe('search engines and link previews', () => {
  test('before any script runs, the page has the defaults, the language and the theme colour', async ({
    browser,
  }) => {
    // What a link preview that runs no script sees (on a page that is not prerendered).
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/checkout');
    const content = (selector: string) => page.locator(selector).getAttribute('content');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await content('meta[name="theme-color"]')).toBe('#0A1020');
    expect((await content('meta[name="description"]'))?.length).toBeGreaterThanOrEqual(120);
    expect(await content('meta[property="og:title"]')).toBe('Contact-center and AI-automation outsourcing');
    expect(await content('meta[property="og:site_name"]')).toBe('Millstone CX');
    expect(await content('meta[property="og:image"]')).toBe('/og-image.png');
    expect(await content('meta[name="twitter:card"]')).toBe('summary_large_image');
    await expect(page).toHaveTitle('Contact-center and AI-automation outsourcing | Millstone CX');

    const image = await page.request.get('/og-image.png');
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    expect((await page.request.get('/logo.png')).headers()['content-type']).toBe('image/png');
    await context.close();
  });

  test('each page sets its own tags, replaced without leftovers as the visitor navigates', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const home = await expectPageHead(page, 'Contact-center and AI-automation outsourcing', '/');
    expect(home.ogType).toEqual(['website']);
    expect(home.structuredData).toEqual([
      expect.objectContaining({
        '@type': 'Organization',
        name: 'Millstone CX',
        url: `${baseURL}/`,
        logo: `${baseURL}/logo.png`,
        address: expect.objectContaining({
          addressLocality: 'Millstone',
          addressRegion: 'NJ',
          addressCountry: 'US',
        }),
      }),
    ]);

    await page.getByRole('banner').getByRole('link', { name: 'Services', exact: true }).click();
    await expect(page).toHaveURL(/\/services$/);
    const services = await expectPageHead(page, 'Services', '/services');
    expect(services.description).not.toEqual(home.description);
    expect(services.structuredData).toEqual([]);

    await page.getByRole('banner').getByRole('link', { name: 'Pricing', exact: true }).click();
    const pricing = await expectPageHead(page, 'Pricing', '/pricing');
    expect(pricing.description).not.toEqual(services.description);
    expect(pricing.robots).toEqual([]);
  });

  test('an article carries Article data naming it, gone once the visitor leaves it', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/blog');
    await expectPageHead(page, 'Blog', '/blog');
    await main(page)
      .getByRole('link', { name: /Read More about Measuring the ROI of Customer Service/ })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Measuring the ROI of Customer Service');
    const article = await expectPageHead(
      page,
      'Measuring the ROI of Customer Service',
      '/blog/roi-of-customer-service',
    );
    expect(article.ogType).toEqual(['article']);
    expect(article.structuredData).toHaveLength(1);
    expect(article.structuredData[0]).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'Measuring the ROI of Customer Service',
      datePublished: '2024-10-10',
      author: { '@type': 'Person', name: 'Jennifer Walsh' },
      publisher: { '@type': 'Organization', name: 'Millstone CX', logo: { url: `${baseURL}/logo.png` } },
    });
    const [image] = article.structuredData[0].image as string[];
    expect((await page.request.get(image)).headers()['content-type']).toMatch(/^image\//);

    await main(page).getByRole('link', { name: '← Back to Blog' }).click();
    const blog = await expectPageHead(page, 'Blog', '/blog');
    expect(blog.ogType).toEqual(['website']);
    expect(blog.structuredData).toEqual([]);
  });

  test('sign-in is kept out of search results, and only sign-in', async ({ page }) => {
    await page.goto('/login?redirect=%2Fcheckout');
    const login = await expectPageHead(page, 'Sign In', '/login');
    expect(login.robots).toEqual(['noindex']);

    await page.getByRole('banner').getByRole('link', { name: 'Millstone CX home' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const home = await expectPageHead(page, 'Contact-center and AI-automation outsourcing', '/');
    expect(home.robots).toEqual([]);
  });

  test('a page the site lacks keeps no tags of the page before it', async ({ page }) => {
    await page.goto('/blog/roi-of-customer-service');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Measuring the ROI of Customer Service');
    // A client-side move to an address no section serves, as a link of the page would make it.
    await page.evaluate(() => window.history.pushState(null, '', '/no/such/page'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
    await expect(page).toHaveTitle('Page Not Found | Millstone CX');
    const head = await readHead(page);
    expect(head).toMatchObject({ canonical: [], ogUrl: [], structuredData: [], ogTitle: ['Page Not Found'] });
    expect(head.description).toHaveLength(1);
  });

  test('/sitemap.xml lists every public page and every article', async ({ request }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/xml; charset=utf-8');
    const sitemap = await response.text();
    const paths = [...sitemap.matchAll(/<loc>https?:\/\/[^/<]+(\/[^<]*)<\/loc>/g)].map(([, path]) => path);
    expect(paths).toEqual(expect.arrayContaining(['/', '/pricing', '/blog', '/help-center', '/terms']));
    for (const { slug } of BLOG_ARTICLES) expect(paths).toContain(`/blog/${slug}`);
    expect(paths).not.toContain('/login');
    expect(sitemap).toContain('<lastmod>2024-12-15</lastmod>');
    // Only pages that are there: a search engine that follows the sitemap meets no 404.
    for (const path of paths) expect((await request.get(path)).status(), path).toBe(200);
  });

  test('an article that is not there is a 404, and shows so', async ({ page }) => {
    const response = await page.goto('/blog/no-such-article');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Article Not Found');
  });

  test('/robots.txt keeps crawlers out of the private pages and points to the sitemap', async ({
    request,
  }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('text/plain; charset=utf-8');
    const robots = await response.text();
    for (const path of [
      '/dashboard',
      '/customer-dashboard',
      '/checkout',
      '/login',
      '/register',
      '/signup',
      '/api/',
    ]) {
      expect(robots).toContain(`Disallow: ${path}\n`);
    }
    expect(robots).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/m);
  });
});
