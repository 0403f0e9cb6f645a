import {
  context,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  SamplingDecision,
  type SpanContext,
  trace,
  TraceFlags,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ParentBasedSampler,
  RandomIdGenerator,
  SimpleSpanProcessor,
  type SpanExporter,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { envVars, parseEnv } from '@portal/config';
import { z } from 'zod';

const tracingEnvSchema = z.object({
  /** The collector's base URL (`http://otel-collector:4318`): spans go to `<it>/v1/traces`. Unset or empty: no spans. */
  OTEL_EXPORTER_OTLP_ENDPOINT: envVars.optionalHttpUrl(),
  OTEL_SERVICE_NAME: envVars.optionalMatching(/^\S+$/, 'must be a name without spaces'),
  /** `parentbased_traceidratio` records that share of new traces (`OTEL_TRACES_SAMPLER_ARG`); default all. */
  OTEL_TRACES_SAMPLER: envVars.optionalMatching(
    /^parentbased_(always_on|traceidratio)$/,
    'must be parentbased_always_on or parentbased_traceidratio',
  ),
  OTEL_TRACES_SAMPLER_ARG: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().min(0).max(1).default(1),
  ),
});

export interface TracingOptions {
  /** `service.name` of the spans, unless `OTEL_SERVICE_NAME` says otherwise. */
  serviceName: string;
  /**
   * The process takes requests from outside (the gateway): it keeps a caller's trace id but samples by
   * its own ratio, whatever the caller's `sampled` flag says, so no client can have every request
   * recorded.
   */
  edge?: boolean;
  /** Exports every span as it ends (tests: an InMemorySpanExporter), whatever the environment says. */
  exporter?: SpanExporter;
  env?: NodeJS.ProcessEnv;
}

/**
 * Random trace and span ids; or, for the one root span started in `within`, the trace id that a request's
 * hook already chose and decided to record (`recordsTrace`), so the SDK's sampler decides on that id too.
 */
class TraceIds extends RandomIdGenerator {
  private chosen: string | undefined;

  override generateTraceId(): string {
    const id = this.chosen ?? super.generateTraceId();
    this.chosen = undefined;
    return id;
  }

  /** Runs `start`, which starts (synchronously) a span in trace `traceId`. */
  within<T>(traceId: string, start: () => T): T {
    this.chosen = traceId;
    try {
      return start();
    } finally {
      this.chosen = undefined;
    }
  }
}

export const traceIds = new TraceIds();

let started: { provider?: TracerProvider; edge?: boolean; sampleHere?: TraceIdRatioBasedSampler } | undefined;

/**
 * Sets up OpenTelemetry for this process, once (later calls do nothing; ADR 0210). Always: the W3C
 * `traceparent` propagator and the AsyncLocalStorage context, which carry the request id and trace id
 * to every log line and an incoming trace on to the services and NATS. Only when
 * `OTEL_EXPORTER_OTLP_ENDPOINT` is set (or an exporter is given): a tracer provider that records spans
 * and exports them over OTLP/HTTP in batches; otherwise spans are the API's no-op ones.
 */
export function startTracing(options: TracingOptions): void {
  if (started) return;
  const env = parseEnv(tracingEnvSchema, options.env ?? process.env);
  context.setGlobalContextManager(new AsyncLocalStorageContextManager());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  started = {};
  const processor = options.exporter
    ? new SimpleSpanProcessor({ exporter: options.exporter })
    : env.OTEL_EXPORTER_OTLP_ENDPOINT
      ? // The exporter reads the endpoint (and OTEL_EXPORTER_OTLP_HEADERS…) from the environment itself.
        new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })
      : undefined;
  if (!processor) return;
  // Inside, a trace the caller sampled (or not) is followed; the ratio decides for traces started here
  // and, at the edge, for every trace that comes from outside.
  const ratio = env.OTEL_TRACES_SAMPLER === 'parentbased_traceidratio' ? env.OTEL_TRACES_SAMPLER_ARG : 1;
  const sampleHere = new TraceIdRatioBasedSampler(ratio);
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME ?? options.serviceName }),
    sampler: new ParentBasedSampler(
      options.edge
        ? { root: sampleHere, remoteParentSampled: sampleHere, remoteParentNotSampled: sampleHere }
        : { root: sampleHere },
    ),
    spanProcessors: [processor],
    idGenerator: traceIds,
  });
  trace.setGlobalTracerProvider(provider);
  started = { provider, edge: options.edge, sampleHere };
}

/**
 * Whether this process records trace `traceId`, continued from `caller` (the incoming span context)
 * when there is one: the sampler's own decision, made before any span exists, so that a request whose
 * trace is not recorded costs no work of the SDK (ADR 0216). Nothing is recorded without a tracer
 * provider (no collector named).
 */
export function recordsTrace(traceId: string, caller?: SpanContext): boolean {
  if (!started?.provider || !started.sampleHere) return false;
  if (!started.edge && caller && isSpanContextValid(caller))
    return (caller.traceFlags & TraceFlags.SAMPLED) === TraceFlags.SAMPLED;
  return (
    started.sampleHere.shouldSample(ROOT_CONTEXT, traceId).decision === SamplingDecision.RECORD_AND_SAMPLED
  );
}

/** Sends the spans still buffered (a process about to exit, a test about to assert). */
export async function flushTraces(): Promise<void> {
  await started?.provider?.forceFlush();
}
