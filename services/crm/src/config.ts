import { encryptionKeyVar } from '@portal/auth';
import { envVars, identityUrlEnv, type ServiceConfig, serviceConfigLoader, serviceEnv } from '@portal/config';
import { z } from 'zod';

/** The local mail catcher `npm start` runs (maildev): production sets SMTP_URL. */
export const DEFAULT_SMTP_URL = 'smtp://127.0.0.1:1025';
export const DEFAULT_MAIL_FROM = 'Millstone CX <no-reply@millstone-cx.example>';
/** The company's inbox that the contact page shows: booked calls' invitations go there too. */
export const DEFAULT_BOOKING_INBOX = 'hello@millstonecx.com';

const unsetIfEmpty = (value: unknown) => (value === '' ? undefined : value);

/** `SMTP_URL`: where the mailer sends, e.g. smtp://user:password@mail.example.com:587 or smtps://…:465. */
const smtpUrlVar = () =>
  z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .refine(
        (text) => /^smtps?:\/\/[^\s/]+/.test(text) && URL.canParse(text),
        'must be an SMTP URL such as smtp://127.0.0.1:1025 or smtps://user:password@mail.example.com:465',
      )
      .default(DEFAULT_SMTP_URL),
  );

/** `MAIL_FROM`: the sender of every mail, an address with an optional display name. */
const mailFromVar = () =>
  z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(
        /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/,
        'must be an address such as no-reply@example.com or "Millstone CX <no-reply@example.com>"',
      )
      .default(DEFAULT_MAIL_FROM),
  );

export const crmEnvSchema = z.object({
  ...serviceEnv(3103),
  ...identityUrlEnv(),
  // The AES-256 key of the secrets kept at rest (integrations' API keys, tokens and signing secrets).
  CRM_ENCRYPTION_KEY: encryptionKeyVar(),
  PUBLIC_SITE_URL: envVars.siteOrigin('http://localhost:8080'),
  CONTACT_LIMIT_PER_10_MINUTES: envVars.positiveInt(20),
  CONTACT_EMAIL_LIMIT_PER_10_MINUTES: envVars.positiveInt(3),
  NEWSLETTER_LIMIT_PER_10_MINUTES: envVars.positiveInt(5),
  APPLICATION_LIMIT_PER_ADDRESS_PER_HOUR: envVars.positiveInt(10),
  APPLICATION_LIMIT_PER_EMAIL_PER_HOUR: envVars.positiveInt(3),
  SMTP_URL: smtpUrlVar(),
  MAIL_FROM: mailFromVar(),
  /** The staff inbox that gets every booked call's invitation, change and cancellation (ADR 0232). */
  BOOKING_INBOX: z.preprocess(
    unsetIfEmpty,
    z.email('must be an email address such as sales@example.com').default(DEFAULT_BOOKING_INBOX),
  ),
  /** Deliveries of a mail before it becomes a dead letter. */
  MAIL_MAX_ATTEMPTS: envVars.positiveInt(5, 100),
  /** Local development and tests only: webhooks may target loopback, private and link-local addresses. */
  WEBHOOK_ALLOW_PRIVATE_URLS: envVars.boolean(false),
  /** Webhook attempts one crm process makes at the same time (a slow receiver holds one of them). */
  WEBHOOK_CONCURRENCY: envVars.positiveInt(16, 256),
});

/** What may be sent within any 10 minutes; the next request answers 429. */
export interface LeadLimits {
  /** Contact messages from one client address: a shared office's burst, not a flood. */
  contactPer10Minutes: number;
  /** Contact messages for one email address, from any client address. */
  contactPerEmailPer10Minutes: number;
  /** Newsletter sign-ups from one client address. */
  newsletterPer10Minutes: number;
}

/**
 * Job applications within any hour: from one client address (an office or a campus may send a few)
 * and for one applicant email (a correction, a second role); the next answers 429.
 */
export interface ApplicationLimits {
  perAddressPerHour: number;
  perEmailPerHour: number;
}

export interface CrmConfig extends ServiceConfig {
  /** identity's base URL, whose JWKS verifies access tokens. */
  identityUrl: string;
  /** The 32-byte key that seals integrations' secrets in the database. */
  encryptionKey: Buffer;
  /** The site's public origin (`PUBLIC_SITE_URL`), without a trailing slash: integrations' inbound URLs. */
  publicSiteUrl: string;
  /** `BOOKING_INBOX`: the staff inbox of booked calls, the invitations' organizer. */
  bookingInbox: string;
  limits: LeadLimits;
  applicationLimits: ApplicationLimits;
  mail: MailSettings;
  webhooks: WebhookSettings;
}

/** How crm delivers outbound webhooks (ADR 0202). */
export interface WebhookSettings {
  /** `WEBHOOK_ALLOW_PRIVATE_URLS`: loopback, private and link-local targets allowed (local development). */
  allowPrivateUrls: boolean;
  /** `WEBHOOK_CONCURRENCY`: attempts in flight in one process. */
  concurrency: number;
}

/** How crm's mailer sends the mails the services ask for (`portal.mail.requested`). */
export interface MailSettings {
  /** The SMTP server (`SMTP_URL`; the local mail catcher by default). */
  smtpUrl: string;
  /** The sender (`MAIL_FROM`). */
  from: string;
  /** Deliveries before a mail becomes a dead letter (`MAIL_MAX_ATTEMPTS`). */
  maxAttempts: number;
}

export const CRM_CONFIG = Symbol('CRM_CONFIG');

/** Reads and validates the environment; a bad or missing variable stops the process naming it. */
export const loadCrmConfig = serviceConfigLoader(crmEnvSchema, (vars) => ({
  identityUrl: vars.IDENTITY_URL,
  encryptionKey: vars.CRM_ENCRYPTION_KEY,
  publicSiteUrl: vars.PUBLIC_SITE_URL,
  bookingInbox: vars.BOOKING_INBOX,
  limits: {
    contactPer10Minutes: vars.CONTACT_LIMIT_PER_10_MINUTES,
    contactPerEmailPer10Minutes: vars.CONTACT_EMAIL_LIMIT_PER_10_MINUTES,
    newsletterPer10Minutes: vars.NEWSLETTER_LIMIT_PER_10_MINUTES,
  },
  applicationLimits: {
    perAddressPerHour: vars.APPLICATION_LIMIT_PER_ADDRESS_PER_HOUR,
    perEmailPerHour: vars.APPLICATION_LIMIT_PER_EMAIL_PER_HOUR,
  },
  mail: { smtpUrl: vars.SMTP_URL, from: vars.MAIL_FROM, maxAttempts: vars.MAIL_MAX_ATTEMPTS },
  webhooks: { allowPrivateUrls: vars.WEBHOOK_ALLOW_PRIVATE_URLS, concurrency: vars.WEBHOOK_CONCURRENCY },
}));
