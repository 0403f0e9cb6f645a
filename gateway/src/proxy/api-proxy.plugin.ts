import { BadRequestException } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/** The /api routes of the route table, each to its service, and a 404 for the rest of /api. */
export async function apiProxy(
  app: FastifyInstance,
  { config, pools }: { config: GatewayConfig; pools: UpstreamPools },
) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, keepBodyBytes);

  for (const route of routes) {
    const upstream = config.upstreams[route.service];
    const handler = proxyTo({
      name: upstream.name,
      pool: pools[route.service],
      timeoutMs: route.timeoutMs ?? upstream.timeoutMs ?? config.upstreamTimeoutMs,
    });
    const options = { bodyLimit: route.bodyLimit ?? bodyLimit };
    app.all(route.prefix, options, handler);
    app.all(`${route.prefix}/*`, options, handler);
  }

  // Anything else under /api gets the app's JSON 404 rather than the shell's index.html.
  const notFound = (_request: FastifyRequest, reply: FastifyReply) => reply.callNotFound();
  app.all('/api/*', notFound);
  app.all('/api', notFound);
}
