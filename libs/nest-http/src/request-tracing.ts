import {
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REQUEST_ID_KEY } from './log-correlation';
import { flushTraces } from './tracing';

export interface RequestTracingOptions {
  /**
   * The gateway: the request's own span replaces the client's `traceparent`/`tracestate` in its
   * headers, so whatever forwards them (the proxy) makes the service's span a child of the gateway's.
   */
  forwardContext?: boolean;
}

const tracer = trace.getTracer('@portal/nest-http');
const requests = new WeakMap<FastifyRequest, Span>();

function end(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  const span = requests.get(request);
  if (span?.isRecording()) {
    span.setAttribute('http.response.status_code', reply.statusCode);
    if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  }
  done();
}

/**
 * One SERVER span per request (ADR 0210), the child of the caller's W3C `traceparent` when it sent
 * one, named after the route template (`POST /api/create-payment-intent`). The request's handlers,
 * hooks and log lines run in its context, with the request id beside it. Without a recording tracer
 * provider (no `OTEL_EXPORTER_OTLP_ENDPOINT`) the span is the API's no-op one, which still carries an
 * incoming trace on.
 */
export function traceRequests(fastify: FastifyInstance, options: RequestTracingOptions = {}): void {
  fastify.addHook('onRequest', (request, _reply, done) => {
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const route = request.routeOptions.url;
    const span = tracer.startSpan(
      route ? `${request.method} ${route}` : request.method,
      { kind: SpanKind.SERVER },
      parent,
    );
    // Only a span that is recorded gets attributes: most are not, once the edge samples (ADR 0210).
    if (span.isRecording()) {
      span.setAttributes({
        'http.request.method': request.method,
        'url.path': request.url.split('?', 1)[0],
        ...(route && { 'http.route': route }),
      });
    }
    const active = trace.setSpan(parent, span).setValue(REQUEST_ID_KEY, request.id);
    requests.set(request, span);
    if (options.forwardContext) {
      delete request.headers.traceparent;
      delete request.headers.tracestate;
      propagation.inject(active, request.headers);
    }
    // The rest of Fastify's chain (body, handler, hooks) runs in it.
    context.with(active, done);
  });
  fastify.addHook('onResponse', end);
  fastify.addHook('onRequestAbort', (request, done) => {
    requests.get(request)?.end();
    done();
  });
  // A collector that cannot be reached costs the last spans, not a clean exit.
  fastify.addHook('onClose', (_instance, done) => {
    void flushTraces()
      .catch((reason: unknown) =>
        fastify.log.warn(`the last spans were not sent to the collector: ${failureText(reason)}`),
      )
      .finally(done);
  });
}

/** OpenTelemetry's exporters reject with an error, or with a list of them. */
function failureText(reason: unknown): string {
  return (Array.isArray(reason) ? reason : [reason])
    .map((error) => (error instanceof Error ? error.message : String(error)))
    .join('; ');
}
