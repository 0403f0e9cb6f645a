import { z } from 'zod';
import { emailSchema } from '../identity/auth';
import { requiredText } from '../text';
import { STATUS_SERVICE_IDS, STATUS_SERVICES, statusMessages } from './status-services';

/**
 * The public service status page (ADR 0235), owned by support's `status/` feature.
 *
 * `GET /api/status` (anyone, cached ≤ 30 s): each customer-facing service's current state, its daily
 * uptime over the last 90 days (measured from the gateway's samples; a day without samples is `null`,
 * "no data", never 100%), its 90-day uptime, and the open and recently resolved incidents.
 *
 * `POST /api/status/subscriptions` (anyone) `{ email }`: 202, and a confirmation mail (double opt-in);
 * `POST /api/status/subscriptions/confirm` `{ token }` and `…/unsubscribe` `{ token }`: the mails' links.
 *
 * Staff (`@StaffOnly()`): `GET /api/support/staff/incidents`, `POST /api/support/staff/incidents`
 * (open one) and `POST /api/support/staff/incidents/:id/updates` (an update; `resolved` resolves it).
 */

/** A measured state: `degraded` means it answers with a part of what it needs down. */
export const measuredStateSchema = z.enum(['operational', 'degraded', 'outage']);
/** What the page shows: a measured state, or `unknown` when no recent sample says. */
export const serviceStateSchema = z.enum(['operational', 'degraded', 'outage', 'unknown']);

/** What an incident does to the services it names: `degraded` or `outage`. */
export const incidentImpactSchema = z.enum(['degraded', 'outage'], {
  error: 'Impact must be degraded or outage',
});

export const incidentStatusSchema = z.enum(['investigating', 'identified', 'monitoring', 'resolved'], {
  error: 'Status must be investigating, identified, monitoring or resolved',
});

export const statusServiceIdSchema = z.enum(STATUS_SERVICE_IDS, {
  error: 'Unknown service',
});

// Staff -------------------------------------------------------------------------------------------

export const openIncidentRequestSchema = z.strictObject({
  title: requiredText(statusMessages.titleRequired, 200),
  services: z
    .array(statusServiceIdSchema, { error: statusMessages.servicesRequired })
    .min(1, statusMessages.servicesRequired)
    .max(STATUS_SERVICES.length)
    .refine((ids) => new Set(ids).size === ids.length, 'Each service may be named once'),
  impact: incidentImpactSchema,
  /** The first update (its status is `investigating` unless given). */
  status: incidentStatusSchema.exclude(['resolved']).optional(),
  message: requiredText(statusMessages.messageRequired, 2000),
});
export type OpenIncidentRequest = z.input<typeof openIncidentRequestSchema>;

export const incidentUpdateRequestSchema = z.strictObject({
  status: incidentStatusSchema,
  message: requiredText(statusMessages.messageRequired, 2000),
  /** A changed impact (e.g. an outage down to degraded while monitoring). */
  impact: incidentImpactSchema.optional(),
});
export type IncidentUpdateRequest = z.input<typeof incidentUpdateRequestSchema>;

export const incidentUpdateSchema = z.object({
  id: z.uuid(),
  status: incidentStatusSchema,
  message: z.string(),
  createdAt: z.iso.datetime(),
});
export type IncidentUpdate = z.infer<typeof incidentUpdateSchema>;

export const incidentSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  impact: incidentImpactSchema,
  status: incidentStatusSchema,
  services: z.array(statusServiceIdSchema),
  startedAt: z.iso.datetime(),
  resolvedAt: z.iso.datetime().nullable(),
  /** Newest first. */
  updates: z.array(incidentUpdateSchema),
});
export type Incident = z.infer<typeof incidentSchema>;

export const incidentListResponseSchema = z.object({ incidents: z.array(incidentSchema) });
export type IncidentListResponse = z.infer<typeof incidentListResponseSchema>;
export const incidentResponseSchema = z.object({ incident: incidentSchema });
export type IncidentResponse = z.infer<typeof incidentResponseSchema>;

// Public ------------------------------------------------------------------------------------------

export const uptimeDaySchema = z.object({
  /** The UTC day, `YYYY-MM-DD`. */
  date: z.iso.date(),
  /** Percentage of the day's sampled minutes that were not an outage; null: no samples that day. */
  uptime: z.number().min(0).max(100).nullable(),
  /** Minutes with samples (the sampler writes one row per service and minute). */
  sampledMinutes: z.number().int().nonnegative(),
  /** Of the sampled minutes, those degraded (slow or partly working): up, but shown on the day. */
  degradedMinutes: z.number().int().nonnegative(),
});
export type UptimeDay = z.infer<typeof uptimeDaySchema>;

export const serviceStatusSchema = z.object({
  id: statusServiceIdSchema,
  name: z.string(),
  state: serviceStateSchema,
  /** The measured state before incidents were applied; null without a recent sample. */
  measured: measuredStateSchema.nullable(),
  /** Over the sampled minutes of the 90 days; null when none was sampled. */
  uptime: z.number().min(0).max(100).nullable(),
  /** 90 days, oldest first, today last. */
  days: z.array(uptimeDaySchema),
});
export type ServiceStatus = z.infer<typeof serviceStatusSchema>;

export const statusPageSchema = z.object({
  generatedAt: z.iso.datetime(),
  /** The worst state of the services. */
  overall: serviceStateSchema,
  /** Over every service's sampled minutes of the 90 days; null when none. */
  uptime: z.number().min(0).max(100).nullable(),
  services: z.array(serviceStatusSchema),
  /** Open ones first, then those resolved in the last 14 days; newest first in each. */
  incidents: z.array(incidentSchema),
});
export type StatusPage = z.infer<typeof statusPageSchema>;

export const statusSubscribeRequestSchema = z.strictObject({
  email: emailSchema,
});
export type StatusSubscribeRequest = z.input<typeof statusSubscribeRequestSchema>;

export const statusTokenRequestSchema = z.strictObject({
  token: z
    .string({ error: statusMessages.tokenInvalid })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, statusMessages.tokenInvalid),
});
export type StatusTokenRequest = z.input<typeof statusTokenRequestSchema>;

export const statusMessageResponseSchema = z.object({ message: z.string() });
export type StatusMessageResponse = z.infer<typeof statusMessageResponseSchema>;
