import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toErrorBody } from './error-body';
import { TooManyRequestsException } from './too-many-requests.exception';

/** Global filter: every error leaves as JSON `{ statusCode, message }`; 5xx are logged with their stack. */
@Catch()
export class JsonExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    const body = toErrorBody(exception);
    if (body.statusCode >= 500) {
      this.logger.error(
        { requestId: request?.id, method: request?.method, url: request?.url, err: exception },
        exception instanceof Error ? exception.stack : undefined,
      );
    }
    if (reply.sent) return;
    if (exception instanceof TooManyRequestsException) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(exception.retryAfterSeconds))));
    }
    reply.status(body.statusCode).type('application/json; charset=utf-8').send(body);
  }
}
