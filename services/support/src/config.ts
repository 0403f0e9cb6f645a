import { envVars, loadEnv } from '@portal/db';
import { z } from 'zod';

export const supportEnvSchema = z.object({
  PORT: envVars.port(3104),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: envVars.postgresUrl(),
  NATS_URL: envVars.optionalNatsUrl(),
  LOG_LEVEL: envVars.logLevel(),
  IDENTITY_URL: envVars.httpUrl('http://127.0.0.1:3101'),
});

export interface SupportConfig {
  port: number;
  host: string;
  databaseUrl: string;
  /** Unset: events wait in the outbox and sign-outs are known only from this process. */
  natsUrl?: string;
  logLevel: z.infer<typeof supportEnvSchema>['LOG_LEVEL'];
  /** identity's base URL, whose JWKS verifies access tokens. */
  identityUrl: string;
}

/** Reads and validates the environment; a bad or missing variable stops the process naming it. */
export function loadSupportConfig(env: NodeJS.ProcessEnv = process.env): SupportConfig {
  const vars = loadEnv(supportEnvSchema, env);
  return {
    port: vars.PORT,
    host: vars.HOST,
    databaseUrl: vars.DATABASE_URL,
    natsUrl: vars.NATS_URL,
    logLevel: vars.LOG_LEVEL,
    identityUrl: vars.IDENTITY_URL,
  };
}
