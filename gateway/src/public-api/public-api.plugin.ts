import {
  apiErrorCodes,
  apiKeyMessages,
  rateLimitHeaders,
  V1_RATE_LIMIT,
  V1_RATE_LIMIT_WINDOW_SECONDS,
} from '@portal/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../config/env';
import type { UpstreamPools } from '../proxy/upstream-pool';
import { proxyTo, type FailureAnswer } from '../proxy/upstream-client';
import { publicApiRoutes } from '../routes/route-table';
import { type ApiKeyGrant, type ApiKeyGrants, KeyExchangeUnavailable } from './api-key-grants';
import type { RateLimiter, RateLimitDecision } from './rate-limit/rate-limiter';
import { sendV1Error } from './v1-error';

/** A /v1 body is a ticket at most: far under this. */
const V1_BODY_LIMIT = 64 * 1024;

export interface PublicApiOptions {
  config: GatewayConfig;
  /** The replicas of each service, shared with the /api proxy. */
  pools: UpstreamPools;
  grants: ApiKeyGrants;
  /** null: requests are not counted (the benchmark's baseline). */
  limiter: RateLimiter | null;
  /** `/v1/openapi.json`, written once at start. */
  openApiJson: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key's grant, on /v1 routes that passed the key check. */
    apiGrant?: ApiKeyGrant;
  }
}

// `Bearer <key>`: one space, the key, nothing after it.
const BEARER_KEY = /^Bearer ([^\s]+)$/i;

// The proxy's replies are typed for any server (HTTP/1 or 2); the gateway's is HTTP/1.
const v1Failure: FailureAnswer = (reply, statusCode, message) =>
  void sendV1Error(
    reply as unknown as FastifyReply,
    statusCode,
    'api_error',
    apiErrorCodes.unavailable,
    message,
  );

function setRateLimitHeaders(reply: FastifyReply, decision: RateLimitDecision): void {
  reply.header(rateLimitHeaders.limit, decision.limit);
  reply.header(rateLimitHeaders.remaining, decision.remaining);
  reply.header(rateLimitHeaders.reset, decision.resetAt);
}

/**
 * The public API at `/v1` (ADR 0199): the key is exchanged with identity (kept a minute at most), the
 * request counted against the key's hourly window (Redis or PostgreSQL, shared by every replica),
 * then forwarded to the service that owns the path with the API token in place of the key. Every
 * answer is JSON, errors in the documented `{ error: { type, code, message, param, request_id } }`.
 */
export async function publicApi(app: FastifyInstance, options: PublicApiOptions) {
  const { config, pools, grants, limiter, openApiJson } = options;
  app.removeAllContentTypeParsers();
  // The bytes go to the service untouched; it parses and validates them.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: V1_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  app.decorateRequest('apiGrant', undefined);

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return sendV1Error(
        reply,
        413,
        'invalid_request_error',
        'body_too_large',
        `The body is larger than ${V1_BODY_LIMIT} bytes.`,
      );
    }
    if (status >= 400 && status < 500) {
      return sendV1Error(
        reply,
        status,
        'invalid_request_error',
        apiErrorCodes.parameterInvalid,
        error.message,
      );
    }
    request.log.error({ err: error }, 'v1 request failed');
    return sendV1Error(reply, 500, 'api_error', apiErrorCodes.internal, 'Something went wrong on our side.');
  });

  const unauthorized = (reply: FastifyReply) =>
    sendV1Error(
      reply.header('www-authenticate', 'Bearer realm="v1"'),
      401,
      'authentication_error',
      apiErrorCodes.invalidApiKey,
      apiKeyMessages.invalidKey,
    );

  async function checkKey(request: FastifyRequest, reply: FastifyReply) {
    const key = BEARER_KEY.exec(request.headers.authorization ?? '')?.[1];
    if (!key) return unauthorized(reply);
    let grant: ApiKeyGrant | null;
    try {
      grant = await grants.resolve(key);
    } catch (error) {
      if (!(error instanceof KeyExchangeUnavailable)) throw error;
      request.log.warn({ err: error }, 'API key exchange failed');
      return sendV1Error(
        reply,
        503,
        'api_error',
        apiErrorCodes.unavailable,
        'The API is unavailable: please retry shortly.',
      );
    }
    if (!grant) return unauthorized(reply);

    let decision: RateLimitDecision | undefined;
    try {
      decision = await limiter?.hit(grant.keyId);
    } catch (error) {
      // Counting is down (Redis or PostgreSQL): serve uncounted rather than stop every customer's
      // integration, and say nothing about the limit rather than something untrue.
      request.log.warn({ err: error }, 'rate limit could not be counted');
    }
    if (decision) {
      setRateLimitHeaders(reply, decision);
      if (!decision.allowed) {
        const retryAfter = Math.max(Math.ceil(decision.resetAt - Date.now() / 1000), 1);
        return sendV1Error(
          reply.header('retry-after', retryAfter),
          429,
          'rate_limit_error',
          apiErrorCodes.rateLimited,
          `This API key has made ${decision.limit} requests in the last hour. Retry after ${retryAfter} seconds.`,
        );
      }
    }
    request.apiGrant = grant;
  }

  app.get('/v1/openapi.json', (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(openApiJson),
  );

  for (const route of publicApiRoutes) {
    const upstream = config.upstreams[route.service];
    const handler = proxyTo({
      name: upstream.name,
      pool: pools[route.service],
      timeoutMs: upstream.timeoutMs ?? config.upstreamTimeoutMs,
      requestHeaders: (request, headers) => {
        headers.authorization = `Bearer ${request.apiGrant!.token}`;
        delete headers.cookie;
        return headers;
      },
      failure: v1Failure,
    });
    const routeOptions = { onRequest: checkKey, bodyLimit: V1_BODY_LIMIT };
    app.all(route.prefix, routeOptions, handler);
    app.all(`${route.prefix}/*`, routeOptions, handler);
  }

  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    sendV1Error(
      reply,
      404,
      'invalid_request_error',
      apiErrorCodes.routeMissing,
      `No such endpoint: ${request.method} ${request.url.split('?')[0]}`,
    );
  app.all('/v1', notFound);
  app.all('/v1/*', notFound);
}

export const v1RateLimitPolicy = { limit: V1_RATE_LIMIT, windowMs: V1_RATE_LIMIT_WINDOW_SECONDS * 1000 };
