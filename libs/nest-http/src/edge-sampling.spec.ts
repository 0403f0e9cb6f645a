import { propagation, ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { startTracing } from './index';

describe('sampling at the edge (the gateway, ADR 0210)', () => {
  beforeAll(() => {
    startTracing({
      serviceName: 'gateway',
      edge: true,
      exporter: new InMemorySpanExporter(),
      env: { OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0' },
    });
  });

  it("keeps the caller's trace id but not its demand to be recorded", () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const caller = propagation.extract(ROOT_CONTEXT, { traceparent: `00-${traceId}-00f067aa0ba902b7-01` });
    const span = trace.getTracer('test').startSpan('GET /api/packages', {}, caller);
    expect(span.isRecording()).toBe(false);
    expect(span.spanContext().traceId).toBe(traceId);
  });
});
