import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { accountPages, BLOG_ARTICLES, indexablePages, PUBLIC_PAGES } from '@portal/contracts';
import { gatewayPerTest } from '../testing/gateway';
import { noCache } from './cache-control';
import { buildRobots, buildSitemap } from './search-engines';

/** The sitemap's entries as `{ loc, lastmod }`. */
function entries(sitemap: string) {
  return [...sitemap.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)].map(
    ([, loc, lastmod]) => ({ loc, lastmod }),
  );
}

describe('buildSitemap', () => {
  const sitemap = buildSitemap('https://www.millstonecx.com', indexablePages());

  it('is a sitemaps.org urlset', () => {
    expect(sitemap.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(sitemap).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(sitemap.trimEnd().endsWith('</urlset>')).toBe(true);
  });

  it('lists every public page and every article once, at absolute URLs', () => {
    const locs = entries(sitemap).map((entry) => entry.loc);
    expect(locs).toEqual(
      expect.arrayContaining([
        'https://www.millstonecx.com/',
        'https://www.millstonecx.com/services',
        'https://www.millstonecx.com/pricing',
        'https://www.millstonecx.com/about',
        'https://www.millstonecx.com/about-us',
        'https://www.millstonecx.com/contact',
        'https://www.millstonecx.com/platform',
        'https://www.millstonecx.com/careers',
        'https://www.millstonecx.com/blog',
        'https://www.millstonecx.com/help-center',
        'https://www.millstonecx.com/docs',
        'https://www.millstonecx.com/privacy-policy',
        'https://www.millstonecx.com/terms',
        ...BLOG_ARTICLES.map(({ slug }) => `https://www.millstonecx.com/blog/${slug}`),
      ]),
    );
    expect(locs).toHaveLength(PUBLIC_PAGES.length + BLOG_ARTICLES.length);
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('leaves out sign-in, checkout, the dashboard and the staff console', () => {
    for (const path of [
      '/login',
      '/register',
      '/signup',
      ...Object.values(accountPages),
      '/checkout',
      '/dashboard',
      '/customer-dashboard',
      '/staff',
    ]) {
      expect(sitemap).not.toContain(`millstonecx.com${path}<`);
    }
  });

  it('dates articles by their publication, the legal pages by their effective date, the rest not at all', () => {
    const lastmod = Object.fromEntries(entries(sitemap).map(({ loc, lastmod }) => [loc, lastmod]));
    expect(lastmod['https://www.millstonecx.com/blog/reduce-customer-service-costs']).toBe('2024-12-15');
    expect(lastmod['https://www.millstonecx.com/blog/ai-automation-vs-human-touch']).toBe('2024-12-05');
    expect(lastmod['https://www.millstonecx.com/blog']).toBe('2024-12-15');
    expect(lastmod['https://www.millstonecx.com/terms']).toBe('2025-08-19');
    expect(lastmod['https://www.millstonecx.com/privacy-policy']).toBe('2025-08-19');
    expect(lastmod['https://www.millstonecx.com/pricing']).toBeUndefined();
  });

  it('escapes the site URL for XML', () => {
    expect(buildSitemap('http://a&b.example', indexablePages())).toContain(
      '<loc>http://a&amp;b.example/pricing</loc>',
    );
  });
});

describe('buildRobots', () => {
  it('allows all but the private pages and the API, and names the sitemap', () => {
    expect(buildRobots('https://www.millstonecx.com')).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /dashboard',
        'Disallow: /customer-dashboard',
        'Disallow: /staff',
        'Disallow: /checkout',
        'Disallow: /login',
        'Disallow: /register',
        'Disallow: /signup',
        'Disallow: /forgot-password',
        'Disallow: /reset-password',
        'Disallow: /verify-email',
        'Disallow: /confirm-email',
        'Disallow: /invitation',
        'Disallow: /api/',
        '',
        'Sitemap: https://www.millstonecx.com/sitemap.xml',
        '',
      ].join('\n'),
    );
  });
});

describe('GET /sitemap.xml and /robots.txt', () => {
  const startTestGateway = gatewayPerTest();
  let root: string;
  const marketingRoutes = () => path.join(root, 'mfe', 'marketing', 'routes.json');

  // The site as deployed: the sections' routes list what the sitemap names (their builds write them).
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'search-engines-'));
    await mkdir(path.join(root, 'mfe', 'marketing'), { recursive: true });
    await mkdir(path.join(root, 'mfe', 'checkout'), { recursive: true });
    await writeFile(path.join(root, 'index.html'), '<!doctype html><title>Portal</title>');
    await writeFile(
      marketingRoutes(),
      JSON.stringify({ routes: ['/', '/blog/:slug'], sitemap: indexablePages() }),
    );
    await writeFile(
      path.join(root, 'mfe', 'checkout', 'routes.json'),
      JSON.stringify({ routes: ['/login'], prerender: [{ path: '/login' }] }),
    );
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('serves the sitemap as XML at http://localhost:8080 by default, revalidated on every visit', async () => {
    const gateway = await startTestGateway({ STATIC_ROOT: root });
    const response = await fetch(`${gateway.url}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe(noCache);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const body = await response.text();
    expect(body).toBe(buildSitemap('http://localhost:8080', indexablePages()));
    expect(body).toContain('<loc>http://localhost:8080/blog/roi-of-customer-service</loc>');
  });

  it("lists a page a section's new build adds, from the next request on", async () => {
    const gateway = await startTestGateway({ STATIC_ROOT: root });
    expect(await (await fetch(`${gateway.url}/sitemap.xml`)).text()).not.toContain('/case-studies<');
    await writeFile(
      marketingRoutes(),
      JSON.stringify({
        routes: ['/', '/case-studies'],
        sitemap: [{ path: '/' }, { path: '/case-studies', updated: 'November 20, 2026' }],
      }),
    );
    const later = new Date(Date.now() + 5_000);
    await utimes(marketingRoutes(), later, later);
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // a build beside the gateway is read again each second
    const body = await (await fetch(`${gateway.url}/sitemap.xml`)).text();
    expect(body).toContain(
      '<url><loc>http://localhost:8080/case-studies</loc><lastmod>2026-11-20</lastmod></url>',
    );
    expect(body).not.toContain('/pricing<');
  });

  it('serves robots.txt as text, pointing at the sitemap of PUBLIC_SITE_URL', async () => {
    const gateway = await startTestGateway({
      STATIC_ROOT: root,
      PUBLIC_SITE_URL: 'https://www.millstonecx.com/',
    });
    const response = await fetch(`${gateway.url}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe(noCache);
    const body = await response.text();
    expect(body).toContain('Disallow: /checkout\n');
    expect(body).toContain('Sitemap: https://www.millstonecx.com/sitemap.xml\n');

    const sitemap = await (await fetch(`${gateway.url}/sitemap.xml`)).text();
    expect(sitemap).toContain('<loc>https://www.millstonecx.com/</loc>');
  });

  it('answers HEAD with the headers alone', async () => {
    const gateway = await startTestGateway({ STATIC_ROOT: root });
    const response = await fetch(`${gateway.url}/robots.txt`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe('');
  });
});
