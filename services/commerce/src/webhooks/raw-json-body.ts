import type { FastifyInstance } from 'fastify';

/**
 * Fastify parses JSON bodies for every route. Stripe signs the exact bytes it sends, so on `path`
 * the body stays the raw Buffer; every other route keeps Fastify's own JSON parser (same errors,
 * same prototype-poisoning checks).
 */
export function keepRawJsonBody(fastify: FastifyInstance, path: string): void {
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    if (request.routeOptions.url === path) {
      done(null, body);
      return;
    }
    parseJson(request, body.toString('utf8'), done);
  });
}
