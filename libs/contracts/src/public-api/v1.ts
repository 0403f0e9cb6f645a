import { z } from 'zod';
import { isStorableText, unstorableTextMessage } from '../text';

// `Idempotency-Key` on POST is read as `IDEMPOTENCY_KEY_HEADER` (commerce's contract), as checkout does.

// The public API for customers' developers (`/v1`, API keys): the bodies the handlers validate with,
// and from which `/v1/openapi.json` is written. Fields are snake_case, as the docs show them.

/** Requests per key in a sliding hour; every answer says how many are left. */
export const V1_RATE_LIMIT = 1000;
export const V1_RATE_LIMIT_WINDOW_SECONDS = 3600;
export const rateLimitHeaders = {
  limit: 'X-RateLimit-Limit',
  remaining: 'X-RateLimit-Remaining',
  reset: 'X-RateLimit-Reset',
} as const;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** How long an idempotency key answers with its first response. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

// Ids: the API shows each object's uuid with a prefix naming its kind, as `tkt_` + 32 hex digits.

export const publicIdPrefixes = {
  ticket: 'tkt',
  agent: 'agt',
  event: 'evt',
  webhook_endpoint: 'we',
} as const;
export type PublicIdKind = keyof typeof publicIdPrefixes;

export function toPublicId(kind: PublicIdKind, uuid: string): string {
  return `${publicIdPrefixes[kind]}_${uuid.replace(/-/g, '').toLowerCase()}`;
}

/** The uuid behind a public id of `kind`, or null when the text is not one. */
export function fromPublicId(kind: PublicIdKind, id: string): string | null {
  const match = new RegExp(`^${publicIdPrefixes[kind]}_([0-9a-f]{32})$`).exec(id);
  if (!match) return null;
  const hex = match[1];
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// Errors ----------------------------------------------------------------------------------------

export const apiErrorTypes = [
  'invalid_request_error',
  'authentication_error',
  'permission_error',
  'not_found_error',
  'idempotency_error',
  'rate_limit_error',
  'api_error',
] as const;
export const apiErrorTypeSchema = z.enum(apiErrorTypes);
export type ApiErrorType = z.infer<typeof apiErrorTypeSchema>;

/** Every /v1 error: what kind, a stable code, a sentence for people, and the field at fault if any. */
export const apiErrorBodySchema = z.object({
  error: z.object({
    type: apiErrorTypeSchema,
    code: z.string(),
    message: z.string(),
    param: z.string().nullable(),
    /** The request's id (also in the `X-Request-Id` header): quote it to support. */
    request_id: z.string().nullable(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

export const apiErrorCodes = {
  invalidApiKey: 'invalid_api_key',
  missingScope: 'missing_scope',
  rateLimited: 'rate_limit_exceeded',
  resourceMissing: 'resource_missing',
  routeMissing: 'route_not_found',
  parameterInvalid: 'parameter_invalid',
  parameterMissing: 'parameter_missing',
  parameterUnknown: 'parameter_unknown',
  bodyInvalid: 'body_not_json',
  idempotencyKeyReused: 'idempotency_key_in_use',
  idempotencyKeyInvalid: 'idempotency_key_invalid',
  idempotencyConflict: 'idempotency_request_in_progress',
  internal: 'internal_error',
  unavailable: 'service_unavailable',
} as const;

// Lists -----------------------------------------------------------------------------------------

export const V1_LIST_DEFAULT_LIMIT = 10;
export const V1_LIST_MAX_LIMIT = 100;

/** `?limit=&starting_after=`: newest first, a page after the object named by its id. */
export const v1ListQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${V1_LIST_MAX_LIMIT}` })
    .int(`limit must be a whole number from 1 to ${V1_LIST_MAX_LIMIT}`)
    .min(1, `limit must be a whole number from 1 to ${V1_LIST_MAX_LIMIT}`)
    .max(V1_LIST_MAX_LIMIT, `limit must be a whole number from 1 to ${V1_LIST_MAX_LIMIT}`)
    .default(V1_LIST_DEFAULT_LIMIT),
  starting_after: z.string().max(100).optional(),
});
export type V1ListQuery = z.infer<typeof v1ListQuerySchema>;

export const v1ListSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    object: z.literal('list'),
    data: z.array(item),
    has_more: z.boolean(),
    /** Pass as `starting_after` for the next page; null on the last one. */
    next_cursor: z.string().nullable(),
  });

// Tickets ---------------------------------------------------------------------------------------

export const v1TicketPriorities = ['low', 'medium', 'high'] as const;
export const V1_CUSTOMER_ID_MAX_LENGTH = 255;
export const V1_SUBJECT_MAX_LENGTH = 200;
export const V1_DESCRIPTION_MAX_LENGTH = 5000;
export const V1_CALLBACK_URL_MAX_LENGTH = 2000;

const storableText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be a string` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .refine(isStorableText, unstorableTextMessage);

/** `POST /v1/tickets`. */
export const v1CreateTicketRequestSchema = z.strictObject({
  customer_id: storableText('customer_id', V1_CUSTOMER_ID_MAX_LENGTH)
    .pipe(z.string().min(1, 'customer_id is required'))
    .meta({ description: 'Your identifier for the customer.', example: 'cus_48213' }),
  subject: storableText('subject', V1_SUBJECT_MAX_LENGTH)
    .pipe(z.string().min(1, 'subject is required'))
    .meta({ description: 'A one-line summary of the issue.', example: 'Order arrived damaged' }),
  priority: z
    .enum(v1TicketPriorities, { error: `priority must be one of ${v1TicketPriorities.join(', ')}` })
    .default('medium')
    .meta({ description: 'How urgent the ticket is.' }),
  description: storableText('description', V1_DESCRIPTION_MAX_LENGTH)
    .optional()
    .meta({ description: 'The details our agents need.' }),
  callback_url: z
    .url({ protocol: /^https?$/, error: 'callback_url must be an http(s) URL' })
    .max(V1_CALLBACK_URL_MAX_LENGTH, `callback_url must be at most ${V1_CALLBACK_URL_MAX_LENGTH} characters`)
    .optional()
    .meta({
      description:
        'Where we send updates about this ticket: ticket.updated when its status, priority or assignment changes, ticket.replied when our staff reply, signed with your callback signing secret. Refused when it resolves to a private, loopback or link-local address.',
    }),
});
export type V1CreateTicketRequest = z.input<typeof v1CreateTicketRequestSchema>;

export const v1TicketSchema = z.object({
  id: z.string().meta({ example: 'tkt_0b9e6f2c1a7d4e5f8a9b0c1d2e3f4a5b' }),
  object: z.literal('ticket'),
  customer_id: z.string().nullable(),
  subject: z.string(),
  description: z.string(),
  /** The API creates low, medium and high tickets; staff may raise one to urgent. */
  priority: z.enum(['low', 'medium', 'high', 'urgent']),
  status: z.enum(['open', 'in_progress', 'resolved', 'closed']),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  /** The account's agent handling the ticket (`agt_…`), null until one is assigned. */
  assigned_agent: z.string().nullable(),
  callback_url: z.string().nullable(),
});
export type V1Ticket = z.infer<typeof v1TicketSchema>;
export const v1TicketListSchema = v1ListSchema(v1TicketSchema);
export type V1TicketList = z.infer<typeof v1TicketListSchema>;

// Agents ----------------------------------------------------------------------------------------

export const v1AgentSchema = z.object({
  id: z.string().meta({ example: 'agt_5c2d9e1f0a3b4c6d8e7f9a0b1c2d3e4f' }),
  object: z.literal('agent'),
  name: z.string(),
  title: z.string(),
  email: z.string(),
});
export type V1Agent = z.infer<typeof v1AgentSchema>;
export const v1AgentListSchema = v1ListSchema(v1AgentSchema);
export type V1AgentList = z.infer<typeof v1AgentListSchema>;
