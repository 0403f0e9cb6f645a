import type { FastifyReplyFromHooks, FastifyReplyFromOptions } from '@fastify/reply-from';
import type { FastifyReply, FastifyRequest, RawServerBase, RouteGenericInterface } from 'fastify';
import { clientAddress, clientProtocol } from './client-address';
import type { Replica, UpstreamPool } from './upstream-pool';

// reply-from's hooks are typed for any server (HTTP/1 or HTTP/2).
type AnyRequest = FastifyRequest<RouteGenericInterface, RawServerBase>;
type AnyReply = FastifyReply<RouteGenericInterface, RawServerBase>;
type Headers = Parameters<NonNullable<FastifyReplyFromHooks['rewriteHeaders']>>[0];

/** Longest wait for a TCP connection to an upstream. */
export const connectTimeoutMs = 500;
/**
 * undici checks its own timeouts on a coarse clock (up to ~500 ms late), so the gateway keeps the
 * deadline itself and undici only cleans up the abandoned request this much later.
 */
const undiciGraceMs = 1_000;

/**
 * Options of @fastify/reply-from on undici: one Agent, which keeps a keep-alive pool per upstream
 * origin. Registered once at the root (it decorates every reply) for the API and the /mfe proxies.
 */
export function upstreamClientOptions(timeoutMs: number): FastifyReplyFromOptions {
  return {
    undici: {
      connections: 128,
      pipelining: 1,
      keepAliveTimeout: 30_000,
      connect: { timeout: connectTimeoutMs },
      headersTimeout: timeoutMs + undiciGraceMs,
      bodyTimeout: timeoutMs + undiciGraceMs,
    },
    destroyAgent: true,
    disableRequestLogging: true,
  };
}

/** What a client may write about the route its request took: the services hear it from the gateway alone. */
const forwardingHeaders = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-port',
  'x-real-ip',
];

/**
 * The services believe X-Forwarded-For from the gateway only (see createServiceApp): it carries the one
 * address the gateway resolved, and X-Forwarded-Proto the scheme. Public URLs come from PUBLIC_SITE_URL,
 * so no host is forwarded.
 */
function forwardedHeaders(request: AnyRequest, headers: Headers) {
  for (const name of forwardingHeaders) delete headers[name];
  headers['x-request-id'] = request.id;
  const client = clientAddress(request);
  if (client) headers['x-forwarded-for'] = client;
  headers['x-forwarded-proto'] = clientProtocol(request);
  return headers;
}

// Hop-by-hop headers of the upstream connection are not the client's (RFC 9110, 7.6.1).
function responseHeaders(headers: Headers) {
  delete headers.connection;
  delete headers['keep-alive'];
  return headers;
}

const noRetry = () => null;

/** How a proxy answers when the service fails it: the /api routes with `{ statusCode, message }`. */
export type FailureAnswer = (reply: AnyReply, statusCode: 503 | 504, message: string) => void;

const apiFailure: FailureAnswer = (reply, statusCode, message) =>
  void reply.code(statusCode).send({ statusCode, message });

export interface ProxyTarget {
  /** Named in the 503 message: "Service <name> is unavailable". */
  name: string;
  /** The service's replicas (one address or several). */
  pool: UpstreamPool;
  /** Deadline for the upstream's response headers, connection included. */
  timeoutMs: number;
  /** Changes the headers sent upstream after the forwarding ones are set (the /v1 token). */
  requestHeaders?: (request: AnyRequest, headers: Headers) => Headers;
  /** The body of a 503 or 504; default `{ statusCode, message }`. */
  failure?: FailureAnswer;
}

/** The service could not be reached (refused, reset, died mid-answer): 503. */
export function unavailable(reply: AnyReply, name: string, failure: FailureAnswer = apiFailure): void {
  if (reply.sent) return;
  failure(reply, 503, `Service ${name} is unavailable`);
}

/** The service took the request but sent no answer within its deadline (hung, paused, overloaded): 504. */
export function timedOut(reply: AnyReply, name: string, failure: FailureAnswer = apiFailure): void {
  if (reply.sent) return;
  failure(reply, 504, `Service ${name} did not answer in time`);
}

/** Bodies up to this size are read whole and sent in one write with the headers. */
const maxBufferedBody = 64 * 1024;

/**
 * A small body of known length is read whole and sent as one buffer (one write with the headers,
 * none of the stream plumbing, and a 503 still possible if the service dies mid-body); larger or
 * open-ended ones (chunked, event streams) are streamed through.
 */
function sendBody(
  reply: AnyReply,
  body: NodeJS.ReadableStream,
  length: number,
  giveUp: (reply: AnyReply) => void,
) {
  if (!(length <= maxBufferedBody)) {
    void reply.send(body);
    return;
  }
  const chunks: Buffer[] = [];
  body.on('data', (chunk: Buffer) => chunks.push(chunk));
  body.on('end', () => void reply.send(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
  body.on('error', () => giveUp(reply));
}

/** The request never reached the service: no connection was made. */
const notConnected = new Set([
  'ECONNREFUSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** The connection broke after the request was (perhaps) sent, before any byte of a response. */
const connectionLost = new Set(['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE']);

/** The code of the connection failure behind reply-from's (or undici's) error, or undefined for any other error. */
export function connectionFailure(error: Error): string | undefined {
  const code = (error.cause as { code?: string } | undefined)?.code ?? (error as { code?: string }).code;
  return code && (notConnected.has(code) || connectionLost.has(code)) ? code : undefined;
}

/**
 * Whether a request may be sent again to another replica after a connection failure with `code`:
 * one that never reached the service always; one that may have reached it only when repeating it
 * does no harm (GET, HEAD) or the service recognises the repeat (a POST with an Idempotency-Key).
 */
function mayRetry(request: FastifyRequest, code: string): boolean {
  if (notConnected.has(code)) return true;
  const { method } = request;
  if (method === 'GET' || method === 'HEAD') return true;
  return method === 'POST' && request.headers['idempotency-key'] !== undefined;
}

/**
 * A route handler forwarding the request unchanged (method, path, query, body bytes) to one of
 * `target`'s replicas (ADR 0213). When the connection to it fails before any byte of an answer, the
 * replica is ejected and a request that is safe to repeat goes to another healthy one, within the
 * same deadline. A body, when there is one, is the Buffer the proxy's content-type parser kept.
 */
export function proxyTo(target: ProxyTarget) {
  const { requestHeaders, pool } = target;
  const shared: FastifyReplyFromHooks = {
    getUpstream: () => pool.replicas[0].url,
    rewriteRequestHeaders: requestHeaders
      ? (request, headers) => requestHeaders(request, forwardedHeaders(request, headers))
      : forwardedHeaders,
    rewriteHeaders: responseHeaders,
    retryDelay: noRetry,
    timeout: target.timeoutMs + undiciGraceMs,
  };
  const giveUp = (reply: AnyReply) => unavailable(reply, target.name, target.failure);
  const tooLate = (reply: AnyReply) => timedOut(reply, target.name, target.failure);

  return function proxy(request: FastifyRequest, reply: FastifyReply) {
    const deadline = setTimeout(tooLate, target.timeoutMs, reply);
    let replica = pool.pick() as Replica;
    const options: FastifyReplyFromHooks = {
      ...shared,
      onResponse: (_request, reply, response) => {
        clearTimeout(deadline);
        // Too late: the 504 went out, drop what the service finally sent.
        if (reply.sent) response.stream.destroy();
        // reply-from has copied the service's headers onto the reply by now.
        else sendBody(reply, response.stream, Number(reply.getHeader('content-length')), giveUp);
      },
      onError: (reply, { error }) => {
        const code = pool.balanced ? connectionFailure(error) : undefined;
        if (code) {
          pool.connectionFailed(replica, code);
          const next = reply.sent || !mayRetry(request, code) ? undefined : pool.pick(replica);
          if (next) {
            replica.outstanding -= 1;
            next.outstanding += 1;
            replica = next;
            reply.from(request.url, options);
            return;
          }
        }
        clearTimeout(deadline);
        giveUp(reply);
      },
    };
    if (pool.balanced) {
      replica.outstanding += 1;
      reply.raw.on('close', () => (replica.outstanding -= 1));
      options.getUpstream = () => replica.url;
    }
    const body = request.body;
    if (body !== undefined && body !== null) {
      options.body = body;
      options.contentType = request.headers['content-type'] ?? 'application/octet-stream';
    }
    try {
      return reply.from(request.url, options);
    } catch {
      clearTimeout(deadline);
      // reply-from refuses paths that would climb out of the upstream's base (`..`, bad escapes).
      return reply.code(400).send({ statusCode: 400, message: 'Invalid request path' });
    }
  };
}
