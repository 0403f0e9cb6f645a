import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { startTracing } from '@portal/nest-http';
import { startGateway, type RunningGateway } from '../testing/gateway';
import { startUpstream, type Upstream } from '../testing/upstream';

const BROWSER_TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
const BROWSER_SPAN_ID = 'b7ad6b7169203331';

describe('gateway traces (ADR 0210)', () => {
  const exporter = new InMemorySpanExporter();
  let commerce: Upstream;
  let gateway: RunningGateway;

  beforeAll(async () => {
    startTracing({ serviceName: 'gateway', exporter, edge: true });
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

  const gatewaySpan = () => {
    const spans = exporter.getFinishedSpans().filter((span) => span.kind === SpanKind.SERVER);
    expect(spans).toHaveLength(1);
    return spans[0];
  };

  it("continues the browser's trace and hands the service its own span as the parent", async () => {
    const response = await fetch(`${gateway.url}/api/user/orders`, {
      headers: { traceparent: `00-${BROWSER_TRACE_ID}-${BROWSER_SPAN_ID}-01`, tracestate: 'vendor=1' },
    });
    expect(response.status).toBe(200);

    const span = gatewaySpan();
    expect(span.name).toBe('GET /api/user/orders');
    expect(span.spanContext().traceId).toBe(BROWSER_TRACE_ID);
    expect(span.parentSpanContext?.spanId).toBe(BROWSER_SPAN_ID);
    expect(span.attributes['http.response.status_code']).toBe(200);
    const [forwarded] = commerce.received;
    expect(forwarded.headers.traceparent).toBe(`00-${BROWSER_TRACE_ID}-${span.spanContext().spanId}-01`);
    expect(forwarded.headers.tracestate).toBe('vendor=1');
  });

  it("records the browser's trace by its own sampling, though the browser recorded nothing (flag 00)", async () => {
    await fetch(`${gateway.url}/api/user/orders`, {
      headers: { traceparent: `00-${BROWSER_TRACE_ID}-${BROWSER_SPAN_ID}-00` },
    });
    const span = gatewaySpan();
    expect(span.spanContext().traceId).toBe(BROWSER_TRACE_ID);
    expect(commerce.received[0].headers.traceparent).toBe(
      `00-${BROWSER_TRACE_ID}-${span.spanContext().spanId}-01`,
    );
  });

  it('starts the trace when the browser sent none', async () => {
    await fetch(`${gateway.url}/api/user/orders`);
    const span = gatewaySpan();
    expect(span.parentSpanContext).toBeUndefined();
    const { traceId, spanId } = span.spanContext();
    expect(commerce.received[0].headers.traceparent).toBe(`00-${traceId}-${spanId}-01`);
  });

  it('replaces a malformed traceparent rather than forwarding it', async () => {
    await fetch(`${gateway.url}/api/user/orders`, { headers: { traceparent: 'forged' } });
    const { traceId, spanId } = gatewaySpan().spanContext();
    expect(commerce.received[0].headers.traceparent).toBe(`00-${traceId}-${spanId}-01`);
  });
});
