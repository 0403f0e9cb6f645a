import type { CHAT_STREAM_EVENT, STAFF_CHAT_STREAM_PATH, StaffChatEvent } from '@portal/contracts';
import { followEventStream, onJsonEvent } from '@portal/store/event-stream';

// The contract's values, typed against it.
export const STAFF_CHAT_STREAM: typeof STAFF_CHAT_STREAM_PATH = '/api/support/staff/chats/stream';
const CHAT_EVENT: typeof CHAT_STREAM_EVENT = 'chat';

export interface StaffChatStreamHandlers {
  signal: AbortSignal;
  /** The stream is open (again): what was missed meanwhile is read by the caller. */
  onReady(): void;
  onEvent(event: StaffChatEvent): void;
  /** Closed for now (reconnecting) or for good (`refused`: 401/403/404, or no token). */
  onDown(refused: boolean): void;
}

/** Keeps the gateway's staff chat stream (`GET /api/support/staff/chats/stream`) open until `signal` aborts. */
export function followStaffChatStream({ signal, onReady, onEvent, onDown }: StaffChatStreamHandlers) {
  return followEventStream({
    path: STAFF_CHAT_STREAM,
    signal,
    onReady,
    onDown,
    onMessage: onJsonEvent(CHAT_EVENT, onEvent),
  });
}
