import { InMemorySpanExporter, TraceIdRatioBasedSampler } from '@opentelemetry/sdk-trace';
import { ROOT_CONTEXT, SamplingDecision, SpanKind } from '@opentelemetry/api';
import { startTracing } from '@portal/nest-http';
import { randomBytes } from 'node:crypto';
import { startGateway, type RunningGateway } from '../testing/gateway';
import { startUpstream, type Upstream } from '../testing/upstream';

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-(0[01])$/;
const BROWSER_SPAN_ID = 'b7ad6b7169203331';

/** A browser's trace id that a 1-in-2 ratio does not record. */
function unrecordedTraceId(): string {
  const half = new TraceIdRatioBasedSampler(0.5);
  for (;;) {
    const traceId = randomBytes(16).toString('hex');
    if (half.shouldSample(ROOT_CONTEXT, traceId).decision === SamplingDecision.NOT_RECORD) return traceId;
  }
}

describe('a gateway that records 1 trace in 2 (ADR 0216)', () => {
  const exporter = new InMemorySpanExporter();
  let commerce: Upstream;
  let gateway: RunningGateway;

  beforeAll(async () => {
    startTracing({
      serviceName: 'gateway',
      exporter,
      edge: true,
      env: { OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.5' },
    });
    commerce = await startUpstream();
    gateway = await startGateway({ COMMERCE_URL: commerce.url });
  });

  afterAll(async () => {
    await gateway.close();
    await commerce.close();
  });

  beforeEach(() => {
    exporter.reset();
    commerce.received.length = 0;
  });

  const serverSpans = () => exporter.getFinishedSpans().filter((span) => span.kind === SpanKind.SERVER);
  const forwarded = () =>
    commerce.received.map((request) => {
      const [, traceId, spanId, flags] = TRACEPARENT.exec(String(request.headers.traceparent)) ?? [];
      return { traceId, spanId, recorded: flags === '01' };
    });

  it('records half of the traces it starts, and tells the service which', async () => {
    for (let i = 0; i < 200; i++) expect((await fetch(`${gateway.url}/api/user/orders`)).status).toBe(200);

    const hops = forwarded();
    expect(hops.every((hop) => hop.traceId && hop.spanId)).toBe(true);
    expect(new Set(hops.map((hop) => hop.traceId)).size).toBe(200);
    const recorded = hops.filter((hop) => hop.recorded);
    // Decided once, on the trace id the service is given: about 100 of 200, not 1 in 4.
    expect(recorded.length).toBeGreaterThan(65);
    expect(recorded.length).toBeLessThan(135);
    const ids = (list: { traceId: string; spanId: string }[]) =>
      list.map(({ traceId, spanId }) => `${traceId}-${spanId}`).sort();
    expect(ids(serverSpans().map((span) => span.spanContext()))).toEqual(ids(recorded));
  });

  it("forwards a trace it does not record with the browser's trace id and a span id of its own", async () => {
    const traceId = unrecordedTraceId();
    await fetch(`${gateway.url}/api/user/orders`, {
      headers: { traceparent: `00-${traceId}-${BROWSER_SPAN_ID}-01`, tracestate: 'vendor=1' },
    });

    expect(serverSpans()).toHaveLength(0);
    const [hop] = forwarded();
    expect(hop).toMatchObject({ traceId, recorded: false });
    expect(hop.spanId).not.toBe(BROWSER_SPAN_ID);
    expect(commerce.received[0].headers.tracestate).toBe('vendor=1');
  });
});
