import type { DynamicModule, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DEFAULT_TRUSTED_PROXIES, type LogLevel } from '@portal/config';
import { AccessLogController } from './access-log';
import { JsonExceptionFilter } from './json-exception.filter';
import { logCorrelation } from './log-correlation';
import { enableMetrics, measureRequests } from './metrics';
import { PinoNestLogger } from './pino-nest-logger';
import { genRequestId, REQUEST_ID_HEADER } from './request-id';
import { traceRequests } from './request-tracing';
import { startTracing } from './tracing';
import { ZodValidationPipe } from './zod-validation.pipe';

export interface ServiceAppOptions {
  /** Service name, written on every log line as `service`. */
  name: string;
  /** pino level; default `info`. */
  logLevel?: LogLevel;
  /** Maximum request body in bytes; default 1 MB. */
  bodyLimit?: number;
  /** Where JSON log lines go; default stdout. */
  logStream?: { write(line: string): void };
  /**
   * Which peers may tell the client's address through `X-Forwarded-For` (Fastify `trustProxy`): the
   * gateway only, which writes there the one address it resolved. Default: loopback, where the gateway
   * runs beside the services; containers name the gateway's address (`TRUSTED_PROXIES`).
   */
  trustProxy?: string[];
}

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/**
 * Creates (does not start) a Nest application on Fastify with the conventions every service shares:
 * JSON logs (one access line per request, with the request id), `x-request-id` honoured and echoed,
 * `Cache-Control: no-store` unless a route chose its own, a 1 MB body limit, JSON errors `{ statusCode, message }` for everything including 404 and bad JSON
 * (503 "Service <name> is unavailable" at once while its database cannot be reached),
 * zod validation of `@Body({ schema })`, and every request timed in `http_server_request_duration_seconds`
 * (labelled with the service's name, served by `listenInternal`). Start it with `app.listen(port, host)`; a process that
 * serves it stops it with `closeGracefullyOnSignals`.
 */
export async function createServiceApp(
  module: Type<unknown> | DynamicModule,
  options: ServiceAppOptions,
): Promise<NestFastifyApplication> {
  startTracing({ serviceName: options.name });
  const adapter = new FastifyAdapter({
    logger: {
      level: options.logLevel ?? 'info',
      base: { service: options.name },
      stream: options.logStream,
      mixin: logCorrelation,
    },
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    trustProxy: options.trustProxy ?? DEFAULT_TRUSTED_PROXIES,
    genReqId: genRequestId,
    requestIdHeader: false,
    logController: new AccessLogController(),
  });
  const fastify = adapter.getInstance();
  traceRequests(fastify);
  // APIs take JSON only: without Fastify's default text/plain parser, a text body gets the 415 too.
  fastify.removeContentTypeParser('text/plain');
  enableMetrics(options.name);
  measureRequests(fastify);
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  // Answers carry accounts' data, tokens and secrets: no cache keeps them unless a route says otherwise
  // (the JWKS, the public catalog).
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, {
    logger: new PinoNestLogger(fastify.log),
    // Only Fastify's own JSON parser: APIs take JSON, other content types get a 415.
    bodyParser: false,
  });
  app.useGlobalFilters(new JsonExceptionFilter({ service: options.name }));
  app.useGlobalPipes(new ZodValidationPipe());
  return app;
}
