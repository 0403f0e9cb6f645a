import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

// Health checks that pass (the gateway asks each replica every few seconds, the runner polls the
// gateway's /api/healthz, Docker's HEALTHCHECK a service's /health): debug, not one info line each.
const probe = /^\/(?:api\/)?(?:livez|readyz|healthz|health)(?:\?|$)/;

/**
 * One JSON access line per request (method, url, status, duration, request id) instead of Fastify's two;
 * a probe that passes at debug level.
 */
export class AccessLogController extends LogController {
  constructor() {
    super({ requestIdLogLabel: 'requestId' });
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 100) / 100,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (reply.statusCode < 400 && probe.test(request.url)) reply.log.debug(line, 'request completed');
    else reply.log.info(line, 'request completed');
  }
}
