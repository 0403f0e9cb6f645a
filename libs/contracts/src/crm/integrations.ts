import { z } from 'zod';
import { optionalText, requiredText } from '../text';

/** The CRMs and dialers a customer can connect. */
export const integrationTypes = [
  'hubspot',
  'salesforce',
  'zoho',
  'twilio',
  'dialpad',
  'ringcentral',
] as const;
export const integrationTypeSchema = z.enum(integrationTypes, {
  error: `Type must be one of ${integrationTypes.join(', ')}`,
});
export type IntegrationType = z.infer<typeof integrationTypeSchema>;

export const INTEGRATION_NAME_MAX_LENGTH = 100;
export const API_KEY_MAX_LENGTH = 2000;
export const WEBHOOK_URL_MAX_LENGTH = 2000;

export const integrationMessages = {
  nameRequired: 'Name is required',
  apiKeyRequired: 'API key is required',
  webhookUrlInvalid: 'Webhook URL must be an http(s) URL such as https://example.com/hooks/calls',
  integrationNotFound: 'Integration not found',
} as const;

/**
 * `POST /api/crm/integrations` (type, name, apiKey, webhookUrl). The webhook URL is
 * optional; an empty one means none. Unknown fields are rejected.
 */
export const createIntegrationRequestSchema = z.strictObject({
  type: integrationTypeSchema,
  name: requiredText(integrationMessages.nameRequired, INTEGRATION_NAME_MAX_LENGTH),
  apiKey: requiredText(integrationMessages.apiKeyRequired, API_KEY_MAX_LENGTH),
  webhookUrl: z
    .string({ error: integrationMessages.webhookUrlInvalid })
    .trim()
    .max(WEBHOOK_URL_MAX_LENGTH, integrationMessages.webhookUrlInvalid)
    .optional()
    .transform((url) => url || undefined)
    .pipe(z.url({ protocol: /^https?$/, error: integrationMessages.webhookUrlInvalid }).optional()),
});
export type CreateIntegrationRequest = z.input<typeof createIntegrationRequestSchema>;

/**
 * An integration as the API answers it (what the dashboard shows: id, name, type, isActive).
 * Its API key, tokens and signing secret are never answered.
 */
export const integrationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: integrationTypeSchema,
  isActive: z.boolean(),
  webhookUrl: z.string().nullable(),
  /** Where the CRM or dialer posts its signed events (`POST`, see `inboundEventSchema`). */
  inboundUrl: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Integration = z.infer<typeof integrationSchema>;
export const integrationListResponseSchema = z.array(integrationSchema);

/**
 * `GET /api/crm/integrations/summary`: how many integrations the organization has configured and how
 * many are active. Every member may read it (the overview's Service Status), not only those who
 * manage the integrations themselves.
 */
export const integrationsSummarySchema = z.object({
  configured: z.number().int().nonnegative(),
  active: z.number().int().nonnegative(),
});
export type IntegrationsSummary = z.infer<typeof integrationsSummarySchema>;

/** `POST /api/crm/integrations` → 201: the integration and, this once only, its signing secret. */
export const createIntegrationResponseSchema = integrationSchema.extend({ signingSecret: z.string() });
export type CreateIntegrationResponse = z.infer<typeof createIntegrationResponseSchema>;

/** An integration as support staff see it: whose it is, besides the customer's view. */
export const staffIntegrationSchema = integrationSchema.extend({
  customerId: z.uuid(),
  organizationId: z.uuid().nullable(),
});
export type StaffIntegration = z.infer<typeof staffIntegrationSchema>;

export const staffIntegrationMessages = {
  isActiveRequired: 'isActive must be true or false',
} as const;

/** `PATCH /api/crm/staff/integrations/{id}`: staff connect or disconnect an integration. Unknown fields are rejected. */
export const updateIntegrationStatusRequestSchema = z.strictObject({
  isActive: z.boolean({ error: staffIntegrationMessages.isActiveRequired }),
});
export type UpdateIntegrationStatusRequest = z.infer<typeof updateIntegrationStatusRequestSchema>;

// Inbound events: what a connected CRM or dialer posts to the integration's inbound URL. -----------

/**
 * `X-Portal-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the signing
 * secret>`. Events signed more than `INBOUND_SIGNATURE_TOLERANCE_SECONDS` away from now are refused.
 */
export const INBOUND_SIGNATURE_HEADER = 'x-portal-signature';
export const INBOUND_SIGNATURE_TOLERANCE_SECONDS = 300;

export const inboundMessages = {
  signatureInvalid: 'Invalid or missing signature',
  integrationUnavailable: 'This integration does not exist or is disconnected',
  integrationUnreadable: 'This integration cannot check signatures right now. Please try again later.',
} as const;

const externalId = (field: string) => requiredText(`${field} is required`, 200);
const occurredAt = z.iso.datetime({ offset: true, error: 'occurred_at must be an ISO 8601 date-time' });

/** A dialer's inbound event `call.completed`, with call_id, duration in seconds, resolution, agent_id. */
export const inboundCallCompletedSchema = z.strictObject({
  type: z.literal('call.completed'),
  occurred_at: occurredAt.optional(),
  data: z.strictObject({
    call_id: externalId('call_id'),
    duration: z
      .number({ error: 'duration must be a whole number of seconds' })
      .int('duration must be a whole number of seconds')
      .min(0, 'duration must be a whole number of seconds')
      .max(86_400, 'duration must be at most 86400 seconds'),
    resolution: optionalText(100, 'resolution must be at most 100 characters'),
    agent_id: optionalText(200, 'agent_id must be at most 200 characters'),
  }),
});

const leadData = z.strictObject({
  lead_id: externalId('lead_id'),
  source: optionalText(100, 'source must be at most 100 characters'),
});
export const inboundLeadCreatedSchema = z.strictObject({
  type: z.literal('lead.created'),
  occurred_at: occurredAt.optional(),
  data: leadData,
});
export const inboundLeadConvertedSchema = z.strictObject({
  type: z.literal('lead.converted'),
  occurred_at: occurredAt.optional(),
  data: leadData,
});

/** The body of `POST /api/crm/inbound/{integrationId}`. */
export const inboundEventSchema = z.discriminatedUnion(
  'type',
  [inboundCallCompletedSchema, inboundLeadCreatedSchema, inboundLeadConvertedSchema],
  { error: 'type must be call.completed, lead.created or lead.converted' },
);
export type InboundEvent = z.infer<typeof inboundEventSchema>;
export type InboundEventType = InboundEvent['type'];

/** 202 when the event is new, 200 `duplicate: true` when it was received before (counted once). */
export const inboundEventResponseSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
export type InboundEventResponse = z.infer<typeof inboundEventResponseSchema>;
