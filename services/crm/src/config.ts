import { envVars, loadEnv } from '@portal/db';
import { z } from 'zod';

export const crmEnvSchema = z.object({
  PORT: envVars.port(3103),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: envVars.postgresUrl(),
  NATS_URL: envVars.optionalNatsUrl(),
  LOG_LEVEL: envVars.logLevel(),
  CONTACT_LIMIT_PER_10_MINUTES: envVars.positiveInt(5),
  NEWSLETTER_LIMIT_PER_10_MINUTES: envVars.positiveInt(5),
});

/** What one client address may send within any 10 minutes; the next request answers 429. */
export interface LeadLimits {
  contactPer10Minutes: number;
  newsletterPer10Minutes: number;
}

export interface CrmConfig {
  port: number;
  host: string;
  databaseUrl: string;
  /** Unset: events wait in the outbox. */
  natsUrl?: string;
  logLevel: z.infer<typeof crmEnvSchema>['LOG_LEVEL'];
  limits: LeadLimits;
}

export const CRM_CONFIG = Symbol('CRM_CONFIG');

/** Reads and validates the environment; a bad or missing variable stops the process naming it. */
export function loadCrmConfig(env: NodeJS.ProcessEnv = process.env): CrmConfig {
  const vars = loadEnv(crmEnvSchema, env);
  return {
    port: vars.PORT,
    host: vars.HOST,
    databaseUrl: vars.DATABASE_URL,
    natsUrl: vars.NATS_URL,
    logLevel: vars.LOG_LEVEL,
    limits: {
      contactPer10Minutes: vars.CONTACT_LIMIT_PER_10_MINUTES,
      newsletterPer10Minutes: vars.NEWSLETTER_LIMIT_PER_10_MINUTES,
    },
  };
}
