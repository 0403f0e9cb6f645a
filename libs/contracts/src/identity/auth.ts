import { z } from 'zod';
import { isStorableText, unstorableTextMessage } from '../text';
import { roleSchema } from './roles';

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

export const emailSchema = z
  .string({ error: authMessages.emailRequired })
  .trim()
  .min(1, authMessages.emailRequired)
  .max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters`)
  .pipe(z.email(authMessages.invalidEmail));

export const newPasswordSchema = z
  .string({ error: authMessages.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, authMessages.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .regex(/\d/, authMessages.passwordNeedsNumber)
  .refine(isStorableText, passwordCharacterMessage);

/** A customer's name, as sign-up and the profile take it: trimmed, required, storable text. */
export const nameSchema = z
  .string({ error: authMessages.nameRequired })
  .trim()
  .min(1, authMessages.nameRequired)
  .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`)
  .refine(isStorableText, unstorableTextMessage);

/** `POST /api/auth/register`; unknown fields are rejected. */
export const registerRequestSchema = z.strictObject({
  name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** `POST /api/auth/login`; unknown fields are rejected. */
export const loginRequestSchema = z.strictObject({
  email: emailSchema,
  password: z
    .string({ error: authMessages.passwordRequired })
    .min(1, authMessages.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
    .refine(isStorableText, passwordCharacterMessage),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** The signed-in user as login and `GET /api/auth/me` answer it. */
export const authUserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const registerResponseSchema = z.object({ token: z.string() });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const loginResponseSchema = z.object({ token: z.string(), user: authUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const meResponseSchema = authUserSchema.extend({ organizationId: z.uuid().nullable() });
export type MeResponse = z.infer<typeof meResponseSchema>;

// Access tokens ----------------------------------------------------------------------------------

/** Identity signs with ES256; every service verifies against the JWKS below and nothing else. */
export const ACCESS_TOKEN_ALGORITHM = 'ES256';
export const ACCESS_TOKEN_ISSUER = 'portal-identity';
export const ACCESS_TOKEN_AUDIENCE = 'portal';
/**
 * The longest an access token may live. Identity issues tokens no longer than this; services refuse
 * longer ones and replay sign-outs from this far back.
 */
export const MAX_ACCESS_TOKEN_LIFETIME_SECONDS = 8 * 60 * 60;
/** Relative to identity's base URL (and reachable through the gateway). */
export const JWKS_PATH = '/api/auth/.well-known/jwks.json';

/** The claims of an access token; `sid` is the server-side session that sign-out revokes. */
export const accessTokenClaimsSchema = z.object({
  sub: z.uuid(),
  sid: z.uuid(),
  role: roleSchema,
  org: z.uuid().nullable(),
  iss: z.literal(ACCESS_TOKEN_ISSUER),
  aud: z.literal(ACCESS_TOKEN_AUDIENCE),
  iat: z.number().int(),
  exp: z.number().int(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;
