import { HttpException, HttpStatus } from '@nestjs/common';
import type { ErrorBody } from '@portal/contracts';

const INTERNAL_ERROR = 'Internal server error';

/**
 * Maps anything thrown while handling a request to the common `{ statusCode, message }` body.
 * Client errors keep their message; server errors other than deliberate HttpExceptions never leak
 * internals and read "Internal server error".
 */
export function toErrorBody(exception: unknown): ErrorBody {
  if (exception instanceof HttpException) {
    const statusCode = exception.getStatus();
    return { statusCode, message: messageOf(exception.getResponse()) ?? exception.message };
  }
  // Fastify's own errors (bad JSON, body too large, unsupported media type) carry a 4xx statusCode.
  const statusCode = (exception as { statusCode?: unknown } | null)?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return { statusCode, message: (exception as Error).message || HttpStatus[statusCode] || 'Bad Request' };
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
