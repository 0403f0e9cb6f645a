import type { FastifyInstance } from 'fastify';
import { v1ErrorBody, v1FieldsForStatus } from './v1-errors';

/**
 * An error answered before a /v1 handler ran (malformed JSON, a body too large or not JSON, an
 * unknown route) was written by the service's global filter as `{ statusCode, message }`: rewritten
 * on its way out in the API's shape. Answers of the handlers are already in it.
 */
export function reshapeEarlyV1Error(
  request: { method: string; url: string; id: string },
  reply: { statusCode: number },
  payload: unknown,
): unknown {
  if (reply.statusCode < 400 || typeof payload !== 'string' || !/^\/v1(?:[/?]|$)/.test(request.url)) {
    return payload;
  }
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return payload;
  }
  const { statusCode, message } = (body ?? {}) as { statusCode?: unknown; message?: unknown };
  if (typeof statusCode !== 'number' || typeof message !== 'string') return payload;
  return JSON.stringify(v1ErrorBody(v1FieldsForStatus(reply.statusCode, message, request), request.id));
}

/** Installs `reshapeEarlyV1Error` on a service's Fastify instance (from its public API module's init). */
export function reshapeEarlyV1Errors(fastify: FastifyInstance | undefined): void {
  fastify?.addHook('onSend', (request, reply, payload, done) => {
    done(null, reshapeEarlyV1Error(request, reply, payload));
  });
}
