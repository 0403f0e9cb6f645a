/** `bytes` random bytes in hex, never all zeros (an all-zero W3C id is invalid). */
function randomId(bytes: number): string {
  let id: string;
  do {
    id = Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) =>
      byte.toString(16).padStart(2, '0'),
    ).join('');
  } while (/^0+$/.test(id));
  return id;
}

/**
 * A W3C `traceparent` that starts a new trace at this request: a random trace id and request span
 * id, flag 00 (the browser records no spans; the gateway decides what is recorded, ADR 0210). The
 * gateway, the service, the outbox row and every consumer of its events continue this trace id.
 */
export function newTraceparent(): string {
  return `00-${randomId(16)}-${randomId(8)}-00`;
}
