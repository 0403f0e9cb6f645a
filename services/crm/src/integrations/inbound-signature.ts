import { createHmac, timingSafeEqual } from 'node:crypto';
import { INBOUND_SIGNATURE_TOLERANCE_SECONDS } from '@portal/contracts';

const SIGNATURE_HEX = /^[0-9a-f]{64}$/i;
const TIMESTAMP = /^\d{1,12}$/;

/** Hex HMAC-SHA256 of `<t>.<raw body>` with the integration's signing secret. */
function signatureOf(secret: string, timestamp: string, rawBody: Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/**
 * The `X-Portal-Signature` header a sender writes for `rawBody` at `timestamp` (unix seconds):
 * `t=<timestamp>,v1=<signature>`.
 */
export function inboundSignatureHeader(secret: string, rawBody: Buffer | string, timestamp: number): string {
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  return `t=${timestamp},v1=${signatureOf(secret, String(timestamp), body)}`;
}

/**
 * True when `header` (`t=<unix seconds>,v1=<hex>[,v1=<hex>…]`) signs exactly `rawBody` with `secret`,
 * at a time within the tolerance of `nowSeconds`. Several `v1` are allowed so a sender can sign with
 * an old and a new secret while it rotates; one matching is enough.
 */
export function isInboundSignatureValid(
  header: string | undefined,
  rawBody: Buffer,
  secret: string,
  nowSeconds: number,
): boolean {
  if (!header) return false;
  let timestamp: string | undefined;
  const candidates: Buffer[] = [];
  for (const element of header.split(',')) {
    const separator = element.indexOf('=');
    if (separator < 0) continue;
    const name = element.slice(0, separator).trim();
    const value = element.slice(separator + 1).trim();
    if (name === 't') {
      if (timestamp !== undefined) return false;
      timestamp = value;
    } else if (name === 'v1' && SIGNATURE_HEX.test(value)) {
      candidates.push(Buffer.from(value, 'hex'));
    }
  }
  if (timestamp === undefined || !TIMESTAMP.test(timestamp) || candidates.length === 0) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > INBOUND_SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signatureOf(secret, timestamp, rawBody), 'hex');
  // Every candidate is compared, so the time taken does not tell which one matched.
  return candidates.reduce((matched, candidate) => timingSafeEqual(candidate, expected) || matched, false);
}
