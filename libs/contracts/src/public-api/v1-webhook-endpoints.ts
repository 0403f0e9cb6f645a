import { z } from 'zod';
import {
  createWebhookEndpointRequestSchema,
  updateWebhookEndpointRequestSchema,
  webhookEndpointStatusSchema,
  webhookEventTypeSchema,
} from '../developers/webhooks';
import { v1ListSchema } from './v1';

// Webhook endpoints -----------------------------------------------------------------------------
// The Developers page's endpoints (`webhooks:manage`), as the API shows them; the same rules judge
// a body as on the page (ADR 0205). A file of its own: developers/webhooks.ts reads v1.ts.

/** `POST /v1/webhook_endpoints`: url, events and an optional description. */
export const v1CreateWebhookEndpointRequestSchema = createWebhookEndpointRequestSchema;
export type V1CreateWebhookEndpointRequest = z.input<typeof v1CreateWebhookEndpointRequestSchema>;

/** `POST /v1/webhook_endpoints/{id}`: any of url, events, description, enabled. */
export const v1UpdateWebhookEndpointRequestSchema = updateWebhookEndpointRequestSchema;
export type V1UpdateWebhookEndpointRequest = z.input<typeof v1UpdateWebhookEndpointRequestSchema>;

export const v1WebhookEndpointSchema = z.object({
  id: z.string().regex(/^we_[0-9a-f]{32}$/),
  object: z.literal('webhook_endpoint'),
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  description: z.string().nullable(),
  /** `active`; `failing` (a delivery gave up after 24 h); `disabled` (`enabled: false`). */
  status: webhookEndpointStatusSchema,
  failing_since: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type V1WebhookEndpoint = z.infer<typeof v1WebhookEndpointSchema>;

/** The 201 of a create: the endpoint and, this once only, the secret that signs its deliveries. */
export const v1CreatedWebhookEndpointSchema = v1WebhookEndpointSchema.extend({ secret: z.string() });
export type V1CreatedWebhookEndpoint = z.infer<typeof v1CreatedWebhookEndpointSchema>;

export const v1WebhookEndpointListSchema = v1ListSchema(v1WebhookEndpointSchema);
export type V1WebhookEndpointList = z.infer<typeof v1WebhookEndpointListSchema>;

/** `DELETE /v1/webhook_endpoints/{id}`. */
export const v1DeletedWebhookEndpointSchema = z.object({
  id: z.string(),
  object: z.literal('webhook_endpoint'),
  deleted: z.literal(true),
});
export type V1DeletedWebhookEndpoint = z.infer<typeof v1DeletedWebhookEndpointSchema>;
