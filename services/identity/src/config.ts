import { envVars, loadEnv } from '@portal/db';
import { z } from 'zod';

export const identityEnvSchema = z.object({
  PORT: envVars.port(3101),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: envVars.postgresUrl(),
  NATS_URL: envVars.optionalNatsUrl(),
  LOG_LEVEL: envVars.logLevel(),
});

export interface IdentityConfig {
  port: number;
  host: string;
  databaseUrl: string;
  /** Unset: events wait in the outbox. */
  natsUrl?: string;
  logLevel: z.infer<typeof identityEnvSchema>['LOG_LEVEL'];
}

export const IDENTITY_CONFIG = Symbol('IDENTITY_CONFIG');

/** Reads and validates the environment; a bad or missing variable stops the process naming it. */
export function loadIdentityConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  const vars = loadEnv(identityEnvSchema, env);
  return {
    port: vars.PORT,
    host: vars.HOST,
    databaseUrl: vars.DATABASE_URL,
    natsUrl: vars.NATS_URL,
    logLevel: vars.LOG_LEVEL,
  };
}
