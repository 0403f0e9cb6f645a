import { identityUrlEnv, type ServiceConfig, serviceConfigLoader, serviceEnv } from '@portal/config';
import { z } from 'zod';

export const kpiEnvSchema = z.object({
  ...serviceEnv(3105),
  ...identityUrlEnv(),
});

export interface KpiConfig extends ServiceConfig {
  /** identity's base URL, whose JWKS verifies access tokens. */
  identityUrl: string;
}

export const KPI_CONFIG = Symbol('KPI_CONFIG');

/** Reads and validates the environment; a bad or missing variable stops the process naming it. */
export const loadKpiConfig = serviceConfigLoader(kpiEnvSchema, (vars) => ({
  identityUrl: vars.IDENTITY_URL,
}));
