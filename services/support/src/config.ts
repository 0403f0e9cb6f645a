import { envVars, identityUrlEnv, type ServiceConfig, serviceConfigLoader, serviceEnv } from '@portal/config';
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
});

export interface SupportConfig extends ServiceConfig {
  /** identity's base URL, whose JWKS verifies access tokens. */
  identityUrl: string;
  /** Tickets one organization's members may open together within any hour; the next answers 429. */
  ticketLimitPerHour: number;
  /** `WEBHOOK_ALLOW_PRIVATE_URLS`: `callback_url` may reach loopback, private and link-local addresses. */
  allowPrivateCallbackUrls: boolean;
}

export const SUPPORT_CONFIG = Symbol('SUPPORT_CONFIG');

/** Reads and validates the environment; a bad or missing variable stops the process naming it. */
export const loadSupportConfig = serviceConfigLoader(supportEnvSchema, (vars) => ({
  identityUrl: vars.IDENTITY_URL,
  ticketLimitPerHour: vars.TICKET_LIMIT_PER_HOUR,
  allowPrivateCallbackUrls: vars.WEBHOOK_ALLOW_PRIVATE_URLS,
}));
