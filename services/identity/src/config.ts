import { encryptionKeyVar } from '@portal/auth';
import { MAX_ACCESS_TOKEN_LIFETIME_SECONDS } from '@portal/contracts';
import { envVars, type ServiceConfig, serviceConfigLoader, serviceEnv } from '@portal/config';
import { z } from 'zod';

export const identityEnvSchema = z.object({
  ...serviceEnv(3101),
  JWT_SIGNING_KEY: z
    .string({ error: 'is required: a PKCS#8 PEM EC P-256 private key (npm start generates one)' })
    .min(1, 'is required: a PKCS#8 PEM EC P-256 private key (npm start generates one)'),
  // The AES-256 key that seals two-factor secrets at rest (`npm start` generates one per install).
  IDENTITY_ENCRYPTION_KEY: encryptionKeyVar(),
  // Services refuse tokens that live longer than the shared maximum.
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(MAX_ACCESS_TOKEN_LIFETIME_SECONDS)
    .default(MAX_ACCESS_TOKEN_LIFETIME_SECONDS),
  AUTH_LOGIN_FAILURE_LIMIT: envVars.positiveInt(10),
  AUTH_LOGIN_WINDOW_SECONDS: envVars.positiveInt(15 * 60),
  // Unset, these follow AUTH_LOGIN_FAILURE_LIMIT (5 times it), so raising that one raises every login limit.
  AUTH_LOGIN_ADDRESS_FAILURE_LIMIT: z.coerce.number().int().min(1).optional(),
  AUTH_LOGIN_EMAIL_FAILURE_LIMIT: z.coerce.number().int().min(1).optional(),
  AUTH_LOGIN_EMAIL_WINDOW_SECONDS: envVars.positiveInt(60 * 60),
  AUTH_REGISTER_LIMIT_PER_HOUR: envVars.positiveInt(10),
  // The site the links in account mails open (verification, password reset, email change).
  PUBLIC_SITE_URL: envVars.siteOrigin('http://localhost:8080'),
  AUTH_RESET_EMAIL_LIMIT_PER_HOUR: envVars.positiveInt(5),
  AUTH_RESET_ADDRESS_LIMIT_PER_HOUR: envVars.positiveInt(20),
  AUTH_VERIFICATION_MAIL_LIMIT_PER_HOUR: envVars.positiveInt(5),
});

export interface AuthConfig {
  /** PKCS#8 PEM of the ES256 key that signs access tokens; only identity holds it. */
  signingKeyPem: string;
  /** Lifetime of an access token and of its server-side session. */
  tokenTtlSeconds: number;
  /** Failed logins allowed per email from one address within the window; the next one answers 429. */
  loginFailureLimit: number;
  loginWindowSeconds: number;
  /** Failed logins allowed per address over all emails within the same window. */
  addressFailureLimit: number;
  /**
   * Failed logins per email over all addresses within `emailWindowSeconds` after which the email backs
   * off: only addresses it has signed in from before may still try.
   */
  emailFailureLimit: number;
  emailWindowSeconds: number;
  /** Registrations accepted per address per hour. */
  registerLimitPerHour: number;
  /** The public site's origin (`PUBLIC_SITE_URL`) that links in account mails open. */
  publicSiteUrl: string;
  /** Password reset requests accepted per email, and per address over all emails, per hour. */
  resetEmailLimitPerHour: number;
  resetAddressLimitPerHour: number;
  /** Verification mails an account may ask for again per hour. */
  verificationMailLimitPerHour: number;
}

export interface IdentityConfig extends ServiceConfig {
  auth: AuthConfig;
  /** The 32-byte key (`IDENTITY_ENCRYPTION_KEY`) that seals two-factor secrets in the database. */
  encryptionKey: Buffer;
}

export const IDENTITY_CONFIG = Symbol('IDENTITY_CONFIG');

/** Environment values may carry a PEM on one line with literal `\n` (Docker env files, CI secrets). */
const unescapePem = (value: string) => value.replace(/\\n/g, '\n').trim();

/** Reads and validates the environment; a bad or missing variable stops the process naming it. */
export const loadIdentityConfig = serviceConfigLoader(identityEnvSchema, (vars) => ({
  encryptionKey: vars.IDENTITY_ENCRYPTION_KEY,
  auth: {
    signingKeyPem: unescapePem(vars.JWT_SIGNING_KEY),
    tokenTtlSeconds: vars.ACCESS_TOKEN_TTL_SECONDS,
    loginFailureLimit: vars.AUTH_LOGIN_FAILURE_LIMIT,
    loginWindowSeconds: vars.AUTH_LOGIN_WINDOW_SECONDS,
    addressFailureLimit: vars.AUTH_LOGIN_ADDRESS_FAILURE_LIMIT ?? 5 * vars.AUTH_LOGIN_FAILURE_LIMIT,
    emailFailureLimit: vars.AUTH_LOGIN_EMAIL_FAILURE_LIMIT ?? 5 * vars.AUTH_LOGIN_FAILURE_LIMIT,
    emailWindowSeconds: vars.AUTH_LOGIN_EMAIL_WINDOW_SECONDS,
    registerLimitPerHour: vars.AUTH_REGISTER_LIMIT_PER_HOUR,
    publicSiteUrl: vars.PUBLIC_SITE_URL,
    resetEmailLimitPerHour: vars.AUTH_RESET_EMAIL_LIMIT_PER_HOUR,
    resetAddressLimitPerHour: vars.AUTH_RESET_ADDRESS_LIMIT_PER_HOUR,
    verificationMailLimitPerHour: vars.AUTH_VERIFICATION_MAIL_LIMIT_PER_HOUR,
  },
}));
