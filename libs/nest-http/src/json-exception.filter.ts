import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isDependencyUnavailable } from './dependency-unavailable';
import { toErrorBody } from './error-body';
import { TooManyRequestsException } from './too-many-requests.exception';

export interface JsonExceptionFilterOptions {
  /** The service's name, in the 503 of an unreachable dependency: "Service <name> is unavailable". */
  service?: string;
}

/** Seconds a client is told to wait (`Retry-After`) when the database cannot be reached. */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 5;
/** While a dependency is down, one warning per this many milliseconds, with the count in between. */
const OUTAGE_LOG_INTERVAL_MS = 10_000;

/**
 * Global filter: every error leaves as JSON `{ statusCode, message }`; 5xx are logged with their stack,
 * except a dependency that cannot be reached (503 with `Retry-After`), logged as one warning per
 * 10 s however many requests it fails, so an outage does not bury the log.
 */
@Catch()
export class JsonExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');
  private lastOutageLog = 0;
  private unloggedOutageErrors = 0;

  constructor(private readonly options: JsonExceptionFilterOptions = {}) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    const body = toErrorBody(exception, this.options.service);
    const dependencyDown =
      body.statusCode === 503 && !(exception instanceof HttpException) && isDependencyUnavailable(exception);
    if (dependencyDown) {
      this.logOutage(exception, request);
    } else if (body.statusCode >= 500) {
      this.logger.error(
        { requestId: request?.id, method: request?.method, url: request?.url, err: exception },
        exception instanceof Error ? exception.stack : undefined,
      );
    }
    if (reply.sent) return;
    if (exception instanceof TooManyRequestsException) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(exception.retryAfterSeconds))));
    }
    if (dependencyDown) reply.header('retry-after', String(DEPENDENCY_RETRY_AFTER_SECONDS));
    reply.status(body.statusCode).type('application/json; charset=utf-8').send(body);
  }

  private logOutage(exception: unknown, request: FastifyRequest | undefined): void {
    const now = Date.now();
    if (now - this.lastOutageLog < OUTAGE_LOG_INTERVAL_MS) {
      this.unloggedOutageErrors += 1;
      return;
    }
    const since = this.unloggedOutageErrors;
    this.lastOutageLog = now;
    this.unloggedOutageErrors = 0;
    const reason = exception instanceof Error ? exception.message : String(exception);
    this.logger.warn({
      requestId: request?.id,
      method: request?.method,
      url: request?.url,
      msg: `A dependency cannot be reached (${reason}): answering 503${since > 0 ? ` (${since} more since the last warning)` : ''}`,
    });
  }
}
