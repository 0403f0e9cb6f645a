import type { FastifyInstance } from 'fastify';
import { isoDate, PRIVATE_PATHS, type SectionRoutes } from '@portal/contracts';
import { cacheControlFor } from './cache-control';
import { sitemapPages, type SiteRoutes } from './released-routes';

export const SITEMAP_PATH = '/sitemap.xml';
export const ROBOTS_PATH = '/robots.txt';

const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ENTITIES[char]);

type SitemapPage = NonNullable<SectionRoutes['sitemap']>[number];

/** `/sitemap.xml`: the pages the sections list for search engines, dated where known. */
export function buildSitemap(siteUrl: string, pages: readonly SitemapPage[]): string {
  const urls = pages.map(({ path, updated }) => {
    const lastmod = updated ? `<lastmod>${isoDate(updated)}</lastmod>` : '';
    return `  <url><loc>${escapeXml(`${siteUrl}${path}`)}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** `/robots.txt`: crawl everything but the private pages and the API; where the sitemap is. */
export function buildRobots(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...[...PRIVATE_PATHS, '/api/'].map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${siteUrl}${SITEMAP_PATH}`,
    '',
  ].join('\n');
}

/**
 * `/sitemap.xml`, from the routes of the sections' current versions (a section's release can add a
 * page), and `/robots.txt`, from `PUBLIC_SITE_URL`. Revalidated like every other unhashed file, so a
 * release shows at once.
 */
export async function searchEngineFiles(
  app: FastifyInstance,
  { siteUrl, currentRoutes }: { siteUrl: string; currentRoutes: () => Promise<SiteRoutes> },
) {
  const robots = buildRobots(siteUrl);
  app.get(SITEMAP_PATH, async (_request, reply) =>
    reply
      .header('cache-control', cacheControlFor(SITEMAP_PATH))
      .type('application/xml; charset=utf-8')
      .send(buildSitemap(siteUrl, sitemapPages(await currentRoutes()))),
  );
  app.get(ROBOTS_PATH, (_request, reply) =>
    reply
      .header('cache-control', cacheControlFor(ROBOTS_PATH))
      .type('text/plain; charset=utf-8')
      .send(robots),
  );
}
