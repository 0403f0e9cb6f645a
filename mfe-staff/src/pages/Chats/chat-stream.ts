import type { CHAT_STREAM_EVENT, STAFF_CHAT_STREAM_PATH, StaffChatEvent } from '@portal/contracts';
import { openEventStream, readEventStream, waitToReconnect } from '@portal/store/event-stream';
import { readToken } from '@portal/store/token';

// The contract's values, typed against it.
export const STAFF_CHAT_STREAM: typeof STAFF_CHAT_STREAM_PATH = '/api/support/staff/chats/stream';
const CHAT_EVENT: typeof CHAT_STREAM_EVENT = 'chat';

export interface StaffChatStreamHandlers {
  signal: AbortSignal;
  /** The stream is open (again): what was missed meanwhile is read by the caller. */
  onReady(): void;
  onEvent(event: StaffChatEvent): void;
  /** Closed for now (reconnecting) or for good (`refused`: 401/403, or no token). */
  onDown(refused: boolean): void;
}

/**
 * Keeps the gateway's staff chat stream (`GET /api/support/staff/chats/stream`) open until `signal`
 * aborts, reconnecting with backoff; stops on 401/403.
 */
export async function followStaffChatStream({ signal, onReady, onEvent, onDown }: StaffChatStreamHandlers) {
  let attempt = 0;
  while (!signal.aborted) {
    const token = readToken();
    if (!token) return onDown(true);
    let opened = false;
    try {
      const response = await openEventStream(STAFF_CHAT_STREAM, token, signal);
      if (response.status === 401 || response.status === 403) return onDown(true);
      if (!response.ok || !response.body)
        throw new Error(`${response.status}: the chat stream is unavailable`);
      await readEventStream(response.body, ({ event, data }) => {
        if (event === 'ready') {
          opened = true;
          attempt = 0;
          onReady();
        } else if (event === CHAT_EVENT) {
          try {
            onEvent(JSON.parse(data) as StaffChatEvent);
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
