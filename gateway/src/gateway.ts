import replyFrom from '@fastify/reply-from';
import { NestFactory } from '@nestjs/core';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  AccessLogController,
  enableMetrics,
  genRequestId,
  JsonExceptionFilter,
  logCorrelation,
  measureRequests,
  PinoNestLogger,
  REQUEST_ID_HEADER,
  startTracing,
  traceRequests,
} from '@portal/nest-http';
import { AppModule, type AppModuleOptions } from './app.module';
import type { GatewayConfig } from './config/env';
import { batchedLogStream, type LogStream } from './http/log-stream';
import { subjects, v1OpenApiDocument } from '@portal/contracts';
import { apiProxy, bodyLimit } from './proxy/api-proxy.plugin';
import { ApiKeyGrants } from './public-api/api-key-grants';
import { RATE_LIMITER } from './public-api/public-api.module';
import { publicApi } from './public-api/public-api.plugin';
import type { RateLimiter } from './public-api/rate-limit/rate-limiter';
import { upstreamClientOptions } from './proxy/upstream-client';
import { upstreamPools } from './proxy/upstream-pool';
import { clientErrorHandler } from './security/client-error';
import { securityHeaders } from './security/security-headers';
import { runtimeConfig } from './static/runtime-config';
import { staticSite } from './static/static.plugin';

export interface GatewayOptions extends AppModuleOptions {
  /** Where the JSON log lines go; default stdout. */
  logOutput?: LogStream;
  /**
   * false: no metrics, traces or trace ids in the log lines, which no environment variable can ask
   * for: the baseline of the benchmark of their cost (tools/bench/observability-overhead.mjs).
   */
  instrumented?: boolean;
  /** Subject of commerce's catalog changes; default `portal.catalog.changed`. */
  catalogChangesSubject?: string;
}

/** The gateway, ready to `listen`: Nest (health, errors) on Fastify, with the proxy and static routes. */
export async function createGateway(
  config: GatewayConfig,
  options: GatewayOptions = {},
): Promise<NestFastifyApplication> {
  const headers = Object.entries(await securityHeaders());
  const logStream = batchedLogStream(options.logOutput);
  const instrumented = options.instrumented ?? true;
  if (instrumented) startTracing({ serviceName: 'gateway', edge: true });
  const adapter = new FastifyAdapter({
    logger: {
      level: config.logLevel,
      base: { service: 'gateway' },
      stream: logStream,
      ...(instrumented && { mixin: logCorrelation }),
    },
    logController: new AccessLogController(),
    genReqId: genRequestId,
    requestIdHeader: false,
    // The load balancers in front, if any: request.ips walks X-Forwarded-For back through them only.
    trustProxy: config.trustedProxies,
    bodyLimit,
    requestTimeout: 30_000,
    // What Node's parser refuses (400, 408, 431) is answered with the same headers as everything else.
    clientErrorHandler: clientErrorHandler(headers),
    // No Nest middleware here: without middie, no per-request hook runs for it.
    skipMiddie: true,
    // A URL the router cannot decode is refused before any hook runs: answer it like every other error.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      void reply
        .headers({ [REQUEST_ID_HEADER]: request.id, ...Object.fromEntries(headers) })
        .code(error.statusCode ?? 400)
        .send({ statusCode: error.statusCode ?? 400, message: error.message });
    },
  });
  const fastify = adapter.getInstance();
  if (instrumented) {
    enableMetrics('gateway');
    measureRequests(fastify);
    // The services see the gateway's span as their parent: it replaces the client's traceparent.
    traceRequests(fastify, { forwardContext: true });
  }
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, options), adapter, {
    logger: new PinoNestLogger(fastify.log),
    bodyParser: false,
  });

  // One hook for the request id and the security headers, on every response (errors and files too).
  fastify.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    raw.setHeader(REQUEST_ID_HEADER, request.id);
    for (const [name, value] of headers) raw.setHeader(name, value);
    done();
  });
  // The batched log lines are written out before the process exits (closeGracefullyOnSignals).
  fastify.addHook('onClose', (_instance, done) => {
    logStream.close();
    done();
  });
  await fastify.register(replyFrom, upstreamClientOptions(config.upstreamTimeoutMs));
  const pools = upstreamPools(config.upstreams, config.upstreamHealthIntervalMs, (pool, replica, reason) =>
    fastify.log.warn(
      `${pool.name} at ${replica.url} ${replica.healthy ? 'is back' : 'is ejected'} (${reason})`,
    ),
  );
  fastify.addHook('onClose', (_instance, done) => {
    for (const pool of Object.values(pools)) pool.stopHealthChecks();
    done();
  });

  app.useGlobalFilters(new JsonExceptionFilter());
  await app.init();
  // After init: Fastify gives a route the error handler in force when the route is added, and
  // init is where Nest installs its own (the exception filter above), for these routes too.
  await fastify.register(apiProxy, {
    config,
    pools,
    catalogChanges: options.catalogChangesSubject ?? subjects.catalogChanged,
  });
  await fastify.register(publicApi, {
    config,
    pools,
    grants: app.get<ApiKeyGrants>(ApiKeyGrants),
    limiter: app.get<RateLimiter | null>(RATE_LIMITER),
    openApiJson: JSON.stringify(v1OpenApiDocument(config.runtime.api.baseUrl)),
  });
  await fastify.register(runtimeConfig, { config });
  await fastify.register(staticSite, { config });
  return app;
}
