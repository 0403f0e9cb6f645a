import { randomBytes } from 'node:crypto';
import type { WebhookSettings } from '../config';
import type { WebhookSchedule } from './webhook-schedule';
import type { HostResolver } from '@portal/nest-http';

/** How the webhook feature runs in this process (ADR 0202). */
export interface WebhookOptions extends WebhookSettings {
  /** crm's database: the worker LISTENs on it for new deliveries. */
  databaseUrl: string;
  schedule: WebhookSchedule;
  /** Attempts in flight for one endpoint in this process, so one slow receiver never fills them all. */
  perEndpointConcurrency: number;
  /** The safety net when a wake-up is lost (another replica's lease ran out, the LISTEN link is down). */
  pollIntervalMs: number;
  /** How host names are resolved (the system's resolver; tests name their own). */
  resolve?: HostResolver;
}

export const WEBHOOK_OPTIONS = Symbol('WEBHOOK_OPTIONS');

/** The channel a committed delivery notifies: every crm replica's worker wakes on it. */
export const WEBHOOK_DELIVERIES_CHANNEL = 'crm_webhook_deliveries';

/** A seal's context: a secret moved to another row or column does not open. */
export const webhookSecretContext = (endpointId: string) => `webhook_endpoints:${endpointId}:signing_secret`;

/** The context of an organization's callback signing secret (ADR 0206). */
export const callbackSecretContext = (organizationId: string) =>
  `webhook_callback_secrets:${organizationId}:signing_secret`;

/** A fresh signing secret: `whsec_` and 32 random bytes, base64url. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;
