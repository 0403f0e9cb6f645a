import { DEFAULT_TRUSTED_PROXIES, trustedProxiesVar } from '@portal/nest-http';
import { z } from 'zod';

/** The environment failed validation; `problems` has one line per variable, naming it. */
export class EnvValidationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'EnvValidationError';
  }
}

const english = z.locales.en();

const describeIssue: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'is required but not set';
  const found = english.localeError(issue);
  return typeof found === 'string' ? found : (found?.message ?? 'is invalid');
};

/** Validates `env` against `schema`; throws EnvValidationError naming every bad or missing variable. */
export function parseEnv<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env, { error: describeIssue });
  if (result.success) return result.data;
  throw new EnvValidationError(
    result.error.issues.map(
      (issue) => `${issue.path.map(String).join('.') || '(environment)'}: ${issue.message}`,
    ),
  );
}

/**
 * For a service's boot: like parseEnv, but a bad configuration prints the problems to stderr and
 * stops the process with exit code 1.
 */
export function loadEnv<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  try {
    return parseEnv(schema, env);
  } catch (error) {
    if (!(error instanceof EnvValidationError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

// An empty variable (`NATS_URL=`) means "not set".
const unsetIfEmpty = (value: unknown) => (value === '' ? undefined : value);

/** Building blocks for service env schemas. */
export const envVars = {
  port: (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback),
  /** A count or a duration such as a rate limit: a whole number of at least 1. */
  positiveInt: (fallback: number) => z.coerce.number().int().min(1).default(fallback),
  postgresUrl: () =>
    z.url({
      protocol: /^postgres(ql)?$/,
      error: (issue) =>
        issue.input === undefined
          ? 'is required but not set'
          : 'must be a PostgreSQL URL such as postgres://user:password@host:5432/database',
    }),
  optionalNatsUrl: () =>
    z.preprocess(
      unsetIfEmpty,
      z
        .string()
        .regex(/^(nats|tls|ws|wss):\/\/[^\s]+$/, 'must be a NATS URL such as nats://127.0.0.1:4222')
        .optional(),
    ),
  /** An http(s) URL, e.g. another service's base URL. */
  httpUrl: (fallback: string) =>
    z.preprocess(
      unsetIfEmpty,
      z
        .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://127.0.0.1:3101' })
        .default(fallback),
    ),
  /** Where the public site is reached, e.g. `https://www.example.com`: an http(s) origin, no trailing slash. */
  siteOrigin: (fallback: string) =>
    z.preprocess(
      unsetIfEmpty,
      z
        .string()
        .refine(
          (text) => /^https?:\/\/[^/?#\s]+\/?$/.test(text) && URL.canParse(text),
          "must be the site's origin alone, such as https://www.example.com",
        )
        .default(fallback)
        .transform((origin) => origin.replace(/\/$/, '')),
    ),
  /** A value that may be left unset (or empty); when set it must match `pattern`, else `hint` is shown. */
  optionalMatching: (pattern: RegExp, hint: string) =>
    z.preprocess(unsetIfEmpty, z.string().regex(pattern, hint).optional()),
  logLevel: () =>
    z.preprocess(
      unsetIfEmpty,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
};

/**
 * The variables every service reads; its own follow them in its schema (`{ ...serviceEnv(3104), … }`).
 * Only the gateway faces clients: a service listens on 127.0.0.1 and believes `X-Forwarded-For` from
 * loopback alone unless told otherwise (containers: `HOST=0.0.0.0`, `TRUSTED_PROXIES=<the gateway>`).
 */
export const serviceEnv = (defaultPort: number) => ({
  PORT: envVars.port(defaultPort),
  HOST: z.preprocess(unsetIfEmpty, z.string().default('127.0.0.1')),
  TRUSTED_PROXIES: trustedProxiesVar(DEFAULT_TRUSTED_PROXIES),
  DATABASE_URL: envVars.postgresUrl(),
  NATS_URL: envVars.optionalNatsUrl(),
  LOG_LEVEL: envVars.logLevel(),
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
  logLevel: z.output<ReturnType<typeof envVars.logLevel>>;
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
  };
}
