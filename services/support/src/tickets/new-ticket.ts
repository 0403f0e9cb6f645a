import { createTicketRequestSchema } from '@portal/contracts';
import type { z } from 'zod';

// PostgreSQL text cannot hold NUL, and jsonb (the outbox) refuses unpaired UTF-16 surrogates: such
// text would fail the insert with a 500, so it is refused up front. With the u flag, \p{Cs} matches
// only unpaired surrogates.
const UNPAIRED_SURROGATE = /\p{Cs}/u;
const storable = (text: string) => !text.includes('\0') && !UNPAIRED_SURROGATE.test(text);

export const unstorableTextMessages = {
  title: 'Title contains a character that cannot be saved',
  description: 'Description contains a character that cannot be saved',
} as const;

/** The body of `POST /api/support/tickets`: `createTicketRequestSchema`, and only text PostgreSQL can store. */
export const newTicketSchema = createTicketRequestSchema.superRefine((ticket, context) => {
  for (const field of ['title', 'description'] as const) {
    if (!storable(ticket[field])) {
      context.addIssue({ code: 'custom', path: [field], message: unstorableTextMessages[field] });
    }
  }
});

/** A ticket request as validated (trimmed, priority defaulted). */
export type NewTicket = z.output<typeof newTicketSchema>;
