import type { ApiError } from './error-text';

/**
 * The `message` of a `{ statusCode, message }` error body, when the server sent one. Kept apart
 * from error-text.ts so that module stays in the RTK Query chunk, loaded on first use.
 */
export function serverMessage(error: unknown): string | undefined {
  const data = (error as Partial<ApiError> | null)?.data;
  if (typeof data !== 'object' || data === null) return undefined;
  const message = (data as { message?: unknown }).message;
  if (typeof message === 'string' && message) return message;
  if (Array.isArray(message) && message.length) return message.join(', ');
  return undefined;
}
