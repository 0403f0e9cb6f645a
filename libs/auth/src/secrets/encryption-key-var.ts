import { z } from 'zod';
import { parseEncryptionKey } from './secret-box';

const MAKE_A_KEY = 'make one with `openssl rand -base64 32`';

/**
 * An environment variable holding a `SecretBox` key (`CRM_ENCRYPTION_KEY`, `IDENTITY_ENCRYPTION_KEY`):
 * 32 bytes as 64 hex characters or base64, read into the key's bytes. Required; an empty value is unset.
 */
export const encryptionKeyVar = () =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string({ error: `is required but not set; ${MAKE_A_KEY}` }).transform((text, context) => {
      const key = parseEncryptionKey(text);
      if (key) return key;
      context.issues.push({
        code: 'custom',
        input: text,
        message: `must be 32 bytes given as 64 hex characters or as base64; ${MAKE_A_KEY}`,
      });
      return z.NEVER;
    }),
  );
