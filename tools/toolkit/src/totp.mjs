// The code an authenticator app shows for a two-factor secret (RFC 6238 as apps use it: HMAC-SHA-1,
// 6 digits, 30 s steps), for tests and benchmarks that sign in as an account with two-factor sign-in.
import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * The bytes of a base32 secret (RFC 4648; padding, spaces and case ignored).
 * @param {string} secret
 */
function base32Bytes(secret) {
  let bits = '';
  for (const char of secret.toUpperCase().replace(/[\s=]/g, '')) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`"${char}" is no base32 character`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => parseInt(byte, 2)));
}

/**
 * The 30-second step of `timestamp` (ms since the epoch).
 * @param {number} [timestamp]
 */
export const totpStep = (timestamp = Date.now()) => Math.floor(timestamp / 30_000);

/**
 * The 6-digit code of `step` for the base32 `secret`.
 * @param {string} secret
 * @param {number} [step]
 */
export function totpCode(secret, step = totpStep()) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = digest[digest.length - 1] & 0x0f;
  const value = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 1_000_000).padStart(6, '0');
}
