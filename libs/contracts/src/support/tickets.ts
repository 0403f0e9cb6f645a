import { z } from 'zod';
import { requiredText } from '../text';
import { attachmentIdsSchema } from './attachments';

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

/**
 * `POST /api/support/tickets` (title, description, priority, and optionally up to 5 uploaded
 * attachments for its first message: see `uploadAttachmentQuerySchema`). Unknown fields are rejected.
 */
export const createTicketRequestSchema = z.strictObject({
  title: requiredText(ticketMessages.titleRequired, TICKET_TITLE_MAX_LENGTH),
  description: requiredText(ticketMessages.descriptionRequired, TICKET_DESCRIPTION_MAX_LENGTH),
  priority: ticketPrioritySchema.default(DEFAULT_TICKET_PRIORITY),
  attachmentIds: attachmentIdsSchema,
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
