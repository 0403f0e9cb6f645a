import type { STAFF_TICKET_STREAM_PATH, StaffTicketEvent, TICKET_STREAM_EVENT } from '@portal/contracts';
import { openEventStream, readEventStream, waitToReconnect } from '@portal/store/event-stream';
import { readToken } from '@portal/store/token';

// The contract's values, typed against it.
export const STREAM_PATH: typeof STAFF_TICKET_STREAM_PATH = '/api/support/staff/stream';
const TICKET_EVENT: typeof TICKET_STREAM_EVENT = 'ticket';

export interface StaffStreamHandlers {
  signal: AbortSignal;
  /** The stream is open (again): changes missed meanwhile are read by the caller. */
  onReady(): void;
  onTicket(event: StaffTicketEvent): void;
  /** Closed for now (reconnecting) or for good (`refused`: 401/403, or no token). */
  onDown(refused: boolean): void;
}

/**
 * Keeps the gateway's staff ticket stream (`GET /api/support/staff/stream`, bearer: an EventSource
 * cannot send one) open until `signal` aborts, reconnecting with backoff; stops on 401/403.
 */
export async function followStaffStream({
  signal,
  onReady,
  onTicket,
  onDown,
}: StaffStreamHandlers): Promise<void> {
  let attempt = 0;
  while (!signal.aborted) {
    const token = readToken();
    if (!token) return onDown(true);
    let opened = false;
    try {
      const response = await openEventStream(STREAM_PATH, token, signal);
      if (response.status === 401 || response.status === 403) return onDown(true);
      if (!response.ok || !response.body)
        throw new Error(`${response.status}: the staff stream is unavailable`);
      await readEventStream(response.body, ({ event, data }) => {
        if (event === 'ready') {
          opened = true;
          attempt = 0;
          onReady();
        } else if (event === TICKET_EVENT) {
          try {
            onTicket(JSON.parse(data) as StaffTicketEvent);
          } catch {
            // A line that is not JSON carries nothing to act on.
          }
        }
      });
    } catch {
      // A network failure, a 5xx or a cut connection: tried again below, unless aborted.
    }
    if (signal.aborted) return;
    onDown(false);
    attempt = opened ? 1 : attempt + 1;
    await waitToReconnect(attempt, signal);
  }
}
