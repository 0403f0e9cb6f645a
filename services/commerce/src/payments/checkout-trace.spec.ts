import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { subjects } from '@portal/contracts';
import { startTracing } from '@portal/nest-http';
import { request, startForSuite } from '@portal/testing';
import { catalog } from '../packages/catalog.seed';
import { line, startCommerce } from '../test/commerce-harness';

// Before the service is created: the first setup of the process wins (ADR 0210).
const exporter = new InMemorySpanExporter();
startTracing({ serviceName: 'commerce', exporter });

const GATEWAY_TRACE_ID = '5b8aa5a2d2c872e8321cf37308d69df2';
const GATEWAY_SPAN_ID = '051581bf3cb55c13';

describe('the trace of a checkout in commerce (ADR 0210)', () => {
  const stack = startForSuite(startCommerce);

  it("continues the gateway's trace in its server span and keeps it with the order's event for the relay", async () => {
    const customer = await stack().signIn();
    const response = await request<{ orderId: string }>(
      stack().service.baseUrl,
      'POST',
      '/api/create-payment-intent',
      {
        body: { items: [line(catalog[0].id)] },
        token: customer.token,
        headers: { traceparent: `00-${GATEWAY_TRACE_ID}-${GATEWAY_SPAN_ID}-01` },
      },
    );
    expect(response.status).toBe(201);

    const server = exporter
      .getFinishedSpans()
      .filter((span) => span.kind === SpanKind.SERVER && span.name === 'POST /api/create-payment-intent');
    expect(server).toHaveLength(1);
    const { traceId, spanId } = server[0].spanContext();
    expect(traceId).toBe(GATEWAY_TRACE_ID);
    expect(server[0].parentSpanContext?.spanId).toBe(GATEWAY_SPAN_ID);
    expect(server[0].attributes['http.response.status_code']).toBe(201);

    const [event] = await stack().service.dataSource.query(
      `SELECT trace_context FROM outbox WHERE subject = $1 AND data->>'orderId' = $2`,
      [subjects.orderCreated, response.body.orderId],
    );
    expect(event.trace_context).toEqual({ traceparent: `00-${GATEWAY_TRACE_ID}-${spanId}-01` });
  });
});
