import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One JSON access-log line per request, when the response is done, instead of Fastify's two; the same
 * fields as the services' lines (@portal/nest-http). The request id comes from the child logger.
 */
export class AccessLog extends LogController {
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
    else reply.log.info(line, 'request completed');
  }
}
