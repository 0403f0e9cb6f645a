import { z } from 'zod';

// An empty variable (`NATS_URL=`) means "not set".
const unsetIfEmpty = (value: unknown) => (value === '' ? undefined : value);

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const httpUrl = () =>
  z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://127.0.0.1:3101' });

/** Building blocks of the env schemas of the gateway and the services. */
export const envVars = {
  /** A TCP port; `lowest` 0 lets the system pick a free one (tests). */
  port: (fallback: number, lowest = 1) =>
    z.coerce
      .number({ error: 'must be a port number' })
      .int('must be a port number')
      .min(lowest)
      .max(65535)
      .default(fallback),
  /** `INTERNAL_PORT` (ADR 0209): a port, 0 to turn the internal listener off; unset, see `internalPort`. */
  optionalInternalPort: () =>
    z.preprocess(
      unsetIfEmpty,
      z.coerce
        .number({ error: 'must be a port number, or 0 to turn the internal listener off' })
        .int('must be a port number, or 0 to turn the internal listener off')
        .min(0)
        .max(65535)
        .optional(),
    ),
  /** The interface to listen on, e.g. `127.0.0.1` or `0.0.0.0`. */
  host: (fallback: string) => z.preprocess(unsetIfEmpty, z.string().default(fallback)),
  /** `true` or `false`; unset or empty is `fallback`. */
  boolean: (fallback: boolean) =>
    z.preprocess(
      unsetIfEmpty,
      z
        .enum(['true', 'false'], { error: 'must be true or false' })
        .default(fallback ? 'true' : 'false')
        .transform((value) => value === 'true'),
    ),
  /** A count or a duration such as a rate limit: a whole number of at least 1 (and at most `most`). */
  positiveInt: (fallback: number, most = Number.MAX_SAFE_INTEGER) =>
    z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(most)
      .default(fallback),
  /** A duration in milliseconds: a whole number from 0 to `most`. */
  milliseconds: (fallback: number, most: number) =>
    z.coerce
      .number({ error: 'must be a whole number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(0, 'must be at least 0')
      .max(most)
      .default(fallback),
  postgresUrl: () =>
    z.url({
      protocol: /^postgres(ql)?$/,
      error: (issue) =>
        issue.input === undefined
          ? 'is required but not set'
          : 'must be a PostgreSQL URL such as postgres://user:password@host:5432/database',
    }),
  optionalPostgresUrl: () => z.preprocess(unsetIfEmpty, envVars.postgresUrl().optional()),
  optionalNatsUrl: () =>
    z.preprocess(
      unsetIfEmpty,
      z
        .string()
        .regex(/^(nats|tls|ws|wss):\/\/[^\s]+$/, 'must be a NATS URL such as nats://127.0.0.1:4222')
        .optional(),
    ),
  /** An http(s) URL, e.g. another service's base URL. */
  httpUrl: (fallback: string) => z.preprocess(unsetIfEmpty, httpUrl().default(fallback)),
  /** An http(s) URL that may be left unset (or empty). */
  optionalHttpUrl: () => z.preprocess(unsetIfEmpty, httpUrl().optional()),
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
  logLevel: () => z.preprocess(unsetIfEmpty, z.enum(LOG_LEVELS).default('info')),
};

export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * The internal listener's port (`/metrics`, `/livez`, `/readyz` with details): `INTERNAL_PORT` when set,
 * else the main port + 1000 (identity 3101 → 4101, the gateway 8080 → 9080); 0 (off) when the main
 * port is picked by the system or has no such neighbour.
 */
export function internalPort(explicit: number | undefined, mainPort: number): number {
  if (explicit !== undefined) return explicit;
  return mainPort === 0 || mainPort + 1000 > 65535 ? 0 : mainPort + 1000;
}
