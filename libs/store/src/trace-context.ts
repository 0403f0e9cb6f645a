const hex = (bytes: number): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * A W3C `traceparent` that starts a new trace at this request: a random trace id and request span
 * id, flag 00 (the browser records no spans; the gateway decides what is recorded, ADR 0210). The
 * gateway, the service, the outbox row and every consumer of its events continue this trace id.
 */
export function newTraceparent(): string {
  let traceId = hex(16);
  let spanId = hex(8);
  // All-zero ids are invalid: a receiver would start its own trace.
  while (/^0+$/.test(traceId)) traceId = hex(16);
  while (/^0+$/.test(spanId)) spanId = hex(8);
  return `00-${traceId}-${spanId}-00`;
}
