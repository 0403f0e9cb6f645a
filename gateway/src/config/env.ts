import path from 'node:path';
import { trustedProxiesVar } from '@portal/nest-http';
import { z } from 'zod';
import { resolveUpstreams, services, type ServiceName, type Upstream } from '../routes/route-table';

/** The repository root, the same from `src/config` (tests) and `dist/config` (build). */
const repoRoot = path.resolve(__dirname, '../../..');

export const remoteNames = ['marketing', 'checkout', 'dashboard'] as const;
export type RemoteName = (typeof remoteNames)[number];

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
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
// Where the public site is reached: absolute URLs in /sitemap.xml and /robots.txt. Origin only (no path).
const siteUrl = httpUrl.refine(
  (url) => /^https?:\/\/[^/?#]+\/?$/.test(url),
  "must be the site's origin alone, such as https://www.example.com",
);
const serviceUrls = Object.fromEntries(Object.values(services).map(({ env }) => [env, httpUrl.optional()]));

const envSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(8080),
  // The gateway faces clients; the services behind it listen on 127.0.0.1.
  HOST: z.string().default('0.0.0.0'),
  // Load balancers in front of the gateway, whose X-Forwarded-For names the client; none by default.
  TRUSTED_PROXIES: trustedProxiesVar([]),
  ...serviceUrls,
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  NATS_URL: z.url({ protocol: /^(nats|tls|wss?)$/, error: 'must be a nats:// URL' }).optional(),
  STATIC_ROOT: z.string().optional(),
  STATIC_REMOTES_URL: httpUrl.optional(),
  SCHEDULER_URL: schedulerUrl.optional(),
  STRIPE_PUBLISHABLE_KEY: stripePublishableKey.optional(),
  PUBLIC_SITE_URL: siteUrl.default('http://localhost:8080'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  GATEWAY_WORKERS: z.coerce
    .number({ error: 'must be a number of processes' })
    .int()
    .min(1, 'must be at least 1')
    .max(64)
    .default(1),
  UPSTREAM_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(1)
    .default(700),
  LIVE_STREAMS_PER_USER: z.coerce
    .number({ error: 'must be a number of streams' })
    .int()
    .min(1, 'must be at least 1')
    .default(5),
});

export interface StaticConfig {
  /** Folder of the shell's build: index.html, mfe-manifest.json, its chunks. */
  shellRoot: string;
  /** Folder of each remote's build, served at /mfe/<name>/ (unused when remotesUrl is set). */
  remoteRoots: Record<RemoteName, string>;
  /** When set, /mfe/* is proxied to this origin instead (nginx serving the remotes in containers). */
  remotesUrl: string | undefined;
}

/** Settings the front end reads at run time from `/runtime-config.json`. */
export interface RuntimeConfig {
  /** The scheduling widget's booking page; null when none is configured (no third-party request). */
  scheduler: { url: string } | null;
  /** Stripe's publishable key for the Payment Element on /checkout; null when payments are not set up. */
  payments: { publishableKey: string } | null;
}

export interface GatewayConfig {
  port: number;
  host: string;
  /**
   * The proxies in front of the gateway (`TRUSTED_PROXIES`, Fastify `trustProxy`): the client is the
   * right-most address of `X-Forwarded-For` that none of them wrote, else the socket's peer.
   */
  trustedProxies: string[];
  /** Processes serving the port (node:cluster); 1 runs the gateway in this process. */
  workers: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  upstreams: Record<ServiceName, Upstream>;
  /** Default time allowed for an upstream's response headers; a service's own timeout wins. */
  upstreamTimeoutMs: number;
  /** Live streams (`GET /api/kpi/stream`) one user may hold open in each gateway process. */
  liveStreamsPerUser: number;
  databaseUrl: string | undefined;
  natsUrl: string | undefined;
  static: StaticConfig;
  runtime: RuntimeConfig;
  /** The public site's origin, without a trailing slash (`PUBLIC_SITE_URL`). */
  publicSiteUrl: string;
}

export class ConfigError extends Error {}

/**
 * Reads and checks the environment. STATIC_ROOT is a document root laid out like the site:
 * the shell's files at its top and each remote under `mfe/<name>/`.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  // `VAR=` in a compose file or a shell means "not set".
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment: ${problems.join('; ')}`);
  }
  const vars = parsed.data;
  const staticRoot = vars.STATIC_ROOT ? path.resolve(vars.STATIC_ROOT) : undefined;
  const remoteRoot = (name: RemoteName) =>
    staticRoot ? path.join(staticRoot, 'mfe', name) : path.join(repoRoot, `mfe-${name}`, 'dist');

  return {
    port: vars.PORT,
    host: vars.HOST,
    trustedProxies: vars.TRUSTED_PROXIES,
    workers: vars.GATEWAY_WORKERS,
    logLevel: vars.LOG_LEVEL,
    upstreams: resolveUpstreams(present),
    upstreamTimeoutMs: vars.UPSTREAM_TIMEOUT_MS,
    liveStreamsPerUser: vars.LIVE_STREAMS_PER_USER,
    databaseUrl: vars.DATABASE_URL,
    natsUrl: vars.NATS_URL,
    static: {
      shellRoot: staticRoot ?? path.join(repoRoot, 'shell', 'dist'),
      remoteRoots: Object.fromEntries(remoteNames.map((name) => [name, remoteRoot(name)])) as Record<
        RemoteName,
        string
      >,
      remotesUrl: vars.STATIC_REMOTES_URL?.replace(/\/+$/, ''),
    },
    runtime: {
      scheduler: vars.SCHEDULER_URL ? { url: vars.SCHEDULER_URL } : null,
      payments: vars.STRIPE_PUBLISHABLE_KEY ? { publishableKey: vars.STRIPE_PUBLISHABLE_KEY } : null,
    },
    publicSiteUrl: vars.PUBLIC_SITE_URL.replace(/\/$/, ''),
  };
}
