import { envVars, loadEnv } from '@portal/db';
import { z } from 'zod';

export const kpiEnvSchema = z.object({
  PORT: envVars.port(3105),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: envVars.postgresUrl(),
  NATS_URL: envVars.optionalNatsUrl(),
  LOG_LEVEL: envVars.logLevel(),
  IDENTITY_URL: envVars.httpUrl('http://127.0.0.1:3101'),
});

export interface KpiConfig {
  port: number;
  host: string;
  databaseUrl: string;
  /**
   * Unset: no metric is counted (kpi learns of calls and leads only from NATS), its own events wait in
   * the outbox, and only sign-outs made in this process are known.
   */
  natsUrl?: string;
  logLevel: z.infer<typeof kpiEnvSchema>['LOG_LEVEL'];
  /** identity's base URL, whose JWKS verifies access tokens. */
  identityUrl: string;
}

export const KPI_CONFIG = Symbol('KPI_CONFIG');

/** Reads and validates the environment; a bad or missing variable stops the process naming it. */
export function loadKpiConfig(env: NodeJS.ProcessEnv = process.env): KpiConfig {
  const vars = loadEnv(kpiEnvSchema, env);
  return {
    port: vars.PORT,
    host: vars.HOST,
    databaseUrl: vars.DATABASE_URL,
    natsUrl: vars.NATS_URL,
    logLevel: vars.LOG_LEVEL,
    identityUrl: vars.IDENTITY_URL,
  };
}
