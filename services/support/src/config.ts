import { identityUrlEnv, loadEnv, serviceConfig, type ServiceConfig, serviceEnv } from '@portal/db';
import { z } from 'zod';

export const supportEnvSchema = z.object({
  ...serviceEnv(3104),
  ...identityUrlEnv(),
});

export interface SupportConfig extends ServiceConfig {
  /** identity's base URL, whose JWKS verifies access tokens. */
  identityUrl: string;
}

/** Reads and validates the environment; a bad or missing variable stops the process naming it. */
export function loadSupportConfig(env: NodeJS.ProcessEnv = process.env): SupportConfig {
  const vars = loadEnv(supportEnvSchema, env);
  return {
    ...serviceConfig(vars),
    identityUrl: vars.IDENTITY_URL,
  };
}
