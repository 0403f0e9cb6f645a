import { Logger } from '@nestjs/common';
import { ifNoneMatchMatches } from '@portal/nest-http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Agent, request as send } from 'undici';
import { SubjectFollower } from '../live-streams/subject-follower';
import { connectionFailure, connectTimeoutMs, timedOut, unavailable } from '../proxy/upstream-client';
import type { Replica, UpstreamPool } from '../proxy/upstream-pool';

/** The catalog: the read every page of the site makes, the same for everyone. Only this exact path is kept. */
export const catalogPath = '/api/packages';

/** Longest a copy is served after commerce last confirmed it: a price is never more than this stale. */
export const catalogMaxAgeMs = 1_000;
/** A copy this old is confirmed again in the background while it is still served, so no request waits under load. */
const refreshAfterMs = 750;

/** Headers of commerce's answer that belong to that one response, not to the copy. */
const notKept = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'date',
  'content-length',
  'x-request-id',
]);
/** What a 304 repeats of the 200 it stands for (RFC 9110 §15.4.5). */
const notModifiedFields = ['cache-control', 'etag', 'vary', 'expires', 'content-location'];

type Headers = Record<string, string | string[]>;

interface Copy {
  body: Buffer;
  etag: string;
  /** Sent with the body: commerce's own headers (content type, cache control, ETag). */
  headers: Headers;
  /** Sent with a 304. */
  notModified: Headers;
  /** performance.now() when the request that commerce answered with this copy (200) or confirmed it (304) was sent. */
  confirmedAt: number;
}

/** How a revalidation ended: a copy to serve, another answer of commerce's to pass on once, or no answer. */
type Outcome =
  | { copy: Copy }
  | { status: number; headers: Headers; body: Buffer }
  | { failure: 'unavailable' | 'timedOut' };

export interface CatalogCacheOptions {
  /** commerce: named in the 503 and 504. */
  name: string;
  pool: UpstreamPool;
  /** Deadline of a revalidation, the route's (ADR 0025). */
  timeoutMs: number;
}

/**
 * `GET` and `HEAD /api/packages` answered from a copy of commerce's last answer, with its headers and
 * ETag (304 to a matching `If-None-Match`). A copy is served only up to `catalogMaxAgeMs` after commerce
 * last confirmed it; after that one revalidation (`If-None-Match`: a 304 extends the copy, a 200
 * replaces it) answers every request that waits for it, and a commerce that cannot be reached gets
 * the proxy's 503 (504 when it does not answer in time): a price is never served stale. The copy is
 * also dropped at once when commerce announces a change (`portal.catalog.changed`). Anything else on
 * the route (a query string, another method) goes to the proxy; an answer without an ETag is passed
 * on and not kept.
 */
export class CatalogCache {
  private copy?: Copy;
  private pending?: Promise<Outcome>;
  /** Counts the drops: a revalidation sent before one may be answered, never kept. */
  private drops = 0;
  private follower?: SubjectFollower;
  /** Connections of its own to commerce's replicas, kept alive between revalidations. */
  private readonly agent = new Agent({ connect: { timeout: connectTimeoutMs }, keepAliveTimeout: 30_000 });

  constructor(private readonly options: CatalogCacheOptions) {}

  /** The route's handler: the catalog from the copy, anything else through `proxy`. */
  handler(proxy: (request: FastifyRequest, reply: FastifyReply) => unknown) {
    return (request: FastifyRequest, reply: FastifyReply) => {
      if (request.url !== catalogPath || (request.method !== 'GET' && request.method !== 'HEAD')) {
        return proxy(request, reply);
      }
      const copy = this.copy;
      if (copy) {
        const age = performance.now() - copy.confirmedAt;
        if (age <= catalogMaxAgeMs) {
          if (age > refreshAfterMs) void this.revalidate(request);
          return serve(request, reply, copy);
        }
      }
      void this.revalidate(request).then((outcome) => this.answer(request, reply, outcome));
      return reply;
    };
  }

  /** Drops the copy when a message arrives on `subject` (commerce's catalog changes), until `stop`. */
  follow(natsUrl: string, subject: string): void {
    this.follower = new SubjectFollower(
      { natsUrl, name: 'gateway-catalog', subject, logger: new Logger('CatalogCache') },
      () => this.drop(),
    );
  }

  async stop(): Promise<void> {
    await this.follower?.stop();
    await this.agent.destroy();
  }

  /** Forgets the copy, and any revalidation under way: the next request asks commerce. */
  drop(): void {
    this.drops += 1;
    this.copy = undefined;
    this.pending = undefined;
  }

  private answer(request: FastifyRequest, reply: FastifyReply, outcome: Outcome): FastifyReply | void {
    if ('copy' in outcome) return serve(request, reply, outcome.copy);
    if ('failure' in outcome) {
      return outcome.failure === 'timedOut'
        ? timedOut(reply, this.options.name)
        : unavailable(reply, this.options.name);
    }
    return reply.code(outcome.status).headers(outcome.headers).send(outcome.body);
  }

  /** One request to commerce at a time, shared by every request that needs it. */
  private revalidate(request: FastifyRequest): Promise<Outcome> {
    if (this.pending) return this.pending;
    const drops = this.drops;
    const pending = this.ask(request, this.copy).then(undefined, (): Outcome => ({ failure: 'unavailable' }));
    void pending.then((outcome) => {
      if (this.pending === pending) this.pending = undefined;
      if (this.drops === drops && 'copy' in outcome) this.copy = outcome.copy;
    });
    this.pending = pending;
    return pending;
  }

  /**
   * `GET /api/packages` from a replica of commerce, conditional when there is a copy. The request
   * carries the trace and the request id of the client's request that needed it. A connection that
   * fails goes to another healthy replica, within the deadline (ADR 0213).
   */
  private async ask(request: FastifyRequest, copy: Copy | undefined): Promise<Outcome> {
    const { pool, timeoutMs } = this.options;
    const headers: Record<string, string> = { 'x-request-id': request.id };
    for (const name of ['traceparent', 'tracestate']) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    if (copy) headers['if-none-match'] = copy.etag;
    const abort = new AbortController();
    const deadline = setTimeout(() => abort.abort(), timeoutMs);
    let replica: Replica | undefined = pool.pick();
    try {
      while (replica) {
        const attempt = replica;
        const sentAt = performance.now();
        if (pool.balanced) attempt.outstanding += 1;
        try {
          const response = await send(`${attempt.url}${catalogPath}`, {
            headers,
            signal: abort.signal,
            dispatcher: this.agent,
          });
          const body = Buffer.from(await response.body.arrayBuffer());
          return outcomeOf(response.statusCode, response.headers, body, copy, sentAt);
        } catch (error) {
          if (abort.signal.aborted) return { failure: 'timedOut' };
          const code = pool.balanced ? connectionFailure(error as Error) : undefined;
          if (!code) return { failure: 'unavailable' };
          pool.connectionFailed(attempt, code);
          replica = pool.pick(attempt);
        } finally {
          if (pool.balanced) attempt.outstanding -= 1;
        }
      }
      return { failure: 'unavailable' };
    } finally {
      clearTimeout(deadline);
    }
  }
}

function outcomeOf(
  status: number,
  received: Record<string, string | string[] | undefined>,
  body: Buffer,
  copy: Copy | undefined,
  sentAt: number,
): Outcome {
  if (status === 304 && copy) return { copy: { ...copy, confirmedAt: sentAt } };
  const headers: Headers = {};
  for (const [name, value] of Object.entries(received)) {
    if (value !== undefined && !notKept.has(name)) headers[name] = value;
  }
  const etag = received.etag;
  if (status !== 200 || typeof etag !== 'string') return { status, headers, body };
  const notModified: Headers = {};
  for (const name of notModifiedFields) if (headers[name] !== undefined) notModified[name] = headers[name];
  return { copy: { body, etag, headers, notModified, confirmedAt: sentAt } };
}

function serve(request: FastifyRequest, reply: FastifyReply, copy: Copy): FastifyReply {
  if (ifNoneMatchMatches(request.headers['if-none-match'], copy.etag)) {
    return reply.code(304).headers(copy.notModified).send();
  }
  return reply.headers(copy.headers).send(copy.body);
}
