import { HttpException, HttpStatus } from '@nestjs/common';
import type { ErrorBody } from '@portal/contracts';
import { isDependencyUnavailable } from './dependency-unavailable';

const INTERNAL_ERROR = 'Internal server error';

/** The 503 of a service whose database (or another dependency) cannot be reached right now. */
export const unavailableMessage = (service?: string) =>
  service ? `Service ${service} is unavailable` : 'Service temporarily unavailable';

/**
 * Maps anything thrown while handling a request to the common `{ statusCode, message }` body.
 * Client errors keep their message; a dependency that cannot be reached (PostgreSQL down) is a 503
 * naming `service`, as the gateway words it for a service that is down; other server errors than
 * deliberate HttpExceptions never leak internals and read "Internal server error".
 */
export function toErrorBody(exception: unknown, service?: string): ErrorBody {
  if (exception instanceof HttpException) {
    const statusCode = exception.getStatus();
    return { statusCode, message: messageOf(exception.getResponse()) ?? exception.message };
  }
  // Fastify's own errors (bad JSON, body too large, unsupported media type) carry a 4xx statusCode.
  const statusCode = (exception as { statusCode?: unknown } | null)?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return { statusCode, message: (exception as Error).message || HttpStatus[statusCode] || 'Bad Request' };
  }
  if (isDependencyUnavailable(exception)) {
    return { statusCode: HttpStatus.SERVICE_UNAVAILABLE, message: unavailableMessage(service) };
  }
  return { statusCode: HttpStatus.INTERNAL_SERVER_ERROR, message: INTERNAL_ERROR };
}

function messageOf(response: string | object): string | undefined {
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (typeof message === 'string') return message;
  if (Array.isArray(message)) return message.map(String).join('; ');
  return undefined;
}
