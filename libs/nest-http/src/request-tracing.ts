import {
  type Context,
  context,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
} from '@opentelemetry/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REQUEST_ID_KEY } from './log-correlation';
import { flushTraces, recordsTrace, traceIds } from './tracing';

export interface RequestTracingOptions {
  /**
   * The gateway: the request's own span replaces the client's `traceparent`/`tracestate` in its
   * headers, so whatever forwards them (the proxy) makes the service's span a child of the gateway's.
   */
  forwardContext?: boolean;
}

const tracer = trace.getTracer('@portal/nest-http');
/** The recorded spans of requests in flight. */
const requests = new WeakMap<FastifyRequest, Span>();

/** The SERVER span of a request whose trace this process records, named after its route template. */
function recordedSpan(request: FastifyRequest, callerContext: Context, traceId: string): Span {
  const route = request.routeOptions.url;
  const span = traceIds.within(traceId, () =>
    tracer.startSpan(
      route ? `${request.method} ${route}` : request.method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          'url.path': request.url.split('?', 1)[0],
          ...(route && { 'http.route': route }),
        },
      },
      callerContext,
    ),
  );
  requests.set(request, span);
  return span;
}

function end(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  const span = requests.get(request);
  if (span) {
    span.setAttribute('http.response.status_code', reply.statusCode);
    if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  }
  done();
}

/**
 * One SERVER span per request (ADR 0210), the child of the caller's W3C `traceparent` when it sent
 * one, named after the route template (`POST /api/create-payment-intent`). The request's handlers,
 * hooks and log lines run in its context, with the request id beside it. A request whose trace this
 * process does not record (no `OTEL_EXPORTER_OTLP_ENDPOINT`, or not sampled) still gets a trace id,
 * the caller's or a new one, and a span id of its own, which its log lines and the next hop carry.
 */
export function traceRequests(fastify: FastifyInstance, options: RequestTracingOptions = {}): void {
  fastify.addHook('onRequest', (request, _reply, done) => {
    const callerContext = propagation.extract(ROOT_CONTEXT, request.headers);
    const caller = trace.getSpanContext(callerContext);
    const continued = caller !== undefined && isSpanContextValid(caller);
    const traceId = continued ? caller.traceId : traceIds.generateTraceId();
    const span = recordsTrace(traceId, caller)
      ? recordedSpan(request, callerContext, traceId)
      : // Most requests once the edge samples (ADR 0216): an id for the logs and the next hop, nothing more.
        trace.wrapSpanContext({
          traceId,
          spanId: traceIds.generateSpanId(),
          traceFlags: TraceFlags.NONE,
          ...(continued && caller.traceState && { traceState: caller.traceState }),
        });
    const active = trace.setSpan(callerContext, span).setValue(REQUEST_ID_KEY, request.id);
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
