import path from 'node:path';
import { envVars, internalPort, type LogLevel, parseEnv, trustedProxiesVar } from '@portal/config';
import { SECTION_NAMES, type SectionName } from '@portal/contracts';
import { z } from 'zod';
import {
  replicaUrlsEnv,
  resolveUpstreams,
  services,
  splitUrls,
  type ServiceName,
  type Upstream,
} from '../routes/route-table';

/** The repository root, the same from `src/config` (tests) and `dist/config` (build). */
const repoRoot = path.resolve(__dirname, '../../..');

// The Content-Security-Policy lets the scheduling widget (Calendly) load from its own hosts only.
const schedulerUrl = z.url({
  protocol: /^https$/,
  hostname: /^calendly\.com$/,
  error: 'must be a Calendly booking page such as https://calendly.com/your-team/discovery-call',
});
// Stripe.js on /checkout: a publishable key only (the secret key belongs to the commerce service).
const stripePublishableKey = z
  .string()
  .regex(/^pk_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe publishable key such as pk_test_… or pk_live_…');
const isHttpUrl = (text: string) => URL.canParse(text) && /^https?:$/.test(new URL(text).protocol);
// A service's replicas, `http://127.0.0.1:3102,http://127.0.0.1:3202`: every entry an http(s) URL.
const replicaUrls = z
  .string()
  .optional()
  .refine(
    (list) => list === undefined || (splitUrls(list).length > 0 && splitUrls(list).every(isHttpUrl)),
    'must list http(s) URLs, comma-separated, such as http://127.0.0.1:3102,http://127.0.0.1:3202',
  );
const serviceUrls = Object.fromEntries(
  Object.values(services).map(({ env }) => [env, envVars.optionalHttpUrl()]),
);
const serviceReplicaUrls = Object.fromEntries(
  Object.values(services).map((definition) => [replicaUrlsEnv(definition), replicaUrls]),
);

const envSchema = z.object({
  // 0 lets the system pick a free port (tests).
  PORT: envVars.port(8080, 0),
  // The gateway faces clients; the services behind it listen on 127.0.0.1.
  HOST: envVars.host('0.0.0.0'),
  // Load balancers in front of the gateway, whose X-Forwarded-For names the client; none by default.
  TRUSTED_PROXIES: trustedProxiesVar([]),
  // /metrics, /livez, /readyz with details (ADR 0209): never proxied, never on the public port.
  INTERNAL_PORT: envVars.optionalInternalPort(),
  INTERNAL_HOST: envVars.host('127.0.0.1'),
  ...serviceUrls,
  ...serviceReplicaUrls,
  // The gateway's own database: /readyz probes it, and it counts /v1 requests when REDIS_URL is unset.
  DATABASE_URL: envVars.optionalPostgresUrl(),
  NATS_URL: envVars.optionalNatsUrl(),
  // Where every replica counts /v1 requests per API key (ADR 0199); else DATABASE_URL.
  REDIS_URL: envVars.optionalMatching(
    /^rediss?:\/\/\S+$/,
    'must be a Redis URL such as redis://127.0.0.1:6379',
  ),
  // The public API's base URL as the docs and /v1/openapi.json show it; default PUBLIC_SITE_URL + /v1.
  PUBLIC_API_URL: envVars.optionalHttpUrl(),
  STATIC_ROOT: z.string().optional(),
  STATIC_REMOTES_URL: envVars.optionalHttpUrl(),
  RELEASES_ROOT: z.string().optional(),
  SCHEDULER_URL: schedulerUrl.optional(),
  STRIPE_PUBLISHABLE_KEY: stripePublishableKey.optional(),
  // Where the public site is reached: absolute URLs in /sitemap.xml and /robots.txt.
  PUBLIC_SITE_URL: envVars.siteOrigin('http://localhost:8080'),
  LOG_LEVEL: envVars.logLevel(),
  // On SIGTERM, keep serving this long with /readyz failing, so the load balancer in front stops first.
  SHUTDOWN_DRAIN_MS: envVars.milliseconds(0, 120_000),
  GATEWAY_WORKERS: envVars.positiveInt(1, 64),
  UPSTREAM_TIMEOUT_MS: envVars.positiveInt(700),
  // How often each replica of a service with several is health-checked (ADR 0213); 0: never.
  UPSTREAM_HEALTH_INTERVAL_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(0)
    .max(60_000)
    .default(1_000),
  LIVE_STREAMS_PER_USER: envVars.positiveInt(5),
});

export interface StaticConfig {
  /** Folder of the shell's build: index.html, mfe-manifest.json, its chunks. */
  shellRoot: string;
  /** Folder of each remote's build, served at /mfe/<name>/ (unused when remotesUrl is set). */
  remoteRoots: Record<SectionName, string>;
  /** When set, /mfe/* is proxied to this origin instead (nginx serving the remotes in containers). */
  remotesUrl: string | undefined;
  /**
   * The sections' release store (`npm run release`, docs/adr/0229): `releases.json` and each version's
   * files, served at /mfe/<name>/releases/<version>/ (by nginx too when remotesUrl is set).
   */
  releasesRoot: string;
}

/** Settings the front end reads at run time from `/runtime-config.json`. */
export interface RuntimeConfig {
  /** The scheduling widget's booking page; null when none is configured (no third-party request). */
  scheduler: { url: string } | null;
  /** Stripe's publishable key for the Payment Element on /checkout; null when payments are not set up. */
  payments: { publishableKey: string } | null;
  /** The public API's base URL, as the docs page shows it. */
  api: { baseUrl: string };
}

export interface GatewayConfig {
  port: number;
  host: string;
  /**
   * The proxies in front of the gateway (`TRUSTED_PROXIES`, Fastify `trustProxy`): the client is the
   * right-most address of `X-Forwarded-For` that none of them wrote, else the socket's peer.
   */
  trustedProxies: string[];
  /** `/metrics`, `/livez`, `/readyz` with details (ADR 0209); default the port + 1000; 0: not served. */
  internalPort: number;
  internalHost: string;
  /** Processes serving the port (node:cluster); 1 runs the gateway in this process. */
  workers: number;
  logLevel: LogLevel;
  /** On SIGTERM, how long the gateway keeps serving with readiness failing (ADR 0214). */
  shutdownDrainMs: number;
  upstreams: Record<ServiceName, Upstream>;
  /** Default time allowed for an upstream's response headers; a service's own timeout wins. */
  upstreamTimeoutMs: number;
  /** Period of the health checks of the replicas of a service that has several; 0 turns them off. */
  upstreamHealthIntervalMs: number;
  /** Live streams (`GET /api/kpi/stream`) one user may hold open in each gateway process. */
  liveStreamsPerUser: number;
  databaseUrl: string | undefined;
  natsUrl: string | undefined;
  redisUrl: string | undefined;
  static: StaticConfig;
  runtime: RuntimeConfig;
  /** The public site's origin, without a trailing slash (`PUBLIC_SITE_URL`). */
  publicSiteUrl: string;
}

/**
 * Reads and checks the environment. STATIC_ROOT is a document root laid out like the site:
 * the shell's files at its top and each remote under `mfe/<name>/`.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  // `VAR=` in a compose file or a shell means "not set".
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const vars = parseEnv(envSchema, present);
  const staticRoot = vars.STATIC_ROOT ? path.resolve(vars.STATIC_ROOT) : undefined;
  const remoteRoot = (name: SectionName) =>
    staticRoot ? path.join(staticRoot, 'mfe', name) : path.join(repoRoot, `mfe-${name}`, 'dist');

  return {
    port: vars.PORT,
    host: vars.HOST,
    trustedProxies: vars.TRUSTED_PROXIES,
    internalPort: internalPort(vars.INTERNAL_PORT, vars.PORT),
    internalHost: vars.INTERNAL_HOST,
    workers: vars.GATEWAY_WORKERS,
    logLevel: vars.LOG_LEVEL,
    shutdownDrainMs: vars.SHUTDOWN_DRAIN_MS,
    upstreams: resolveUpstreams(present),
    upstreamTimeoutMs: vars.UPSTREAM_TIMEOUT_MS,
    upstreamHealthIntervalMs: vars.UPSTREAM_HEALTH_INTERVAL_MS,
    liveStreamsPerUser: vars.LIVE_STREAMS_PER_USER,
    databaseUrl: vars.DATABASE_URL,
    natsUrl: vars.NATS_URL,
    redisUrl: vars.REDIS_URL,
    static: {
      shellRoot: staticRoot ?? path.join(repoRoot, 'shell', 'dist'),
      remoteRoots: Object.fromEntries(SECTION_NAMES.map((name) => [name, remoteRoot(name)])) as Record<
        SectionName,
        string
      >,
      remotesUrl: vars.STATIC_REMOTES_URL?.replace(/\/+$/, ''),
      releasesRoot: path.resolve(vars.RELEASES_ROOT ?? path.join(repoRoot, '.data', 'releases')),
    },
    runtime: {
      scheduler: vars.SCHEDULER_URL ? { url: vars.SCHEDULER_URL } : null,
      payments: vars.STRIPE_PUBLISHABLE_KEY ? { publishableKey: vars.STRIPE_PUBLISHABLE_KEY } : null,
      api: { baseUrl: (vars.PUBLIC_API_URL ?? `${vars.PUBLIC_SITE_URL}/v1`).replace(/\/+$/, '') },
    },
    publicSiteUrl: vars.PUBLIC_SITE_URL,
  };
}
