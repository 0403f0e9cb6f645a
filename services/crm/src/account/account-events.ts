import type { StreamOptions } from '@portal/events';

/** Where crm consumes account events from. */
export interface AccountEventsOptions {
  /** Unset: nothing is consumed (a deleted account's integrations stay until NATS is configured). */
  natsUrl?: string;
  databaseUrl: string;
  /** Default `PORTAL`; tests use a stream and subject prefix of their own. */
  stream?: StreamOptions;
  /** First token of the subjects consumed; default `portal`. */
  subjectPrefix?: string;
}

export const ACCOUNT_EVENTS_OPTIONS = Symbol('ACCOUNT_EVENTS_OPTIONS');
