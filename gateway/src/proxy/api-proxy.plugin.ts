import { BadRequestException } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CatalogCache, type CatalogCacheOptions, catalogPath } from '../catalog-cache/catalog-cache';
import type { GatewayConfig } from '../config/env';
import { routes } from '../routes/route-table';
import { proxyTo } from './upstream-client';
import type { UpstreamPools } from './upstream-pool';

export const bodyLimit = 1_048_576;

const jsonMediaType = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * Bodies are read as bytes (up to 1 MB, or the route's own limit, else 413) and forwarded untouched, so signatures over the raw
 * body (Stripe webhooks) still verify upstream; a JSON body is parsed once only to refuse malformed
 * JSON with a 400 before it reaches a service.
 */
function keepBodyBytes(
  request: FastifyRequest,
  body: Buffer,
  done: (err: Error | null, body?: Buffer) => void,
) {
  const contentType = request.headers['content-type'];
  if (body.length > 0 && contentType && jsonMediaType.test(contentType)) {
    try {
      JSON.parse(body.toString('utf8'));
    } catch (error) {
      done(new BadRequestException(`Malformed JSON body: ${(error as Error).message}`));
      return;
    }
  }
  done(null, body);
}

export interface ApiProxyOptions {
  config: GatewayConfig;
  pools: UpstreamPools;
  /** Where commerce announces catalog changes (`portal.catalog.changed`): the catalog's copy is dropped. */
  catalogChanges: string;
}

/**
 * The /api routes of the route table, each to its service, and a 404 for the rest of /api. The
 * catalog (`GET /api/packages`) is answered from a copy kept in front of its proxy (CatalogCache).
 */
export async function apiProxy(app: FastifyInstance, { config, pools, catalogChanges }: ApiProxyOptions) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, keepBodyBytes);

  for (const route of routes) {
    const upstream = config.upstreams[route.service];
    const target = {
      name: upstream.name,
      pool: pools[route.service],
      timeoutMs: route.timeoutMs ?? upstream.timeoutMs ?? config.upstreamTimeoutMs,
    };
    const handler = proxyTo(target);
    const options = { bodyLimit: route.bodyLimit ?? bodyLimit };
    app.all(
      route.prefix,
      options,
      route.prefix === catalogPath
        ? catalogCache(app, target, config.natsUrl, catalogChanges).handler(handler)
        : handler,
    );
    app.all(`${route.prefix}/*`, options, handler);
  }

  // Anything else under /api gets the app's JSON 404 rather than the shell's index.html.
  const notFound = (_request: FastifyRequest, reply: FastifyReply) => reply.callNotFound();
  app.all('/api/*', notFound);
  app.all('/api', notFound);
}

/** The catalog's copy, following commerce's announcements when NATS is configured, stopped with the app. */
function catalogCache(
  app: FastifyInstance,
  target: CatalogCacheOptions,
  natsUrl: string | undefined,
  subject: string,
): CatalogCache {
  const cache = new CatalogCache(target);
  if (natsUrl) cache.follow(natsUrl, subject);
  app.addHook('onClose', () => cache.stop());
  return cache;
}
