import { newTraceparent } from './trace-context';
import { createSseParser, type SseMessage } from './sse-parser';

const FIRST_RECONNECT_DELAY_MS = 1000;
const MAX_RECONNECT_DELAY_MS = 30_000;

/** 1 s, 2 s, 4 s … up to 30 s for the 1st, 2nd, 3rd … reconnect in a row. */
export function reconnectDelay(attempt: number): number {
  return Math.min(FIRST_RECONNECT_DELAY_MS * 2 ** (attempt - 1), MAX_RECONNECT_DELAY_MS);
}

/** Waits `reconnectDelay(attempt)` before the next connection, or less when `signal` aborts first. */
export function waitToReconnect(attempt: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, reconnectDelay(attempt));
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Opens `GET path` as a server-sent event stream with the bearer token (an EventSource cannot send one). */
export function openEventStream(path: string, token: string, signal: AbortSignal): Promise<Response> {
  return fetch(path, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream', traceparent: newTraceparent() },
    credentials: 'include',
    cache: 'no-store',
    signal,
  });
}

/**
 * Reads a `text/event-stream` response body to its end, handing each event to `onMessage`; rejects
 * when the connection fails or is aborted.
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onMessage: (message: SseMessage) => void,
): Promise<void> {
  const parser = createSseParser(onMessage);
  const reader = body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    parser.push(decoder.decode(value, { stream: true }));
  }
}
