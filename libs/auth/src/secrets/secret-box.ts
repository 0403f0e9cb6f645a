import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const VERSION = 'v1';
export const ENCRYPTION_KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** A stored secret that cannot be opened: tampered with, moved to another row or column, or another key. */
export class SecretDecryptionError extends Error {
  constructor(reason: string) {
    super(`Cannot decrypt secret: ${reason}`);
    this.name = 'SecretDecryptionError';
  }
}

/**
 * AES-256-GCM for secrets kept in the database. A value reads `v1.<iv>.<tag>.<ciphertext>` (base64url
 * parts, a random 12-byte IV each time). `context` is authenticated with it (AAD) and names where the
 * value lives, e.g. `integrations:<id>:access_token`: a ciphertext copied to another row or column
 * does not decrypt there.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== ENCRYPTION_KEY_BYTES) {
      throw new Error(`The encryption key must be ${ENCRYPTION_KEY_BYTES} bytes, not ${key.length}`);
    }
    this.key = Buffer.from(key);
  }

  encrypt(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** The plaintext, or SecretDecryptionError when the value, its context or the key does not match. */
  decrypt(value: string, context: string): string {
    const parts = value.split('.');
    if (parts[0] !== VERSION) throw new SecretDecryptionError(`unknown format "${parts[0]}"`);
    if (parts.length !== 4 || !parts.every((part) => BASE64URL.test(part))) {
      throw new SecretDecryptionError('malformed value');
    }
    const [iv, tag, ciphertext] = parts.slice(1).map((part) => Buffer.from(part, 'base64url'));
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES)
      throw new SecretDecryptionError('malformed value');
    const decipher = createDecipheriv(ALGORITHM, this.key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretDecryptionError('authentication failed (wrong key, wrong context or altered value)');
    }
  }
}

/**
 * The key from its text form: 64 hex characters, or base64 (or base64url) of exactly 32 bytes, as
 * `openssl rand -base64 32` prints. Undefined for anything else.
 */
export function parseEncryptionKey(text: string): Buffer | undefined {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) return undefined;
  const key = Buffer.from(value, 'base64');
  // 43 characters carry 258 bits: the last 2 must be zero, else the text is not the key it seems.
  const asBase64url = value.replace(/=$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  if (key.length !== ENCRYPTION_KEY_BYTES || key.toString('base64url') !== asBase64url) return undefined;
  return key;
}
