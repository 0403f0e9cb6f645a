import { z } from 'zod';
import { v1TicketSchema } from '../public-api/v1';
import { optionalText } from '../text';

// Outbound webhooks: endpoints an organization registers in the dashboard's Developers page, the
// signed deliveries crm makes to them from the NATS events, and the log of every attempt.

/** The events an endpoint may subscribe to (the docs' Webhooks section). */
export const webhookEventTypes = ['ticket.created', 'call.completed'] as const;
export const webhookEventTypeSchema = z.enum(webhookEventTypes, {
  error: `Event must be one of ${webhookEventTypes.join(', ')}`,
});
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;
/** A test delivery ('Send test event') carries this type, whatever the endpoint subscribes to. */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';
/**
 * What a ticket's `callback_url` (`POST /v1/tickets`) is sent: `ticket.updated` when its status,
 * priority or assignment changes, `ticket.replied` when staff reply (ADR 0206).
 */
export const callbackEventTypes = ['ticket.updated', 'ticket.replied'] as const;
export type CallbackEventType = (typeof callbackEventTypes)[number];

/** A receiver must answer 2xx within this; slower counts as a failed attempt. */
export const WEBHOOK_TIMEOUT_SECONDS = 10;
/** Failed deliveries are retried with exponential back-off and jitter for this long. */
export const WEBHOOK_RETRY_HOURS = 24;
export const WEBHOOK_SIGNATURE_HEADER = 'X-Portal-Signature';
export const WEBHOOK_EVENT_ID_HEADER = 'X-Portal-Event-Id';
export const WEBHOOK_ENDPOINTS_PER_ORGANIZATION = 16;
export const WEBHOOK_ENDPOINT_URL_MAX_LENGTH = 2000;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;
/** Finished deliveries (succeeded or failed) stay in the log this long, then are deleted. */
export const WEBHOOK_LOG_RETENTION_DAYS = 30;
/** How much of a receiver's answer the delivery log keeps. */
export const WEBHOOK_RESPONSE_EXCERPT_BYTES = 2048;

export const webhookMessages = {
  urlInvalid: 'URL must be an http(s) URL such as https://example.com/webhooks/millstone',
  urlRefused: 'This URL resolves to a private, loopback or link-local address, which webhooks cannot reach.',
  urlUnresolvable: 'This URL’s host name does not resolve.',
  eventsRequired: 'Choose at least one event',
  endpointNotFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
  cursorInvalid: 'Cursor is not valid: start again from the first page',
  endpointDisabled: 'This endpoint is disabled: enable it to send events to it.',
  tooManyEndpoints: `An organization can have at most ${WEBHOOK_ENDPOINTS_PER_ORGANIZATION} webhook endpoints.`,
  callbackUrlRefused:
    'callback_url resolves to a private, loopback or link-local address, which callbacks cannot reach.',
} as const;

const eventsSchema = z
  .array(webhookEventTypeSchema, { error: webhookMessages.eventsRequired })
  .min(1, webhookMessages.eventsRequired)
  .max(webhookEventTypes.length)
  .transform((events) => [...new Set(events)]);

/**
 * An endpoint's URL: http(s) by syntax. Whether its host may be reached (not loopback, private or
 * link-local, unless the deployment allows it for local development) is checked by crm, which resolves it.
 */
const urlSchema = z
  .string({ error: webhookMessages.urlInvalid })
  .trim()
  .max(WEBHOOK_ENDPOINT_URL_MAX_LENGTH, webhookMessages.urlInvalid)
  .pipe(z.url({ protocol: /^https?$/, error: webhookMessages.urlInvalid }));

/** `POST /api/developers/webhooks`. */
export const createWebhookEndpointRequestSchema = z.strictObject({
  url: urlSchema,
  events: eventsSchema,
  description: optionalText(
    WEBHOOK_DESCRIPTION_MAX_LENGTH,
    `Description must be at most ${WEBHOOK_DESCRIPTION_MAX_LENGTH} characters`,
  ),
});
export type CreateWebhookEndpointRequest = z.input<typeof createWebhookEndpointRequestSchema>;

/** `PATCH /api/developers/webhooks/:id`: any of url, events, description, enabled. */
export const updateWebhookEndpointRequestSchema = z.strictObject({
  url: urlSchema.optional(),
  events: eventsSchema.optional(),
  description: createWebhookEndpointRequestSchema.shape.description,
  enabled: z.boolean().optional(),
});
export type UpdateWebhookEndpointRequest = z.input<typeof updateWebhookEndpointRequestSchema>;

/** `active`; `failing` (a delivery gave up after 24 h; deliveries go on); `disabled` by a member. */
export const webhookEndpointStatusSchema = z.enum(['active', 'failing', 'disabled']);
export type WebhookEndpointStatus = z.infer<typeof webhookEndpointStatusSchema>;

export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  description: z.string().nullable(),
  status: webhookEndpointStatusSchema,
  /** Since when deliveries to it have been giving up, when `failing`. */
  failingSince: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookEndpointListResponseSchema = z.array(webhookEndpointSchema);

/** `POST /api/developers/webhooks` → 201: the endpoint and, this once only, its signing secret. */
export const createdWebhookEndpointSchema = webhookEndpointSchema.extend({ signingSecret: z.string() });
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpointSchema>;

/** `pending` (first attempt due), `retrying`, `succeeded`, `failed` (gave up after 24 h). */
export const webhookDeliveryStatusSchema = z.enum(['pending', 'retrying', 'succeeded', 'failed']);
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatusSchema>;

/** One HTTP attempt of a delivery, as the log shows it. */
export const webhookAttemptSchema = z.object({
  attempt: z.number().int().positive(),
  at: z.iso.datetime(),
  durationMs: z.number().int().nonnegative(),
  /** The receiver's status; null when it never answered (timeout, refused, unreachable). */
  responseStatus: z.number().int().nullable(),
  /** The first bytes of the receiver's answer. */
  responseBody: z.string().nullable(),
  /** Why the attempt failed without an answer (`Timed out after 10 s`, `Connection refused`). */
  error: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  /** The endpoint it was made for; null for a ticket's callback (then `callbackUrl` says where). */
  endpointId: z.uuid().nullable(),
  callbackUrl: z.string().nullable(),
  /** The event's id (`evt_…`), also sent to the receiver to de-duplicate. */
  eventId: z.string(),
  eventType: z.string(),
  status: webhookDeliveryStatusSchema,
  createdAt: z.iso.datetime(),
  nextAttemptAt: z.iso.datetime().nullable(),
  /** The JSON body sent (the same for every attempt). */
  requestBody: z.string(),
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** Deliveries in one page of the log. */
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20;

/** `GET /api/developers/webhooks/:id/deliveries?before=`: newest first, a page at a time. */
export const webhookDeliveryPageSchema = z.object({
  items: z.array(webhookDeliverySchema),
  nextCursor: z.string().nullable(),
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;

// What the receiver gets ------------------------------------------------------------------------

export const ticketCreatedWebhookDataSchema = z.object({
  id: z.string(),
  customer_id: z.string().nullable(),
  subject: z.string(),
  created_at: z.iso.datetime(),
});
export const callCompletedWebhookDataSchema = z.object({
  call_id: z.string(),
  duration: z.number().int().nonnegative(),
  resolution: z.string().nullable(),
  agent_id: z.string().nullable(),
});

/** `ticket.updated` and `ticket.replied` to a callback URL: the ticket as `GET /v1/tickets/{id}` shows it. */
export const ticketCallbackDataSchema = z.object({ object: v1TicketSchema });

/** The JSON body of a delivery: the event's id for de-duplication, its type, when, and its data. */
export const webhookPayloadSchema = z.object({
  id: z.string(),
  event: z.string(),
  created_at: z.iso.datetime(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

// Callbacks' signing secret ----------------------------------------------------------------------

/**
 * `GET /api/developers/callbacks/secret` (made on first need) and `POST …/secret/roll` (a new one at
 * once): the organization's secret that signs every callback, as an endpoint's secret signs its own.
 */
export const callbackSigningSecretSchema = z.object({
  signingSecret: z.string(),
  createdAt: z.iso.datetime(),
});
export type CallbackSigningSecret = z.infer<typeof callbackSigningSecretSchema>;
