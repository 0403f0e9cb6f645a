import type { STAFF_TICKET_STREAM_PATH, StaffTicketEvent, TICKET_STREAM_EVENT } from '@portal/contracts';
import { readToken } from '@portal/store/token';
import { createSseParser } from '@portal/store/sse-parser';

// The contract's values, typed against it.
export const STREAM_PATH: typeof STAFF_TICKET_STREAM_PATH = '/api/support/staff/stream';
const TICKET_EVENT: typeof TICKET_STREAM_EVENT = 'ticket';

export const FIRST_RECONNECT_DELAY_MS = 1000;
export const MAX_RECONNECT_DELAY_MS = 30_000;

/** 1 s, 2 s, 4 s … up to 30 s for the 1st, 2nd, 3rd … reconnect in a row. */
export const reconnectDelay = (attempt: number) =>
  Math.min(FIRST_RECONNECT_DELAY_MS * 2 ** (attempt - 1), MAX_RECONNECT_DELAY_MS);

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
      const response = await fetch(STREAM_PATH, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
        credentials: 'include',
        cache: 'no-store',
        signal,
      });
      if (response.status === 401 || response.status === 403) return onDown(true);
      if (!response.ok || !response.body)
        throw new Error(`${response.status}: the staff stream is unavailable`);
      const parser = createSseParser(({ event, data }) => {
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
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.push(decoder.decode(value, { stream: true }));
      }
    } catch {
      // A network failure, a 5xx or a cut connection: tried again below, unless aborted.
    }
    if (signal.aborted) return;
    onDown(false);
    attempt = opened ? 1 : attempt + 1;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, reconnectDelay(attempt));
      signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });
  }
}
