import { z } from 'zod';
import { isStorableText } from '../text';
import { authUserSchema, emailSchema, nameSchema, newPasswordSchema } from './auth';
import { PASSWORD_MAX_LENGTH, passwordCharacterMessage } from './auth-messages';
import { accountMessages, LINK_TOKEN_PATTERN } from './account-messages';

// Recovering and managing an account (issue 17): email verification, password reset, settings,
// sessions, two-factor sign-in, export and deletion. Identity serves every route below; the paths are
// relative to the gateway. Links in mails point at the checkout section's pages of the same names.

/** A token from a mail link (`LINK_TOKEN_PATTERN`), as the routes check it. */
export const linkTokenSchema = z
  .string({ error: 'The link has no token' })
  .regex(LINK_TOKEN_PATTERN, 'The link is not valid');

const currentPasswordSchema = z
  .string({ error: accountMessages.currentPasswordRequired })
  .min(1, accountMessages.currentPasswordRequired)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .refine(isStorableText, passwordCharacterMessage);

/** A TOTP code (6 digits; spaces ignored) or a recovery code (`xxxxx-xxxxx`, case ignored). */
export const twoFactorCodeSchema = z
  .string({ error: accountMessages.codeRequired })
  .trim()
  .min(1, accountMessages.codeRequired)
  .max(20, accountMessages.codeWrong);

// Public routes ----------------------------------------------------------------------------------

/** `POST /api/auth/forgot-password` → 202 `{ message: accountMessages.resetRequested }`, always. */
export const forgotPasswordRequestSchema = z.strictObject({ email: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/**
 * `POST /api/auth/reset-password` → 200 LoginResponse (signed in with a new session; every other
 * session and token of the account ended), or TwoFactorChallengeResponse for an account with
 * two-factor sign-in: a reset proves the mailbox, not the second factor. 400 with one of the
 * resetLink* messages.
 */
export const resetPasswordRequestSchema = z.strictObject({
  token: linkTokenSchema,
  password: newPasswordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/**
 * `POST /api/auth/verify-email` → 200 `{ email }`; verifying again answers 200 too (the page says
 * it is already verified: `alreadyVerified`). 400 verificationLinkInvalid / verificationLinkExpired.
 */
export const verifyEmailRequestSchema = z.strictObject({ token: linkTokenSchema });
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;
export const verifyEmailResponseSchema = z.object({ email: z.string(), alreadyVerified: z.boolean() });
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/**
 * `POST /api/auth/confirm-email` → 200 `{ email }` (the new address, now the account's and
 * verified). 400 emailChangeLink*; 409 emailInUse when the address was taken in the meantime.
 */
export const confirmEmailRequestSchema = z.strictObject({ token: linkTokenSchema });
export type ConfirmEmailRequest = z.infer<typeof confirmEmailRequestSchema>;
export const confirmEmailResponseSchema = z.object({ email: z.string() });
export type ConfirmEmailResponse = z.infer<typeof confirmEmailResponseSchema>;

/**
 * `POST /api/auth/login` answers this instead of a token when the account has two-factor sign-in;
 * `POST /api/auth/login/two-factor` with the challenge and a code then answers the LoginResponse.
 */
export const twoFactorChallengeResponseSchema = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
});
export type TwoFactorChallengeResponse = z.infer<typeof twoFactorChallengeResponseSchema>;

/** 401 codeWrong / codeUsed / challengeExpired; 429 tryAgainInMinutes after 5 wrong codes. */
export const twoFactorLoginRequestSchema = z.strictObject({
  challenge: z.string().min(1).max(200),
  code: twoFactorCodeSchema,
});
export type TwoFactorLoginRequest = z.infer<typeof twoFactorLoginRequestSchema>;

// Signed-in routes (any role; staff accounts cannot change their email or be deleted) -----------

/** `GET /api/account` → the settings page's account. */
export const accountResponseSchema = authUserSchema.extend({
  organizationId: z.uuid().nullable(),
  emailVerified: z.boolean(),
  /** An address waiting for its confirmation link, if an email change is under way. */
  pendingEmail: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
  /** Recovery codes not used yet (0 when two-factor sign-in is off). */
  recoveryCodesLeft: z.number().int().min(0),
  createdAt: z.iso.datetime(),
});
export type AccountResponse = z.infer<typeof accountResponseSchema>;

/** `POST /api/account/verification-email` → 202 MessageResponse verificationSent; 409 emailAlreadyVerified; 429. */

/** `PATCH /api/account` → 200 AccountResponse. */
export const updateAccountRequestSchema = z.strictObject({ name: nameSchema });
export type UpdateAccountRequest = z.infer<typeof updateAccountRequestSchema>;

/**
 * `POST /api/account/email` → 202 MessageResponse emailChangeRequested: a confirmation link goes to
 * the new address, a notice to the old. 400 currentPasswordWrong / sameEmail; 409 emailInUse.
 */
export const changeEmailRequestSchema = z.strictObject({
  newEmail: emailSchema,
  currentPassword: currentPasswordSchema,
});
export type ChangeEmailRequest = z.infer<typeof changeEmailRequestSchema>;

/** `POST /api/account/password` → 204; the other sessions end, this one stays. 400 currentPasswordWrong. */
export const changePasswordRequestSchema = z.strictObject({
  currentPassword: currentPasswordSchema,
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** `GET /api/account/sessions` → the account's live sessions, the caller's first. */
export const accountSessionSchema = z.object({
  id: z.uuid(),
  current: z.boolean(),
  /** 'Chrome on macOS', from the user agent; 'Unknown browser' without one. */
  browser: z.string(),
  address: z.string(),
  signedInAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionsResponseSchema = z.array(accountSessionSchema);

/**
 * `DELETE /api/account/sessions/:id` → 204 (404 sessionNotFound for another account's or an ended
 * one). `POST /api/account/sessions/sign-out-others` → 200 `{ signedOut }`.
 */
export const signedOutResponseSchema = z.object({ signedOut: z.number().int().min(0) });
export type SignedOutResponse = z.infer<typeof signedOutResponseSchema>;

/**
 * `POST /api/account/two-factor/setup` → a new secret, kept pending until confirmed with a code.
 * 409 twoFactorAlreadyOn.
 */
export const twoFactorSetupResponseSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code, an `<svg>` document. */
  qrCodeSvg: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

/**
 * `POST /api/account/two-factor/enable` with a code from the app and the account's password → the 10
 * recovery codes, shown once. The password is asked as for turning it off or deleting the account, so
 * a stolen session cannot put its own authenticator app on the account and lock the owner out.
 * 400 passwordWrong (nothing turned on; counts as a failed sign-in, then 429) / codeWrong /
 * twoFactorNoSetup.
 */
export const twoFactorEnableRequestSchema = z.strictObject({
  code: twoFactorCodeSchema,
  password: currentPasswordSchema,
});
export type TwoFactorEnableRequest = z.infer<typeof twoFactorEnableRequestSchema>;
export const recoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

/** `POST /api/account/two-factor/disable` with a code or the password → 204. */
export const twoFactorDisableRequestSchema = z
  .strictObject({
    code: twoFactorCodeSchema.optional(),
    password: currentPasswordSchema.optional(),
  })
  .refine((body) => body.code !== undefined || body.password !== undefined, {
    message: 'Enter a code from your authenticator app or your password',
  });
export type TwoFactorDisableRequest = z.infer<typeof twoFactorDisableRequestSchema>;

/** `POST /api/account/delete` with the password → 204; every service then erases its data. */
export const deleteAccountRequestSchema = z.strictObject({ password: currentPasswordSchema });
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/**
 * Export: `GET /api/account/export` (identity) and `GET /api/account/export/<service>` for commerce,
 * crm, support and kpi (the gateway routes each to its service) answer what that service holds about
 * the caller; the dashboard puts them together into one JSON file. Each part is
 * `{ service, exportedAt, data }`; secrets are never in it.
 */
export const ACCOUNT_EXPORT_SERVICES = ['identity', 'commerce', 'crm', 'support', 'kpi'] as const;
export type AccountExportService = (typeof ACCOUNT_EXPORT_SERVICES)[number];
export const accountExportPartSchema = z.object({
  service: z.enum(ACCOUNT_EXPORT_SERVICES),
  exportedAt: z.iso.datetime(),
  data: z.record(z.string(), z.unknown()),
});
export type AccountExportPart = z.infer<typeof accountExportPartSchema>;
export const accountExportPath = (service: AccountExportService) =>
  service === 'identity' ? '/api/account/export' : `/api/account/export/${service}`;

/** A service's part of the export: what it holds about the caller, dated `exportedAt`. */
export const accountExportPart = (
  service: AccountExportService,
  data: Record<string, unknown>,
  exportedAt = new Date(),
): AccountExportPart => ({ service, exportedAt: exportedAt.toISOString(), data });
