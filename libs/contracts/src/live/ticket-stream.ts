import { z } from 'zod';
import { ticketSideSchema } from '../events/catalog';
import { ticketPrioritySchema, ticketStatusSchema } from '../support/tickets';

/**
 * Live ticket updates: two server-sent-event streams of the gateway's own (like `GET /api/kpi/stream`),
 * fed by support's `portal.tickets.*` events. A page that receives an event reads the ticket (or the
 * queue) again from support: the event says what changed, never the message itself, so nothing a
 * customer may not read (internal notes, assignees) ever travels on the customer's stream.
 *
 * Both answer `text/event-stream`: first `retry: 3000` and `event: ready` (`data: {}`), then one
 * `event: ticket` per change with the JSON below, and `: ping` comment lines every 15 s. A stream ends
 * when its session signs out, when the member's membership changes (customer stream), or when the
 * gateway stops; the page then reconnects with a fresh token. Errors before the stream starts are JSON
 * `{ statusCode, message }`: 401 without a valid token, 403 for the wrong kind of user, 429 beyond the
 * per-user limit of open streams (with `Retry-After`), 400 for a bad `ticketId`.
 */

/** Customer stream (any member, `tickets.use`): changes to the tickets of the organization the token acts in. */
export const CUSTOMER_TICKET_STREAM_PATH = '/api/support/stream';
/** Staff stream (`@StaffOnly()`): every organization's ticket activity, for the staff queue. */
export const STAFF_TICKET_STREAM_PATH = '/api/support/staff/stream';
/** The `event:` name of a change on either stream. */
export const TICKET_STREAM_EVENT = 'ticket';

export const ticketStreamMessages = {
  badTicketId: 'ticketId must be a ticket id (a UUID)',
} as const;

/**
 * `GET /api/support/stream?ticketId=<uuid>`: only that ticket's changes (the open ticket page);
 * without it, every ticket of the organization (the ticket list's unread marker). Another
 * organization's or an unknown ticket id opens a stream that stays quiet.
 */
export const customerTicketStreamQuerySchema = z.strictObject({
  ticketId: z.uuid({ error: ticketStreamMessages.badTicketId }).optional(),
});
export type CustomerTicketStreamQuery = z.infer<typeof customerTicketStreamQuerySchema>;

/**
 * What changed on the customer's stream: a reply (either side's; never an internal note, which raises
 * no event), the ticket closed or reopened, or its status or priority changed by staff.
 */
export const customerTicketChanges = ['replied', 'closed', 'reopened', 'updated'] as const;

/** `event: ticket` on the customer stream. */
export const customerTicketEventSchema = z.object({
  ticketId: z.uuid(),
  change: z.enum(customerTicketChanges),
  /** Who acted: a member of the organization or the company's staff. */
  by: ticketSideSchema,
  /** The ticket's status after the change. */
  status: ticketStatusSchema,
  /** The message that was added, for `replied`. */
  messageId: z.uuid().optional(),
  /** When it happened (the event's time, ISO 8601). */
  at: z.iso.datetime(),
});
export type CustomerTicketEvent = z.infer<typeof customerTicketEventSchema>;

/** What changed on the staff stream: the customer-stream changes plus a new ticket and an SLA warning. */
export const staffTicketChanges = [
  'created',
  'replied',
  'closed',
  'reopened',
  'updated',
  'breaching',
] as const;

/** `event: ticket` on the staff stream. */
export const staffTicketEventSchema = z.object({
  ticketId: z.uuid(),
  change: z.enum(staffTicketChanges),
  /** Who acted (`created` is always the customer's side, `breaching` the SLA clock: `staff`). */
  by: ticketSideSchema,
  organizationId: z.uuid().nullable(),
  title: z.string(),
  /** The status after the change, when the event tells it (`breaching` does not). */
  status: ticketStatusSchema.nullable(),
  /** The priority, when the event tells it (`created`, `updated`, `breaching`). */
  priority: ticketPrioritySchema.nullable(),
  messageId: z.uuid().optional(),
  at: z.iso.datetime(),
});
export type StaffTicketEvent = z.infer<typeof staffTicketEventSchema>;
