import { z } from 'zod';
import { requiredText } from '../text';
import { attachmentIdsSchema } from './attachments';
import { staffTicketMessageSchema, TICKET_MESSAGE_MAX_LENGTH } from './conversations';
import { ticketSlaSchema } from './sla';
import { ticketPrioritySchema, ticketSchema, ticketStatuses } from './tickets';

/**
 * The staff queue (`@StaffOnly()`: the company's staff, never a customer, 403 otherwise), ADR 0186/0187.
 * Routes under `/api/support/staff`:
 * - `GET    /tickets?status=&priority=&customerId=&organizationId=&assigneeId=&breaching=&cursor=&limit=`
 *   a page of the queue: tickets about to breach (or past) an SLA target first, the most urgent
 *   warning first, then the rest newest first.
 * - `GET    /tickets/{id}`                 the ticket and its whole thread, internal notes included.
 * - `PATCH  /tickets/{id}`                 status, priority and/or assignee (`"me"` assigns to the caller).
 * - `POST   /tickets/{id}/messages`        a staff reply (`internal: false`) or an internal note.
 * - `GET    /tickets/{id}/attachments/{attachmentId}`  download (any message's, notes' too).
 * - `POST   /attachments?name=`            upload (see `uploadAttachmentQuerySchema`).
 * - `GET    /open-tickets`                 open tickets per organization (the customers page).
 * - `GET    /deflections`                  the 'This solved it' figure (see deflections.ts).
 */

/** A page of the staff queue: 50 tickets unless `limit` asks for another number, at most 200. */
export const STAFF_TICKET_PAGE_SIZE = 50;
export const STAFF_TICKET_LIST_LIMIT = 200;

export const staffTicketMessages = {
  statusRequired: 'Status must be open, in_progress, resolved or closed',
  customerIdInvalid: 'Customer id must be a UUID',
  organizationIdInvalid: 'Organization id must be a UUID',
  assigneeIdInvalid: 'Assignee must be a user id (a UUID), "me" or "none"',
  breachingInvalid: 'Breaching must be true or false',
  cursorInvalid: 'Cursor is not valid: start again from the first page',
  limitInvalid: `Limit must be a whole number from 1 to ${STAFF_TICKET_LIST_LIMIT}`,
  nothingToChange: 'Send at least one of status, priority and assigneeId',
} as const;

/**
 * A ticket as support staff see it: whose it is, who on staff is assigned, its SLA clocks, whether
 * it is breaching (a target about to be missed or missed, not yet met), and the last message's time.
 */
export const staffTicketSchema = ticketSchema.extend({
  customerId: z.uuid(),
  organizationId: z.uuid().nullable(),
  assigneeId: z.uuid().nullable(),
  breaching: z.boolean(),
  lastMessageAt: z.iso.datetime(),
  closedAt: z.iso.datetime().nullable(),
  sla: ticketSlaSchema,
});
export type StaffTicket = z.infer<typeof staffTicketSchema>;

const pageLimitSchema = z
  .string({ error: staffTicketMessages.limitInvalid })
  .regex(/^[1-9][0-9]{0,2}$/, staffTicketMessages.limitInvalid)
  .transform(Number)
  .refine((limit) => limit <= STAFF_TICKET_LIST_LIMIT, staffTicketMessages.limitInvalid);

/**
 * The queue's query. Every filter is optional: `assigneeId` is a staff user's id, `me` (the caller)
 * or `none` (unassigned); `breaching=true` only the tickets about to breach, `false` only the others.
 * `cursor` is the previous page's `nextCursor`, opaque to clients (the service reads and checks it,
 * 400 when it is not one). Unknown fields are rejected.
 */
export const staffTicketListQuerySchema = z.strictObject({
  status: z.enum(ticketStatuses, { error: staffTicketMessages.statusRequired }).optional(),
  priority: ticketPrioritySchema.optional(),
  customerId: z.uuid({ error: staffTicketMessages.customerIdInvalid }).optional(),
  organizationId: z.uuid({ error: staffTicketMessages.organizationIdInvalid }).optional(),
  assigneeId: z
    .union([z.uuid(), z.literal('me'), z.literal('none')], { error: staffTicketMessages.assigneeIdInvalid })
    .optional(),
  breaching: z
    .enum(['true', 'false'], { error: staffTicketMessages.breachingInvalid })
    .transform((value) => value === 'true')
    .optional(),
  cursor: z.string({ error: staffTicketMessages.cursorInvalid }).optional(),
  limit: pageLimitSchema.default(STAFF_TICKET_PAGE_SIZE),
});
export type StaffTicketListQuery = z.output<typeof staffTicketListQuerySchema>;

/** One page of the queue; `nextCursor` fetches the next one, null on the last page. */
export const staffTicketListResponseSchema = z.object({
  tickets: z.array(staffTicketSchema),
  nextCursor: z.string().nullable(),
});
export type StaffTicketListResponse = z.infer<typeof staffTicketListResponseSchema>;

/** `GET /api/support/staff/tickets/{id}`: the ticket and its thread, oldest first, internal notes included. */
export const staffTicketDetailSchema = z.object({
  ticket: staffTicketSchema,
  messages: z.array(staffTicketMessageSchema),
});
export type StaffTicketDetail = z.infer<typeof staffTicketDetailSchema>;

/**
 * `PATCH /api/support/staff/tickets/{id}`: any of status, priority and assignee (a staff user's id,
 * `"me"` for the caller, null to unassign); at least one. Moving to `closed` raises
 * `portal.tickets.closed`, from closed back to open/in progress `portal.tickets.reopened` (staff may
 * reopen at any time), anything else `portal.tickets.updated`. Answers the ticket. Unknown fields are
 * rejected.
 */
export const updateStaffTicketRequestSchema = z
  .strictObject({
    status: z.enum(ticketStatuses, { error: staffTicketMessages.statusRequired }).optional(),
    priority: ticketPrioritySchema.optional(),
    assigneeId: z
      .union([z.uuid(), z.literal('me'), z.null()], { error: staffTicketMessages.assigneeIdInvalid })
      .optional(),
  })
  .refine(
    (body) => body.status !== undefined || body.priority !== undefined || body.assigneeId !== undefined,
    staffTicketMessages.nothingToChange,
  );
export type UpdateStaffTicketRequest = z.infer<typeof updateStaffTicketRequestSchema>;
/** The request of issue 18 (status only), still valid. */
export const updateTicketStatusRequestSchema = updateStaffTicketRequestSchema;
export type UpdateTicketStatusRequest = UpdateStaffTicketRequest;

/**
 * `POST /api/support/staff/tickets/{id}/messages`: a reply the customer reads (`internal: false`, the
 * default; the first one stops the first-response clock; raises `portal.tickets.replied`) or an
 * internal note only staff read (no event, no mail, no clock). A reply to a closed ticket is refused
 * (409 `staffReplyToClosed`): reopen it first. Two replies sent at once both land, in the order the
 * database committed them. 201 with the message and the ticket after it.
 */
export const staffReplyRequestSchema = z.strictObject({
  body: requiredText('Message is required', TICKET_MESSAGE_MAX_LENGTH),
  internal: z.boolean({ error: 'internal must be true or false' }).default(false),
  attachmentIds: attachmentIdsSchema,
});
export type StaffReplyRequest = z.input<typeof staffReplyRequestSchema>;
export const staffReplyResponseSchema = z.object({
  message: staffTicketMessageSchema,
  ticket: staffTicketSchema,
});
export type StaffReplyResponse = z.infer<typeof staffReplyResponseSchema>;

/**
 * `GET /api/support/staff/open-tickets`: for each organization with any, how many of its tickets are
 * not yet resolved or closed (`open` + `in_progress`), and how many of those are breaching.
 */
export const staffOpenTicketsResponseSchema = z.object({
  organizations: z.array(
    z.object({
      organizationId: z.uuid(),
      open: z.number().int().positive(),
      breaching: z.number().int().nonnegative(),
    }),
  ),
});
export type StaffOpenTicketsResponse = z.infer<typeof staffOpenTicketsResponseSchema>;
