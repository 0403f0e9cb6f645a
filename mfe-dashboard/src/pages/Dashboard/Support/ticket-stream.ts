import type { CUSTOMER_TICKET_STREAM_PATH, TICKET_STREAM_EVENT } from '@portal/contracts';
import { openEventStream, readEventStream, waitToReconnect } from '@portal/store/event-stream';
import { readToken } from '@portal/store/token';
import { HEALTHY_CONNECTION_MS } from '../../../live/follow-metric-stream';

// The contract's values, typed against it (its module would bring zod along at run time).
export const TICKET_STREAM_PATH: typeof CUSTOMER_TICKET_STREAM_PATH = '/api/support/stream';
const TICKET_EVENT: typeof TICKET_STREAM_EVENT = 'ticket';
const READY_EVENT = 'ready';

export interface FollowTicketStreamOptions {
  /** Only this ticket's changes (the open ticket page); without it the organization's. */
  ticketId?: string;
  signal: AbortSignal;
  /** A ticket changed, or the stream opened again after a gap (changes may have been missed). */
  onChange(): void;
}

/**
 * Keeps the customer's ticket stream (`GET /api/support/stream`, bearer) open until `signal` aborts:
 * reconnects with the dashboard's backoff (1 s, 2 s … 30 s) when it ends or fails, and stops for good
 * without a token or when the gateway refuses it (401, 403) or does not have it (404).
 */
export async function followTicketStream({ ticketId, signal, onChange }: FollowTicketStreamOptions) {
  const url = ticketId
    ? `${TICKET_STREAM_PATH}?ticketId=${encodeURIComponent(ticketId)}`
    : TICKET_STREAM_PATH;
  let attempt = 0;
  let opened = 0;
  while (!signal.aborted) {
    const token = readToken();
    if (!token) return;
    let openedAt: number | undefined;
    try {
      const response = await openEventStream(url, token, signal);
      if ([401, 403, 404].includes(response.status)) return;
      if (response.ok && response.body) {
        await readEventStream(response.body, ({ event }) => {
          if (event === READY_EVENT) {
            openedAt = Date.now();
            opened += 1;
            if (opened > 1) onChange();
          } else if (event === TICKET_EVENT) onChange();
        });
      }
    } catch {
      // A network failure or a cut connection: tried again below, unless aborted.
    }
    if (signal.aborted) return;
    const healthy = openedAt !== undefined && Date.now() - openedAt >= HEALTHY_CONNECTION_MS;
    attempt = healthy ? 1 : attempt + 1;
    await waitToReconnect(attempt, signal);
  }
}
