// The status page's names, limits and messages (ADR 0235), without zod: the marketing page and the
// dashboard's banner import them, and must not pull the schemas in with them.

/** The customer-facing services the page lists, in its order. */
export const STATUS_SERVICES = [
  { id: 'website', name: 'Website' },
  { id: 'customer-portal', name: 'Customer portal' },
  { id: 'api', name: 'API' },
  { id: 'integrations-ingest', name: 'Integrations ingest' },
  { id: 'live-metrics', name: 'Live metrics' },
] as const;

export type StatusServiceId = (typeof STATUS_SERVICES)[number]['id'];
export const STATUS_SERVICE_IDS = STATUS_SERVICES.map(({ id }) => id) as [
  StatusServiceId,
  ...StatusServiceId[],
];
export const statusServiceName = (id: StatusServiceId): string =>
  STATUS_SERVICES.find((service) => service.id === id)?.name ?? id;

/** How long the page shows, in days. */
export const STATUS_HISTORY_DAYS = 90;
/** A sample older than this does not tell the current state (the sampler runs every 30 s). */
export const STATUS_SAMPLE_FRESH_SECONDS = 150;
/** How long `GET /api/status` may be cached, by the service and again by browsers: with samples every 30 s, its figures are at most a minute old. */
export const STATUS_CACHE_SECONDS = 15;
/** Resolved incidents stay on the page this long. */
export const STATUS_RESOLVED_INCIDENT_DAYS = 14;

export type ServiceState = 'operational' | 'degraded' | 'outage' | 'unknown';
export type MeasuredState = Exclude<ServiceState, 'unknown'>;
export type IncidentImpact = 'degraded' | 'outage';
export type IncidentStatus = 'investigating' | 'identified' | 'monitoring' | 'resolved';

export const SERVICE_STATE_LABELS: Record<ServiceState, string> = {
  operational: 'Operational',
  degraded: 'Degraded performance',
  outage: 'Outage',
  unknown: 'No recent data',
};

export const INCIDENT_IMPACT_LABELS: Record<IncidentImpact, string> = {
  degraded: 'Degraded performance',
  outage: 'Outage',
};

export const INCIDENT_STATUS_LABELS: Record<IncidentStatus, string> = {
  investigating: 'Investigating',
  identified: 'Identified',
  monitoring: 'Monitoring',
  resolved: 'Resolved',
};

export const statusMessages = {
  titleRequired: 'Title is required',
  messageRequired: 'Message is required',
  servicesRequired: 'Choose at least one affected service',
  incidentNotFound: 'Incident not found',
  incidentResolved: 'This incident is resolved',
  emailInvalid: 'Please enter a valid email address',
  tokenInvalid: 'This link is invalid or has expired',
  subscribeAccepted: 'Check your inbox: we sent you a link to confirm your subscription.',
  confirmed: 'You are subscribed: we will email you when an incident is opened, updated or resolved.',
  unsubscribed: 'You are unsubscribed: we will not email you about incidents any more.',
  tooManyFromAddress: (wait: string) =>
    `Too many subscription requests from your network. Please try again in ${wait}.`,
  tooManyForEmail: (wait: string) =>
    `Too many subscription requests for this email. Please try again in ${wait}.`,
} as const;

/** `/status?confirm=<token>` and `/status?unsubscribe=<token>`: the mails' links. */
export const statusPageLink = (site: string, action: 'confirm' | 'unsubscribe', token: string) =>
  `${site}/status?${action}=${encodeURIComponent(token)}`;

/** Subscription requests a client address may send in an hour, and those for one email (anti-spam). */
export const STATUS_SUBSCRIBE_PER_ADDRESS_PER_HOUR = 10;
export const STATUS_SUBSCRIBE_PER_EMAIL_PER_HOUR = 3;
/** How long a confirmation link works. */
export const STATUS_CONFIRM_TTL_HOURS = 48;
