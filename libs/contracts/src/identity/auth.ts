import { z } from 'zod';
import { isStorableText, unstorableTextMessage } from '../text';
import { orgRoleSchema, roleSchema } from './role-schemas';
import {
  authMessages,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordCharacterMessage,
} from './auth-messages';
import { INVITATION_INVALID_MESSAGE } from './team-messages';

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

/** An invitation link's token: 32 random bytes, base64url (as the account links). */
export const invitationTokenSchema = z
  .string({ error: INVITATION_INVALID_MESSAGE })
  .regex(/^[A-Za-z0-9_-]{43}$/, INVITATION_INVALID_MESSAGE);

/**
 * `POST /api/auth/register`; unknown fields are rejected. With `invitation` (the token of a team
 * invitation sent to this email) the new account joins that organization instead of creating one.
 */
export const registerRequestSchema = z.strictObject({
  name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  invitation: invitationTokenSchema.optional(),
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

/**
 * `GET /api/auth/me`: the user, and the organization the token acts in with the member's role there
 * (all null for staff, and for a customer who belongs to no organization any more).
 */
export const meResponseSchema = authUserSchema.extend({
  organizationId: z.uuid().nullable(),
  organizationName: z.string().nullable(),
  orgRole: orgRoleSchema.nullable(),
});
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

/**
 * The claims of an access token; `sid` is the server-side session that sign-out revokes. `org` is the
 * one organization the token acts in, `orgRole` the member's role there and `mv` the membership's
 * version when the token was issued: a role change or a removal publishes a higher version
 * (`portal.memberships.changed`) and every service then refuses the older tokens (ADR 0181).
 */
export const accessTokenClaimsSchema = z.object({
  sub: z.uuid(),
  sid: z.uuid(),
  role: roleSchema,
  org: z.uuid().nullable(),
  orgRole: orgRoleSchema.nullable(),
  mv: z.number().int().nonnegative(),
  iss: z.literal(ACCESS_TOKEN_ISSUER),
  aud: z.literal(ACCESS_TOKEN_AUDIENCE),
  iat: z.number().int(),
  exp: z.number().int(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;
