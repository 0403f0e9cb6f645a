import { envVars, identityUrlEnv, type ServiceConfig, serviceConfigLoader, serviceEnv } from '@portal/config';
import { CHAT_MESSAGES_PER_MINUTE, CHAT_WAIT_SECONDS } from '@portal/contracts';
import {
  STATUS_SUBSCRIBE_PER_ADDRESS_PER_HOUR,
  STATUS_SUBSCRIBE_PER_EMAIL_PER_HOUR,
} from '@portal/contracts';
import { z } from 'zod';

export const supportEnvSchema = z.object({
  ...serviceEnv(3104),
  ...identityUrlEnv(),
  TICKET_LIMIT_PER_HOUR: envVars.positiveInt(10),
  /**
   * Local development and tests only: a ticket's `callback_url` may reach loopback, private and
   * link-local addresses (crm's variable of the same name lets its webhooks send there).
   */
  WEBHOOK_ALLOW_PRIVATE_URLS: envVars.boolean(false),
  /** The public site's origin, for the status page's links in mails (ADR 0235). */
  PUBLIC_SITE_URL: envVars.siteOrigin('http://localhost:8080'),
  /** The status page's subscribe form: requests per client address, and per email, in an hour. */
  STATUS_SUBSCRIBE_LIMIT_PER_ADDRESS_PER_HOUR: envVars.positiveInt(STATUS_SUBSCRIBE_PER_ADDRESS_PER_HOUR),
  STATUS_SUBSCRIBE_LIMIT_PER_EMAIL_PER_HOUR: envVars.positiveInt(STATUS_SUBSCRIBE_PER_EMAIL_PER_HOUR),
  /** Seconds a live chat waits for a staffer before it becomes a ticket (ADR 0236). */
  CHAT_WAIT_SECONDS: envVars.positiveInt(CHAT_WAIT_SECONDS),
  /** Chat messages one user may send per minute (ADR 0236); a benchmark of many chats raises it. */
  CHAT_MESSAGES_PER_MINUTE: envVars.positiveInt(CHAT_MESSAGES_PER_MINUTE),
});

export interface SupportConfig extends ServiceConfig {
  /** identity's base URL, whose JWKS verifies access tokens. */
  identityUrl: string;
  /** Tickets one organization's members may open together within any hour; the next answers 429. */
  ticketLimitPerHour: number;
  /** `WEBHOOK_ALLOW_PRIVATE_URLS`: `callback_url` may reach loopback, private and link-local addresses. */
  allowPrivateCallbackUrls: boolean;
  /** `PUBLIC_SITE_URL`: the status page's confirm and unsubscribe links start with it. */
  publicSiteUrl: string;
  /** The status page's subscription requests per client address, and per email, in an hour. */
  statusSubscribeLimits: { perAddressPerHour: number; perEmailPerHour: number };
  /** `CHAT_WAIT_SECONDS`: how long a live chat waits for a staffer before it becomes a ticket. */
  chatWaitSeconds: number;
  /** `CHAT_MESSAGES_PER_MINUTE`: chat messages one user may send per minute; the next answers 429. */
  chatMessagesPerMinute: number;
}

export const SUPPORT_CONFIG = Symbol('SUPPORT_CONFIG');

/** Reads and validates the environment; a bad or missing variable stops the process naming it. */
export const loadSupportConfig = serviceConfigLoader(supportEnvSchema, (vars) => ({
  identityUrl: vars.IDENTITY_URL,
  ticketLimitPerHour: vars.TICKET_LIMIT_PER_HOUR,
  allowPrivateCallbackUrls: vars.WEBHOOK_ALLOW_PRIVATE_URLS,
  publicSiteUrl: vars.PUBLIC_SITE_URL,
  statusSubscribeLimits: {
    perAddressPerHour: vars.STATUS_SUBSCRIBE_LIMIT_PER_ADDRESS_PER_HOUR,
    perEmailPerHour: vars.STATUS_SUBSCRIBE_LIMIT_PER_EMAIL_PER_HOUR,
  },
  chatWaitSeconds: vars.CHAT_WAIT_SECONDS,
  chatMessagesPerMinute: vars.CHAT_MESSAGES_PER_MINUTE,
}));
