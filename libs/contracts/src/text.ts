import { z } from 'zod';

export const unstorableTextMessage = 'Contains a character that cannot be saved';

// PostgreSQL text cannot hold NUL, and jsonb (every outbox event) refuses unpaired UTF-16 surrogates:
// such text would fail its insert with a 500, so every schema refuses it up front. With the u flag,
// \p{Cs} matches only unpaired surrogates.
const UNPAIRED_SURROGATE = /\p{Cs}/u;
/** False for text PostgreSQL cannot store; `.refine(isStorableText, unstorableTextMessage)` on schemas with messages of their own. */
export const isStorableText = (text: string) => !text.includes('\0') && !UNPAIRED_SURROGATE.test(text);
const storable = isStorableText;

/** Text a person must fill in: trimmed, not blank, at most `max` characters, storable. */
export const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Must be at most ${max} characters`)
    .refine(storable, unstorableTextMessage);

/** Optional text: trimmed, at most `max` characters (`tooLong` says so otherwise), storable. */
export const optionalText = (max: number, tooLong: string) =>
  z.string().trim().max(max, tooLong).refine(storable, unstorableTextMessage).optional();
