import type { CUSTOMER_TICKET_STREAM_PATH, TICKET_STREAM_EVENT } from '@portal/contracts';
import { followEventStream } from '@portal/store/event-stream';

// The contract's values, typed against it (its module would bring zod along at run time).
export const TICKET_STREAM_PATH: typeof CUSTOMER_TICKET_STREAM_PATH = '/api/support/stream';
const TICKET_EVENT: typeof TICKET_STREAM_EVENT = 'ticket';

export interface FollowTicketStreamOptions {
  /** Only this ticket's changes (the open ticket page); without it the organization's. */
  ticketId?: string;
  signal: AbortSignal;
  /** A ticket changed, or the stream opened again after a gap (changes may have been missed). */
  onChange(): void;
}

/** Keeps the customer's ticket stream (`GET /api/support/stream`) open until `signal` aborts. */
export function followTicketStream({ ticketId, signal, onChange }: FollowTicketStreamOptions) {
  return followEventStream({
    path: ticketId ? `${TICKET_STREAM_PATH}?ticketId=${encodeURIComponent(ticketId)}` : TICKET_STREAM_PATH,
    signal,
    onReady: (again) => {
      if (again) onChange();
    },
    onMessage: ({ event }) => {
      if (event === TICKET_EVENT) onChange();
    },
  });
}
