/**
 * Tells an error that means "a backing service (PostgreSQL, above all) cannot be reached right now"
 * from a bug. Such a request deserves a 503 (try again shortly), not a 500, and it must come at once:
 * the service itself is fine and answers again as soon as the dependency is back.
 *
 * Recognised by shape, so this library needs no driver: what `pg` and `pg-pool` throw, what TypeORM
 * wraps them in (`QueryFailedError.driverError`), and Node's socket errors, looked for through
 * `cause` and `AggregateError.errors` (a host with several addresses fails with one of those).
 */

// PostgreSQL SQLSTATEs: class 08 (connection exception), admin_shutdown, crash_shutdown,
// cannot_connect_now (starting up, shutting down, in recovery), too_many_connections.
const unavailableSqlState = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

const socketErrors = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// node-postgres and pg-pool say it in words only.
const unavailableMessage =
  /^(Connection terminated( unexpectedly| due to connection timeout)?|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)$/;

export function isDependencyUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 4 || error === null || typeof error !== 'object') return false;
  const { code, message, driverError, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    driverError?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (socketErrors.has(code) || unavailableSqlState.test(code))) return true;
  if (typeof message === 'string' && unavailableMessage.test(message)) return true;
  if (isDependencyUnavailable(driverError, depth + 1) || isDependencyUnavailable(cause, depth + 1))
    return true;
  return Array.isArray(errors) && errors.some((inner) => isDependencyUnavailable(inner, depth + 1));
}
