import { context, propagation, ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { EnvValidationError } from '@portal/config';
import { startTracing } from './index';

describe('startTracing without OTEL_EXPORTER_OTLP_ENDPOINT (ADR 0210)', () => {
  it('stops on an endpoint that is not an http(s) URL, naming the variable', () => {
    const start = () =>
      startTracing({ serviceName: 'orders', env: { OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' } });
    expect(start).toThrow(EnvValidationError);
    expect(start).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });

  it('stops on a sampling ratio outside 0..1, naming the variable', () => {
    expect(() =>
      startTracing({
        serviceName: 'orders',
        env: { OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '10' },
      }),
    ).toThrow(/OTEL_TRACES_SAMPLER_ARG/);
  });

  it('records nothing when the endpoint is empty, yet carries an incoming trace on', () => {
    startTracing({ serviceName: 'orders', env: { OTEL_EXPORTER_OTLP_ENDPOINT: '' } });
    const incoming = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const parent = propagation.extract(ROOT_CONTEXT, { traceparent: incoming });

    const span = trace.getTracer('test').startSpan('GET /orders/:id', {}, parent);
    expect(span.isRecording()).toBe(false);
    const outgoing: Record<string, string> = {};
    context.with(trace.setSpan(parent, span), () => propagation.inject(context.active(), outgoing));
    expect(outgoing.traceparent).toBe(incoming);
  });
});
