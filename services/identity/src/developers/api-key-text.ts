import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_PREFIX,
  API_KEY_SECRET_LENGTH,
  API_KEY_VISIBLE_LENGTH,
  apiKeyTextPattern,
} from '@portal/contracts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** The largest multiple of 62 a byte can hold: bytes from 248 up are thrown away, so no character is likelier. */
const UNBIASED_BYTE_LIMIT = 256 - (256 % BASE62.length);

/** `length` characters of base62 from crypto random bytes, without modulo bias (rejection sampling). */
export function randomBase62(length: number): string {
  let text = '';
  while (text.length < length) {
    for (const byte of randomBytes(length + 8)) {
      if (byte >= UNBIASED_BYTE_LIMIT) continue;
      text += BASE62[byte % BASE62.length];
      if (text.length === length) break;
    }
  }
  return text;
}

/** A new key: `mcx_live_` + 40 random base62 characters (238 bits). */
export const newApiKeyText = (): string => API_KEY_PREFIX + randomBase62(API_KEY_SECRET_LENGTH);

/** What identity keeps of a key: the SHA-256 of its whole text (32 bytes, `api_keys.key_hash`). */
export const apiKeyHash = (key: string): Buffer => createHash('sha256').update(key, 'utf8').digest();

/** The part the dashboard shows to tell keys apart: `mcx_live_` and the first 6 characters. */
export const apiKeyVisiblePrefix = (key: string): string => key.slice(0, API_KEY_VISIBLE_LENGTH);

/** Whether `key` has the shape of a key at all (checked before any database work). */
export const isApiKeyText = (key: unknown): key is string =>
  typeof key === 'string' && apiKeyTextPattern.test(key);
