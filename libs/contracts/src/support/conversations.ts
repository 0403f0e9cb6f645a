import { z } from 'zod';
import { requiredText } from '../text';
import { attachmentIdsSchema, ticketAttachmentSchema } from './attachments';
import { ticketSlaSchema } from './sla';
import { ticketSchema, ticketStatuses } from './tickets';

/**
 * Ticket conversations (ADR 0186). A ticket's thread is its messages, oldest first; the first message
 * is the description the customer opened the ticket with. Customers (any member of the ticket's
 * organization, `tickets.use`) read and write the thread under `/api/support/tickets/{id}`; staff
 * under `/api/support/staff/tickets/{id}`. Staff may write internal notes, which no customer route
 * ever answers. Another organization's ticket, message or attachment answers the same 404 as an
 * unknown id.
 */

export const TICKET_MESSAGE_MAX_LENGTH = 5000;
/** A closed ticket may be reopened (by the customer) for this many days after it was closed. */
export const TICKET_REOPEN_DAYS = 14;
/** The customer's ticket list: a page of 20 unless `limit` asks otherwise, at most 100. */
export const TICKET_PAGE_SIZE = 20;
export const TICKET_PAGE_LIMIT = 100;

export const conversationMessages = {
  bodyRequired: 'Message is required',
  reopenTooLate: `This ticket was closed more than ${TICKET_REOPEN_DAYS} days ago: please open a new ticket`,
  reopenNotClosed: 'Only a closed or resolved ticket can be reopened',
  staffReplyToClosed: 'This ticket is closed: reopen it before replying',
  cursorInvalid: 'Cursor is not valid: start again from the first page',
  limitInvalid: `Limit must be a whole number from 1 to ${TICKET_PAGE_LIMIT}`,
} as const;

/** Which side wrote a message: a member of the customer's organization, or the company's staff. */
export const messageAuthorSchema = z.enum(['customer', 'staff']);
export type MessageAuthor = z.infer<typeof messageAuthorSchema>;

/**
 * A message as customers read it. `authorId` is the member who wrote it (the page says "You" for the
 * reader's own), null for staff (staff are "Support"). Never an internal note.
 */
export const ticketMessageSchema = z.strictObject({
  id: z.uuid(),
  author: messageAuthorSchema,
  authorId: z.uuid().nullable(),
  body: z.string(),
  createdAt: z.iso.datetime(),
  attachments: z.array(ticketAttachmentSchema),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

/** A message as staff read it: whoever wrote it, and whether it is an internal note. */
export const staffTicketMessageSchema = ticketMessageSchema.extend({
  authorId: z.uuid(),
  internal: z.boolean(),
});
export type StaffTicketMessage = z.infer<typeof staffTicketMessageSchema>;

/**
 * A ticket as its organization's members see it: the ticket, its SLA clocks (`slaLine` words them),
 * `unread` (staff replied since this member last read it: `POST .../read`), the last message's time,
 * when it was closed (or resolved), and until when the customer may reopen it.
 */
export const customerTicketSchema = ticketSchema.extend({
  unread: z.boolean(),
  lastMessageAt: z.iso.datetime(),
  closedAt: z.iso.datetime().nullable(),
  reopenableUntil: z.iso.datetime().nullable(),
  sla: ticketSlaSchema,
});
export type CustomerTicket = z.infer<typeof customerTicketSchema>;

const pageLimitSchema = z
  .string({ error: conversationMessages.limitInvalid })
  .regex(/^[1-9][0-9]{0,2}$/, conversationMessages.limitInvalid)
  .transform(Number)
  .refine((limit) => limit <= TICKET_PAGE_LIMIT, conversationMessages.limitInvalid);

/**
 * `GET /api/support/tickets/page?cursor=&limit=&status=`: the organization's tickets a page at a time,
 * newest first (`GET /api/support/tickets` still answers the whole list as before). `cursor` is the
 * previous page's `nextCursor`.
 */
export const customerTicketPageQuerySchema = z.strictObject({
  status: z.enum(ticketStatuses).optional(),
  cursor: z.string({ error: conversationMessages.cursorInvalid }).optional(),
  limit: pageLimitSchema.default(TICKET_PAGE_SIZE),
});
export type CustomerTicketPageQuery = z.output<typeof customerTicketPageQuerySchema>;
export const customerTicketPageSchema = z.object({
  tickets: z.array(customerTicketSchema),
  nextCursor: z.string().nullable(),
});
export type CustomerTicketPage = z.infer<typeof customerTicketPageSchema>;

/** `GET /api/support/tickets/unread`: how many of the organization's tickets this member has unread (the Support tab's marker). */
export const unreadTicketsResponseSchema = z.object({ unread: z.number().int().nonnegative() });
export type UnreadTicketsResponse = z.infer<typeof unreadTicketsResponseSchema>;

/** `GET /api/support/tickets/{id}/messages`: the thread, oldest first, without internal notes. */
export const ticketMessagesResponseSchema = z.object({ messages: z.array(ticketMessageSchema) });
export type TicketMessagesResponse = z.infer<typeof ticketMessagesResponseSchema>;

/**
 * `POST /api/support/tickets/{id}/messages`: a member's reply. A reply to a resolved ticket, or to a
 * closed one within 14 days of closing, reopens it (status `open`); to a ticket closed longer ago it
 * is refused with 409 `reopenTooLate` (the page says so and offers a new ticket). 201 with the
 * message and the ticket after it. Unknown fields are rejected.
 */
export const replyRequestSchema = z.strictObject({
  body: requiredText(conversationMessages.bodyRequired, TICKET_MESSAGE_MAX_LENGTH),
  attachmentIds: attachmentIdsSchema,
});
export type ReplyRequest = z.input<typeof replyRequestSchema>;
export const replyResponseSchema = z.object({ message: ticketMessageSchema, ticket: customerTicketSchema });
export type ReplyResponse = z.infer<typeof replyResponseSchema>;

/**
 * `POST /api/support/tickets/{id}/close` (no body): closes the ticket (200, already closed: unchanged).
 * `POST /api/support/tickets/{id}/reopen`: reopens a closed or resolved ticket within 14 days of its
 * closing (409 `reopenTooLate` after, 409 `reopenNotClosed` for an open one). Both answer the ticket.
 * `POST /api/support/tickets/{id}/read` (no body): 204, marks the thread read for this member.
 */
export const closeTicketResponseSchema = customerTicketSchema;
export const reopenTicketResponseSchema = customerTicketSchema;
