import type { CHAT_STREAM_EVENT, CUSTOMER_CHAT_STREAM_PATH, CustomerChatEvent } from '@portal/contracts';
import { openEventStream, readEventStream, waitToReconnect } from '@portal/store/event-stream';
import { readToken } from '@portal/store/token';
import { HEALTHY_CONNECTION_MS } from '../../live/follow-metric-stream';

// The contract's values, typed against it.
export const CHAT_STREAM_PATH: typeof CUSTOMER_CHAT_STREAM_PATH = '/api/support/chats/stream';
const CHAT_EVENT: typeof CHAT_STREAM_EVENT = 'chat';

export interface FollowChatStreamOptions {
  signal: AbortSignal;
  /** The stream opened (again after a gap: what was missed is read again). */
  onReady(again: boolean): void;
  onEvent(event: CustomerChatEvent): void;
}

/**
 * Keeps the customer's chat stream (`GET /api/support/chats/stream`, bearer) open until `signal`
 * aborts, reconnecting with the dashboard's backoff; stops for good without a token or when the
 * gateway refuses it (401, 403) or does not have it (404).
 */
export async function followChatStream({ signal, onReady, onEvent }: FollowChatStreamOptions) {
  let attempt = 0;
  let opened = 0;
  while (!signal.aborted) {
    const token = readToken();
    if (!token) return;
    let openedAt: number | undefined;
    try {
      const response = await openEventStream(CHAT_STREAM_PATH, token, signal);
      if ([401, 403, 404].includes(response.status)) return;
      if (response.ok && response.body) {
        await readEventStream(response.body, ({ event, data }) => {
          if (event === 'ready') {
            openedAt = Date.now();
            opened += 1;
            onReady(opened > 1);
          } else if (event === CHAT_EVENT) {
            try {
              onEvent(JSON.parse(data) as CustomerChatEvent);
            } catch {
              // A line that is not JSON carries nothing to act on.
            }
          }
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
