import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { V1Error, v1ErrorBody, type V1ErrorFields, v1FieldsForStatus } from './v1-errors';
import { toErrorBody } from './error-body';
import { TooManyRequestsException } from './too-many-requests.exception';

/** Seconds a client is told to wait while the database cannot be reached, as on the service's other routes. */
const DEPENDENCY_RETRY_AFTER_SECONDS = 5;

/**
 * The /v1 controllers' filter: every error leaves in the API's documented shape,
 * `{ error: { type, code, message, param, request_id } }`, `request_id` being the request's id (the
 * gateway's `x-request-id`, also in the answer's header). The /api routes keep `{ statusCode, message }`.
 */
@Catch()
export class V1ExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('PublicApi');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    let status: number;
    let fields: V1ErrorFields;
    if (exception instanceof V1Error) {
      status = exception.getStatus();
      fields = exception.fields;
    } else {
      // The common mapping first: a dependency that is down is a 503, other non-HTTP errors a 500.
      const common = toErrorBody(exception);
      status = common.statusCode;
      fields = v1FieldsForStatus(status, common.message);
    }
    // A dependency that is down (503) is a warning without a stack; other server errors are logged in full.
    if (status === 503) {
      this.logger.warn({
        requestId: request.id,
        url: request.url,
        msg: `Answering 503: ${String(exception)}`,
      });
    } else if (status >= 500) {
      this.logger.error(
        { requestId: request.id, method: request.method, url: request.url, err: exception },
        exception instanceof Error ? exception.stack : undefined,
      );
    }
    if (reply.sent) return;
    if (status === 503) reply.header('retry-after', String(DEPENDENCY_RETRY_AFTER_SECONDS));
    if (exception instanceof TooManyRequestsException) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(exception.retryAfterSeconds))));
    }
    reply.status(status).type('application/json; charset=utf-8').send(v1ErrorBody(fields, request.id));
  }
}
