// Zod-free: the account pages (forgot and reset password, the mail links) show these on their first
// render, before any schema has loaded; the schemas are in account.ts.

/** The messages a customer reads on these pages and forms, word for word. */
export const accountMessages = {
  resetRequested: 'If an account exists for that email, we have sent a link to reset its password.',
  resetLinkInvalid: 'This password reset link is not valid. Ask for a new one.',
  resetLinkUsed: 'This password reset link has already been used. Ask for a new one.',
  resetLinkExpired: 'This password reset link has expired. Ask for a new one.',
  verificationLinkInvalid: 'This verification link is not valid.',
  verificationLinkExpired: 'This verification link has expired. Sign in and ask for a new one.',
  emailAlreadyVerified: 'Your email address is already verified.',
  verificationSent: 'We have sent a new verification link to your email address.',
  emailChangeLinkInvalid: 'This confirmation link is not valid.',
  emailChangeLinkUsed: 'This confirmation link has already been used.',
  emailChangeLinkExpired: 'This confirmation link has expired. Ask for the change again.',
  emailChangeRequested: 'We have sent a confirmation link to your new email address.',
  emailInUse: 'That email address is already in use',
  sameEmail: 'That is already your email address',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Current password is incorrect',
  passwordWrong: 'Password is incorrect',
  codeRequired: 'Enter the code from your authenticator app',
  codeWrong: 'That code is not correct',
  codeUsed: 'That code has already been used. Wait for the next one.',
  challengeExpired: 'The sign-in took too long. Sign in again.',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on',
  twoFactorNotOn: 'Two-factor sign-in is not on',
  twoFactorNoSetup: 'Start the two-factor setup again',
  sessionNotFound: 'Session not found',
  staffAccountManaged: 'Staff accounts are managed by the company',
} as const;

/** 'Too many attempts. Try again in 12 minutes.' (429s name the wait in minutes, at least 1). */
export const tryAgainInMinutes = (minutes: number, what = 'Too many attempts.') =>
  `${what} Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;

/** How long the links and the sign-in challenge live. */
export const EMAIL_VERIFICATION_TTL_HOURS = 24;
export const PASSWORD_RESET_TTL_MINUTES = 30;
export const EMAIL_CHANGE_TTL_HOURS = 24;
export const TWO_FACTOR_CHALLENGE_TTL_MINUTES = 5;
export const RECOVERY_CODE_COUNT = 10;

/** A token from a mail link: 43 base64url characters (32 random bytes). */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
