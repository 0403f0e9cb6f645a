import { context, createContextKey, isSpanContextValid, trace } from '@opentelemetry/api';

/** The request id of the request being served, kept in the active OpenTelemetry context. */
export const REQUEST_ID_KEY = createContextKey('portal.request_id');

interface Fields {
  requestId?: string;
  traceId?: string;
  spanId?: string;
}

/**
 * pino `mixin`: every log line written while a request (or an event) is handled carries its request
 * id and trace id, whichever logger writes it (Nest's, a service's own, the access line). Fastify's
 * request logger already binds `requestId`: it is not written twice.
 */
export function logCorrelation(
  _object: object,
  _level: number,
  logger: { bindings(): Record<string, unknown> },
): Fields {
  const active = context.active();
  const fields: Fields = {};
  const requestId = active.getValue(REQUEST_ID_KEY);
  if (typeof requestId === 'string' && logger.bindings().requestId === undefined)
    fields.requestId = requestId;
  const span = trace.getSpanContext(active);
  if (span && isSpanContextValid(span)) {
    fields.traceId = span.traceId;
    fields.spanId = span.spanId;
  }
  return fields;
}
