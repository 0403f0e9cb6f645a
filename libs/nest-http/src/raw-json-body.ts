import type { FastifyInstance } from 'fastify';

const rawPathsOf = new WeakMap<FastifyInstance, Set<string>>();

/**
 * Fastify parses JSON bodies for every route. A sender that signs the exact bytes it sends (Stripe's
 * webhooks, a CRM's signed events) needs them unchanged, so on the route `path` (as registered, e.g.
 * `/api/crm/inbound/:integrationId`) the body stays the raw Buffer. Every other route keeps
 * Fastify's own JSON parser (same errors, same prototype-poisoning checks). Call it once per path,
 * from as many modules as need it, before the app listens.
 */
export function keepRawJsonBody(fastify: FastifyInstance, path: string): void {
  const known = rawPathsOf.get(fastify);
  if (known) {
    known.add(path);
    return;
  }
  const rawPaths = new Set([path]);
  rawPathsOf.set(fastify, rawPaths);
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    if (rawPaths.has(request.routeOptions.url ?? '')) {
      done(null, body);
      return;
    }
    parseJson(request, body.toString('utf8'), done);
  });
}
