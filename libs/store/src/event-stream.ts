import { createSseParser, type SseMessage } from './sse-parser';
import { readToken } from './token';
import { newTraceparent } from './trace-context';

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

/**
 * A connection open this long (past the server's ~15 s keep-alive) was healthy: the next reconnect
 * starts again from the first delay. A server that accepts and drops at once still backs off.
 */
export const HEALTHY_CONNECTION_MS = 20_000;

/** Answers that end following for good: the token is refused, or this gateway has no such stream. */
const REFUSED_STATUSES = [401, 403, 404];

export interface FollowEventStreamOptions {
  /** The stream's path, with its query. */
  path: string;
  signal: AbortSignal;
  /** The stream opened; `again` after a gap, when what was missed meanwhile is to be read again. */
  onReady?(again: boolean): void;
  /** Each event other than `ready`. */
  onMessage(message: SseMessage): void;
  /** Closed for now (reconnecting) or for good (`refused`: no token, or a 401, 403 or 404). */
  onDown?(refused: boolean): void;
}

/**
 * Keeps a live stream of the gateway (bearer: an EventSource cannot send one) open until `signal`
 * aborts: reconnects with backoff (1 s, 2 s … 30 s) whenever it ends or fails, from the first delay
 * after a healthy connection, and stops for good without a token or on a refusing answer.
 */
export async function followEventStream({
  path,
  signal,
  onReady,
  onMessage,
  onDown,
}: FollowEventStreamOptions): Promise<void> {
  let attempt = 0;
  let opened = 0;
  while (!signal.aborted) {
    const token = readToken();
    if (!token) return onDown?.(true);
    let openedAt: number | undefined;
    try {
      const response = await openEventStream(path, token, signal);
      if (REFUSED_STATUSES.includes(response.status)) return onDown?.(true);
      if (response.ok && response.body) {
        await readEventStream(response.body, (message) => {
          if (message.event !== 'ready') return onMessage(message);
          openedAt = Date.now();
          opened += 1;
          onReady?.(opened > 1);
        });
      }
    } catch {
      // A network failure, a 5xx or a cut connection: tried again below, unless aborted.
    }
    if (signal.aborted) return;
    onDown?.(false);
    const healthy = openedAt !== undefined && Date.now() - openedAt >= HEALTHY_CONNECTION_MS;
    attempt = healthy ? 1 : attempt + 1;
    await waitToReconnect(attempt, signal);
  }
}

/** An `onMessage` handing the data of `name` events, parsed, to `handle`; data that is not JSON is skipped. */
export function onJsonEvent<T>(name: string, handle: (data: T) => void): (message: SseMessage) => void {
  return ({ event, data }) => {
    if (event !== name) return;
    let parsed: T;
    try {
      parsed = JSON.parse(data) as T;
    } catch {
      return;
    }
    handle(parsed);
  };
}
