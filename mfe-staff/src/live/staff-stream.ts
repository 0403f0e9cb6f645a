import type { STAFF_TICKET_STREAM_PATH, StaffTicketEvent, TICKET_STREAM_EVENT } from '@portal/contracts';
import { followEventStream, onJsonEvent } from '@portal/store/event-stream';

// The contract's values, typed against it.
export const STREAM_PATH: typeof STAFF_TICKET_STREAM_PATH = '/api/support/staff/stream';
const TICKET_EVENT: typeof TICKET_STREAM_EVENT = 'ticket';

export interface StaffStreamHandlers {
  signal: AbortSignal;
  /** The stream is open (again): changes missed meanwhile are read by the caller. */
  onReady(): void;
  onTicket(event: StaffTicketEvent): void;
  /** Closed for now (reconnecting) or for good (`refused`: 401/403/404, or no token). */
  onDown(refused: boolean): void;
}

/** Keeps the gateway's staff ticket stream (`GET /api/support/staff/stream`) open until `signal` aborts. */
export function followStaffStream({ signal, onReady, onTicket, onDown }: StaffStreamHandlers): Promise<void> {
  return followEventStream({
    path: STREAM_PATH,
    signal,
    onReady,
    onDown,
    onMessage: onJsonEvent(TICKET_EVENT, onTicket),
  });
}
