import { z } from 'zod';
import { requiredText } from '../text';

/** Low, medium (the default), high, urgent. */
export const ticketPriorities = ['low', 'medium', 'high', 'urgent'] as const;
export const ticketPrioritySchema = z.enum(ticketPriorities, {
  error: 'Priority must be low, medium, high or urgent',
});
export type TicketPriority = z.infer<typeof ticketPrioritySchema>;
export const DEFAULT_TICKET_PRIORITY: TicketPriority = 'medium';

/** A ticket opens as `open`; support staff move it on. Only `open` counts as open. */
export const ticketStatuses = ['open', 'in_progress', 'resolved', 'closed'] as const;
export const ticketStatusSchema = z.enum(ticketStatuses);
export type TicketStatus = z.infer<typeof ticketStatusSchema>;

export const TICKET_TITLE_MAX_LENGTH = 200;
export const TICKET_DESCRIPTION_MAX_LENGTH = 5000;

export const ticketMessages = {
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  ticketNotFound: 'Ticket not found',
} as const;

/** The 429 of `POST /api/support/tickets` once a customer has opened their share; `wait` as "7 minutes". */
export const tooManyTicketsMessage = (wait: string): string =>
  `Too many new tickets. Please try again in ${wait}.`;

/** `POST /api/support/tickets` (title, description, priority). Unknown fields are rejected. */
export const createTicketRequestSchema = z.strictObject({
  title: requiredText(ticketMessages.titleRequired, TICKET_TITLE_MAX_LENGTH),
  description: requiredText(ticketMessages.descriptionRequired, TICKET_DESCRIPTION_MAX_LENGTH),
  priority: ticketPrioritySchema.default(DEFAULT_TICKET_PRIORITY),
});
export type CreateTicketRequest = z.input<typeof createTicketRequestSchema>;

/** A ticket as the dashboard shows it: id, title, description, priority, status, createdAt. */
export const ticketSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  priority: ticketPrioritySchema,
  status: ticketStatusSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Ticket = z.infer<typeof ticketSchema>;
/** `GET /api/support/tickets`: the caller's tickets, newest first. */
export const ticketListResponseSchema = z.array(ticketSchema);

/** A page of the staff queue: 50 tickets unless `limit` asks for another number, at most 200. */
export const STAFF_TICKET_PAGE_SIZE = 50;
export const STAFF_TICKET_LIST_LIMIT = 200;

export const staffTicketMessages = {
  statusRequired: 'Status must be open, in_progress, resolved or closed',
  customerIdInvalid: 'Customer id must be a UUID',
  cursorInvalid: 'Cursor is not valid: start again from the first page',
  limitInvalid: `Limit must be a whole number from 1 to ${STAFF_TICKET_LIST_LIMIT}`,
} as const;

/** A ticket as support staff see it: whose it is, besides what the customer sees. */
export const staffTicketSchema = ticketSchema.extend({
  customerId: z.uuid(),
  organizationId: z.uuid().nullable(),
});
export type StaffTicket = z.infer<typeof staffTicketSchema>;

const pageLimitSchema = z
  .string({ error: staffTicketMessages.limitInvalid })
  .regex(/^[1-9][0-9]{0,2}$/, staffTicketMessages.limitInvalid)
  .transform(Number)
  .refine((limit) => limit <= STAFF_TICKET_LIST_LIMIT, staffTicketMessages.limitInvalid);

/**
 * `GET /api/support/staff/tickets?status=&priority=&customerId=&cursor=&limit=`: the support queue,
 * newest first, filtered by any of status, priority and customer, a page at a time. `cursor` is the
 * previous page's `nextCursor`, opaque to clients (the service reads and checks it). Unknown fields
 * are rejected.
 */
export const staffTicketListQuerySchema = z.strictObject({
  status: z.enum(ticketStatuses, { error: staffTicketMessages.statusRequired }).optional(),
  priority: ticketPrioritySchema.optional(),
  customerId: z.uuid({ error: staffTicketMessages.customerIdInvalid }).optional(),
  cursor: z.string({ error: staffTicketMessages.cursorInvalid }).optional(),
  limit: pageLimitSchema.default(STAFF_TICKET_PAGE_SIZE),
});
export type StaffTicketListQuery = z.output<typeof staffTicketListQuerySchema>;

/** One page of the queue; `nextCursor` fetches the next (older) one, null on the last page. */
export const staffTicketListResponseSchema = z.object({
  tickets: z.array(staffTicketSchema),
  nextCursor: z.string().nullable(),
});
export type StaffTicketListResponse = z.infer<typeof staffTicketListResponseSchema>;

/** `PATCH /api/support/staff/tickets/{id}`: staff move a ticket on. Unknown fields are rejected. */
export const updateTicketStatusRequestSchema = z.strictObject({
  status: z.enum(ticketStatuses, { error: staffTicketMessages.statusRequired }),
});
export type UpdateTicketStatusRequest = z.infer<typeof updateTicketStatusRequestSchema>;
