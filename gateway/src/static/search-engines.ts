import type { FastifyInstance } from 'fastify';
import { indexablePages, isoDate, PRIVATE_PATHS } from '@portal/contracts';
import type { GatewayConfig } from '../config/env';
import { cacheControlFor } from './cache-control';

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

/** `/sitemap.xml`: every public page and article of the site (`@portal/contracts`), dated where known. */
export function buildSitemap(siteUrl: string): string {
  const urls = indexablePages().map(({ path, updated }) => {
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
 * `/sitemap.xml` and `/robots.txt`, built once at boot from the shared list of public pages and
 * `PUBLIC_SITE_URL`. Revalidated like every other unhashed file, so a deploy shows at once.
 */
export async function searchEngineFiles(app: FastifyInstance, { config }: { config: GatewayConfig }) {
  const files = [
    { path: SITEMAP_PATH, type: 'application/xml; charset=utf-8', body: buildSitemap(config.publicSiteUrl) },
    { path: ROBOTS_PATH, type: 'text/plain; charset=utf-8', body: buildRobots(config.publicSiteUrl) },
  ];
  for (const { path, type, body } of files) {
    app.get(path, (_request, reply) =>
      reply.header('cache-control', cacheControlFor(path)).type(type).send(body),
    );
  }
}
