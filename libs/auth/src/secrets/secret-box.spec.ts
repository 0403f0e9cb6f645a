import { randomBytes } from 'node:crypto';
import { parseEncryptionKey, SecretBox, SecretDecryptionError } from './secret-box';

describe('SecretBox', () => {
  const key = randomBytes(32);
  const box = new SecretBox(key);
  const context = 'integrations:0b9f3c1e-7a52-4c1d-9e55-2f8a6d3b4c10:access_token';
  const secret = 'pat-na1-1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9 · clé';

  /** `value` with one part (1 iv, 2 tag, 3 ciphertext) decoded, changed by `change`, encoded again. */
  const alter = (value: string, index: number, change: (bytes: Buffer) => Buffer) => {
    const parts = value.split('.');
    parts[index] = change(Buffer.from(parts[index], 'base64url')).toString('base64url');
    return parts.join('.');
  };
  const flipFirstBit = (bytes: Buffer) => {
    const copy = Buffer.from(bytes);
    copy[0] ^= 1;
    return copy;
  };

  it('opens what it sealed, in the v1.<iv>.<tag>.<ciphertext> form with a 12-byte IV and 16-byte tag', () => {
    const sealed = box.encrypt(secret, context);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('pat-na1');
    expect(box.decrypt(sealed, context)).toBe(secret);
    expect(box.decrypt(box.encrypt('', context), context)).toBe('');
  });

  it('seals the same secret differently every time (random IV)', () => {
    const first = box.encrypt(secret, context);
    const second = box.encrypt(secret, context);
    expect(first).not.toBe(second);
    expect(first.split('.')[1]).not.toBe(second.split('.')[1]);
    expect(box.decrypt(second, context)).toBe(secret);
  });

  it.each([
    ['IV', 1],
    ['tag', 2],
    ['ciphertext', 3],
  ])('refuses a value whose %s was altered', (_part, index) => {
    const sealed = box.encrypt(secret, context);
    expect(() => box.decrypt(alter(sealed, index, flipFirstBit), context)).toThrow(SecretDecryptionError);
  });

  it('refuses a value cut short or padded', () => {
    const sealed = box.encrypt(secret, context);
    const cases = [
      alter(sealed, 3, (bytes) => bytes.subarray(1)),
      alter(sealed, 3, (bytes) => Buffer.concat([bytes, Buffer.from([0])])),
      alter(sealed, 1, (bytes) => bytes.subarray(1)),
      alter(sealed, 2, (bytes) => bytes.subarray(1)),
      sealed.split('.').slice(0, 3).join('.'),
      `${sealed}.AAAA`,
      sealed.replace(/\.([^.]*)$/, '.$1!'),
    ];
    for (const value of cases) expect(() => box.decrypt(value, context)).toThrow(SecretDecryptionError);
  });

  it('refuses a value moved to another row or column', () => {
    const sealed = box.encrypt(secret, context);
    expect(() =>
      box.decrypt(sealed, 'integrations:5d1c8e2a-3b4f-4a6e-8c7d-9e0f1a2b3c4d:access_token'),
    ).toThrow(SecretDecryptionError);
    expect(() => box.decrypt(sealed, context.replace('access_token', 'signing_secret'))).toThrow(
      SecretDecryptionError,
    );
  });

  it('refuses a value sealed with another key', () => {
    const sealed = new SecretBox(randomBytes(32)).encrypt(secret, context);
    expect(() => box.decrypt(sealed, context)).toThrow(SecretDecryptionError);
  });

  it('refuses an unknown format version, and plaintext', () => {
    const sealed = box.encrypt(secret, context);
    expect(() => box.decrypt(sealed.replace(/^v1\./, 'v2.'), context)).toThrow(/unknown format "v2"/);
    expect(() => box.decrypt(secret, context)).toThrow(SecretDecryptionError);
  });

  it('takes only a 32-byte key', () => {
    expect(() => new SecretBox(randomBytes(16))).toThrow('The encryption key must be 32 bytes, not 16');
  });
});

describe('parseEncryptionKey', () => {
  const key = randomBytes(32);

  it('reads 64 hex characters and base64 of 32 bytes (padded or not, standard or url-safe)', () => {
    for (const text of [
      key.toString('hex'),
      key.toString('hex').toUpperCase(),
      key.toString('base64'),
      key.toString('base64').replace(/=$/, ''),
      key.toString('base64url'),
      ` ${key.toString('base64')}\n`,
    ]) {
      expect(parseEncryptionKey(text)).toEqual(key);
    }
  });

  it('refuses anything that is not exactly 32 bytes', () => {
    for (const text of [
      '',
      'secret',
      randomBytes(31).toString('hex'),
      randomBytes(33).toString('hex'),
      randomBytes(16).toString('base64'),
      randomBytes(48).toString('base64'),
      `${key.toString('hex').slice(0, 63)}g`,
      // 43 characters whose last one carries bits beyond the 32 bytes.
      `${key.toString('base64url').slice(0, 42)}B`,
    ]) {
      expect(parseEncryptionKey(text)).toBeUndefined();
    }
  });
});
