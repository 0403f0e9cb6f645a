import { z } from 'zod';
import { loadEnv } from './parse-env';
import { envVars, internalPort, type LogLevel } from './env-vars';
import { trustedProxiesVar } from './trusted-proxies';

/** Whom a service believes about the client's address unless told: the gateway beside it, on loopback. */
export const DEFAULT_TRUSTED_PROXIES = ['loopback'];

/**
 * The variables every service reads; its own follow them in its schema (`{ ...serviceEnv(3104), … }`).
 * Only the gateway faces clients: a service listens on 127.0.0.1 and believes `X-Forwarded-For` from
 * loopback alone unless told otherwise (containers: `HOST=0.0.0.0`, `TRUSTED_PROXIES=<the gateway>`).
 */
export const serviceEnv = (defaultPort: number) => ({
  PORT: envVars.port(defaultPort),
  HOST: envVars.host('127.0.0.1'),
  TRUSTED_PROXIES: trustedProxiesVar(DEFAULT_TRUSTED_PROXIES),
  DATABASE_URL: envVars.postgresUrl(),
  NATS_URL: envVars.optionalNatsUrl(),
  LOG_LEVEL: envVars.logLevel(),
  SHUTDOWN_DRAIN_MS: envVars.milliseconds(0, 120_000),
  INTERNAL_PORT: envVars.optionalInternalPort(),
  INTERNAL_HOST: envVars.host('127.0.0.1'),
});

/** A service that verifies access tokens reads identity's JWKS here. */
export const identityUrlEnv = () => ({ IDENTITY_URL: envVars.httpUrl('http://127.0.0.1:3101') });

export interface ServiceConfig {
  port: number;
  host: string;
  /** The peers whose `X-Forwarded-For` names the client (Fastify `trustProxy`): the gateway. */
  trustedProxies: string[];
  databaseUrl: string;
  /** Unset: events wait in the outbox (and sign-outs are known only from the process that made them). */
  natsUrl?: string;
  logLevel: LogLevel;
  /**
   * On SIGTERM, how long the service keeps serving while answering `/readyz` with 503, so load
   * balancers stop sending before it closes: 0 on a laptop, a few seconds behind Kubernetes.
   */
  shutdownDrainMs: number;
  /** `/metrics`, `/livez` and `/readyz` with details (ADR 0209); 0: not served. */
  internalPort: number;
  /** 127.0.0.1, or 0.0.0.0 in a container where Prometheus and the kubelet reach it. */
  internalHost: string;
}

type ServiceEnv = z.output<z.ZodObject<ReturnType<typeof serviceEnv>>>;

/** The config of `serviceEnv`'s variables, as every service's loader starts it. */
export function serviceConfig(vars: ServiceEnv): ServiceConfig {
  return {
    port: vars.PORT,
    host: vars.HOST,
    trustedProxies: vars.TRUSTED_PROXIES,
    databaseUrl: vars.DATABASE_URL,
    natsUrl: vars.NATS_URL,
    logLevel: vars.LOG_LEVEL,
    shutdownDrainMs: vars.SHUTDOWN_DRAIN_MS,
    internalPort: internalPort(vars.INTERNAL_PORT, vars.PORT),
    internalHost: vars.INTERNAL_HOST,
  };
}

/** A service's config loader: `(env = process.env) => config`, stopping the process on a bad variable. */
export type ServiceConfigLoader<Config extends ServiceConfig> = (env?: NodeJS.ProcessEnv) => Config;

/**
 * A service's config loader from its env schema (`serviceEnv` and its own variables) and what it makes
 * of its own variables: `serviceConfig`'s fields come first, `own(vars)` adds the rest. A bad or
 * missing variable stops the process naming it.
 */
export function serviceConfigLoader<S extends z.ZodObject<ReturnType<typeof serviceEnv>>, Own>(
  schema: S,
  own: (vars: z.output<S>) => Own,
): ServiceConfigLoader<ServiceConfig & Own> {
  return (env = process.env) => {
    const vars = loadEnv(schema, env);
    return { ...serviceConfig(vars), ...own(vars) };
  };
}
