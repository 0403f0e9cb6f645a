import { APPLICATION_BODY_MAX_BYTES, ATTACHMENT_MAX_BYTES } from '@portal/contracts';

// The one place that says which backend service answers which /api path.
// Adding a service is one line in `services` (its URL variable and default) plus its prefixes in `routes`.

export interface ServiceDefinition {
  /** Environment variable holding the service's base URL; with an `S` (`COMMERCE_URLS`), its replicas' URLs. */
  env: string;
  defaultUrl: string;
  /** Time allowed for the response headers (ms); the gateway default applies when absent. */
  timeoutMs?: number;
}

export const services = {
  identity: { env: 'IDENTITY_URL', defaultUrl: 'http://127.0.0.1:3101' },
  commerce: { env: 'COMMERCE_URL', defaultUrl: 'http://127.0.0.1:3102' },
  crm: { env: 'CRM_URL', defaultUrl: 'http://127.0.0.1:3103' },
  support: { env: 'SUPPORT_URL', defaultUrl: 'http://127.0.0.1:3104' },
  kpi: { env: 'KPI_URL', defaultUrl: 'http://127.0.0.1:3105' },
} satisfies Record<string, ServiceDefinition>;

export type ServiceName = keyof typeof services;

export interface RouteDefinition {
  /** Matches the prefix itself and everything below it (`/api/auth`, `/api/auth/login`), not `/api/authx`. */
  prefix: string;
  service: ServiceName;
  /** Time allowed for the response headers (ms) on this prefix; else the service's, else the gateway's. */
  timeoutMs?: number;
  /** Largest request body (bytes) on this prefix; else the gateway's 1 MB. */
  bodyLimit?: number;
}

// argon2id is slow on purpose (~20 ms a hash) and identity runs few at a time, so under a burst of
// sign-ins a request may queue for a while behind others; it must not be cut off at the API default.
const passwordHashingTimeoutMs = 10_000;
// Checkout waits on Stripe: commerce allows it two attempts of 5 s each.
const paymentProviderTimeoutMs = 15_000;

export const routes: readonly RouteDefinition[] = [
  { prefix: '/api/auth/login', service: 'identity', timeoutMs: passwordHashingTimeoutMs },
  { prefix: '/api/auth/register', service: 'identity', timeoutMs: passwordHashingTimeoutMs },
  // These also hash or check a password (a new one, or the current one confirming the change).
  { prefix: '/api/auth/reset-password', service: 'identity', timeoutMs: passwordHashingTimeoutMs },
  { prefix: '/api/account/password', service: 'identity', timeoutMs: passwordHashingTimeoutMs },
  { prefix: '/api/account/email', service: 'identity', timeoutMs: passwordHashingTimeoutMs },
  { prefix: '/api/account/delete', service: 'identity', timeoutMs: passwordHashingTimeoutMs },
  { prefix: '/api/account/two-factor/enable', service: 'identity', timeoutMs: passwordHashingTimeoutMs },
  { prefix: '/api/account/two-factor/disable', service: 'identity', timeoutMs: passwordHashingTimeoutMs },
  { prefix: '/api/auth', service: 'identity' },
  { prefix: '/api/identity', service: 'identity' },
  // "Export my data": identity answers its own part at /api/account/export, every other service its
  // part below it. The router prefers the longer static prefix, so these win over /api/account.
  { prefix: '/api/account/export/commerce', service: 'commerce' },
  { prefix: '/api/account/export/crm', service: 'crm' },
  { prefix: '/api/account/export/support', service: 'support' },
  { prefix: '/api/account/export/kpi', service: 'kpi' },
  { prefix: '/api/account', service: 'identity' },
  // Teams: the caller's organizations, the team page (members, invitations, audit) and the public
  // invitation link's preview and its acceptance.
  { prefix: '/api/organizations', service: 'identity' },
  { prefix: '/api/team', service: 'identity' },
  { prefix: '/api/invitations', service: 'identity' },
  { prefix: '/api/create-payment-intent', service: 'commerce', timeoutMs: paymentProviderTimeoutMs },
  { prefix: '/api/user/orders', service: 'commerce' },
  // Subscriptions of paid packages: changes, cancellation, money-back requests (ADR 0233).
  { prefix: '/api/user/subscriptions', service: 'commerce' },
  // Staff's orders and refunds (refunds wait on Stripe like checkout).
  { prefix: '/api/commerce/staff', service: 'commerce', timeoutMs: paymentProviderTimeoutMs },
  { prefix: '/api/packages', service: 'commerce' },
  { prefix: '/api/stripe', service: 'commerce' },
  { prefix: '/api/contact', service: 'crm' },
  { prefix: '/api/crm', service: 'crm' },
  { prefix: '/api/newsletter', service: 'crm' },
  // Job applications carry a CV of up to 5 MB (multipart); crm bounds the body again.
  { prefix: '/api/careers', service: 'crm', bodyLimit: APPLICATION_BODY_MAX_BYTES },
  // Ticket attachments: the file's bytes, up to 10 MB (support bounds the body again).
  { prefix: '/api/support/attachments', service: 'support', bodyLimit: ATTACHMENT_MAX_BYTES },
  { prefix: '/api/support/staff/attachments', service: 'support', bodyLimit: ATTACHMENT_MAX_BYTES },
  { prefix: '/api/support', service: 'support' },
  // The public status page: services' states and uptime, incidents, subscriptions (ADR 0235).
  { prefix: '/api/status', service: 'support' },
  // `GET /api/kpi/stream`, the dashboard's live metrics, is the gateway's own route (live-metrics/).
  { prefix: '/api/kpi', service: 'kpi' },
  // The Developers page: API keys are identity's, outbound webhooks crm's (ADR 0199).
  { prefix: '/api/developers/keys', service: 'identity' },
  { prefix: '/api/developers/webhooks', service: 'crm' },
  { prefix: '/api/developers/callbacks', service: 'crm' },
];

/** The public API (`/v1`, API keys, ADR 0199): each prefix to the service that owns it, path unchanged. */
export const publicApiRoutes: readonly RouteDefinition[] = [
  { prefix: '/v1/tickets', service: 'support' },
  { prefix: '/v1/agents', service: 'support' },
  { prefix: '/v1/webhook_endpoints', service: 'crm' },
];

/** A service as the running gateway sees it. */
export interface Upstream {
  name: ServiceName;
  /** Each replica's origin (and optional base path) without a trailing slash; at least one. */
  urls: string[];
  timeoutMs: number | undefined;
}

/** The variable listing a service's replicas, comma-separated: `COMMERCE_URLS` beside `COMMERCE_URL`. */
export const replicaUrlsEnv = (definition: ServiceDefinition) => `${definition.env}S`;

/** Each service's replicas: its `…_URLS` list, else its one `…_URL`, else its default. */
export function resolveUpstreams(env: Record<string, string | undefined>): Record<ServiceName, Upstream> {
  const entries = Object.entries(services).map(([name, definition]: [string, ServiceDefinition]) => {
    const list = env[replicaUrlsEnv(definition)];
    const urls = list ? splitUrls(list) : [env[definition.env] ?? definition.defaultUrl];
    return [
      name,
      { name, urls: urls.map((url) => url.replace(/\/+$/, '')), timeoutMs: definition.timeoutMs },
    ];
  });
  return Object.fromEntries(entries) as Record<ServiceName, Upstream>;
}

/** `http://a:1, http://b:2,` → its URLs. */
export const splitUrls = (list: string) =>
  list
    .split(',')
    .map((url) => url.trim())
    .filter((url) => url !== '');
