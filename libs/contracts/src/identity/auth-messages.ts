// Zod-free: the sign-up and reset forms show these (the hint, the limits) before any schema has
// loaded; the schemas that use them are in auth.ts.

/** The registration messages, word for word (an empty email is asked for rather than called invalid). */
export const authMessages = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  invalidEmail: 'Please enter a valid email address',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordNeedsNumber: 'Password must contain at least one number',
  passwordRequired: 'Password is required',
} as const;

/**
 * Passwords follow the names' rule (`isStorableText`): no NUL, no unpaired UTF-16 surrogate (JSON can
 * carry `\ud800`). argon2 hashes UTF-8, where every lone surrogate becomes U+FFFD, so different
 * passwords would collapse into one.
 */
export const passwordCharacterMessage = 'Password contains a character that cannot be used';

export const PASSWORD_MIN_LENGTH = 8;
/** argon2 accepts any length; the cap keeps one request from buying seconds of hashing. */
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

export const PASSWORD_HINT = 'Password must be at least 8 characters and contain at least one number';
