import { propagation, ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { startTracing } from './index';

describe('OTEL_TRACES_SAMPLER=parentbased_traceidratio (ADR 0210)', () => {
  beforeAll(() => {
    startTracing({
      serviceName: 'orders',
      exporter: new InMemorySpanExporter(),
      env: { OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0' },
    });
  });

  const tracer = () => trace.getTracer('test');
  const from = (flags: string) =>
    propagation.extract(ROOT_CONTEXT, {
      traceparent: `00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-${flags}`,
    });

  it('records no trace started here at a ratio of 0', () => {
    expect(tracer().startSpan('GET /orders').isRecording()).toBe(false);
  });

  it("follows the caller's decision for a trace it continues", () => {
    expect(tracer().startSpan('GET /orders', {}, from('01')).isRecording()).toBe(true);
    expect(tracer().startSpan('GET /orders', {}, from('00')).isRecording()).toBe(false);
  });
});
