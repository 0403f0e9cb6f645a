import type { AuthenticatedUser } from '@portal/auth';
import { TooManyRequestsException } from '@portal/nest-http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OpenStreams } from './open-streams';

/** A comment line this often keeps proxies and browsers from closing an idle stream. */
export const PING_INTERVAL_MS = 15_000;
/** How long a browser waits before reconnecting a dropped stream (the SSE `retry` field). */
const RECONNECT_MS = 3000;
/** The `Retry-After` of a stream refused for the per-user limit: about when a closed tab's slot is free. */
const STREAM_LIMIT_RETRY_SECONDS = 10;

/** One open stream, as a feed sees it. */
export interface StreamListener<T> {
  send(item: T): void;
  /** Ends the stream (the gateway is shutting down). */
  end(): void;
}

export interface EventStreamOptions<T> {
  user: AuthenticatedUser;
  request: FastifyRequest;
  reply: FastifyReply;
  streams: OpenStreams;
  /** The `event:` name each item is sent under (its JSON is the `data:`). */
  event: string;
  /** Starts delivering items to the listener; the answer stops it. */
  subscribe(listener: StreamListener<T>): () => void;
}

/**
 * Answers the request with server-sent events: `retry` and `event: ready` first, then one `event`
 * per item the feed delivers, a `: ping` comment every 15 s. Refused with a 429 (before anything is
 * written) when the user holds their share of streams; ended when the client goes, the feed ends it,
 * or `streams` closes it (sign-out, membership change).
 */
export function startEventStream<T>({
  user,
  request,
  reply,
  streams,
  event,
  subscribe,
}: EventStreamOptions<T>) {
  const release = streams.admit(user, () => close());
  if (!release) {
    throw new TooManyRequestsException(
      'Too many live updates are open for your account. Please close one and try again.',
      STREAM_LIMIT_RETRY_SECONDS,
    );
  }
  reply.hijack();
  const raw = reply.raw;
  // The security headers and request id set for every response are kept by writeHead.
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
  });
  raw.write(`retry: ${RECONNECT_MS}\nevent: ready\ndata: {}\n\n`);

  let open = true;
  const close = () => {
    if (!open) return;
    open = false;
    clearInterval(ping);
    unsubscribe();
    release();
    raw.end();
  };
  const ping = setInterval(() => raw.write(': ping\n\n'), PING_INTERVAL_MS);
  const unsubscribe = subscribe({
    send: (item: T) => raw.write(`event: ${event}\ndata: ${JSON.stringify(item)}\n\n`),
    end: close,
  });
  request.raw.once('close', close);
  // A client gone before the stream was set up never emits 'close' again: give its slot back now.
  if (request.raw.destroyed) close();
}
