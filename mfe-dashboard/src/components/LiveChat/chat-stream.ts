import type { CHAT_STREAM_EVENT, CUSTOMER_CHAT_STREAM_PATH, CustomerChatEvent } from '@portal/contracts';
import { followEventStream, onJsonEvent } from '@portal/store/event-stream';

// The contract's values, typed against it.
export const CHAT_STREAM_PATH: typeof CUSTOMER_CHAT_STREAM_PATH = '/api/support/chats/stream';
const CHAT_EVENT: typeof CHAT_STREAM_EVENT = 'chat';

export interface FollowChatStreamOptions {
  signal: AbortSignal;
  /** The stream opened (again after a gap: what was missed is read again). */
  onReady(again: boolean): void;
  onEvent(event: CustomerChatEvent): void;
}

/** Keeps the customer's chat stream (`GET /api/support/chats/stream`) open until `signal` aborts. */
export function followChatStream({ signal, onReady, onEvent }: FollowChatStreamOptions) {
  return followEventStream({
    path: CHAT_STREAM_PATH,
    signal,
    onReady,
    onMessage: onJsonEvent(CHAT_EVENT, onEvent),
  });
}
