import { Body, Controller, Get, Logger, Module, Param, Post } from '@nestjs/common';
import http from 'node:http';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { createServiceApp, startTracing } from './index';

@Controller('orders')
class OrdersController {
  private readonly logger = new Logger('Orders');

  @Get(':id')
  read(@Param('id') id: string) {
    this.logger.log(`reading order ${id}`);
    return { id };
  }

  @Post()
  create(@Body() body: { name: string }) {
    this.logger.log(`creating order ${body.name}`);
    return { created: body.name };
  }
}

@Module({ controllers: [OrdersController] })
class OrdersModule {}

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN_ID = '00f067aa0ba902b7';
const traceparent = `00-${TRACE_ID}-${CALLER_SPAN_ID}-01`;

describe('traces and log correlation of a service (ADR 0210)', () => {
  const exporter = new InMemorySpanExporter();
  const lines: Record<string, unknown>[] = [];
  let app: NestFastifyApplication;
  let url: string;

  beforeAll(async () => {
    startTracing({ serviceName: 'orders', exporter });
    app = await createServiceApp(OrdersModule, {
      name: 'orders',
      logStream: { write: (line) => lines.push(JSON.parse(line)) },
    });
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
  });

  afterAll(() => app.close());

  beforeEach(() => {
    exporter.reset();
    lines.length = 0;
  });

  const serverSpans = () => exporter.getFinishedSpans().filter((span) => span.kind === SpanKind.SERVER);
  const linesOf = (requestId: string) => lines.filter((line) => line.requestId === requestId);

  it("continues the caller's trace in a server span named after the route", async () => {
    const response = await fetch(`${url}/orders/42?x=1`, {
      headers: { traceparent, 'x-request-id': 'req-1' },
    });
    expect(response.status).toBe(200);

    const [span] = serverSpans();
    expect(span.name).toBe('GET /orders/:id');
    expect(span.spanContext().traceId).toBe(TRACE_ID);
    expect(span.parentSpanContext?.spanId).toBe(CALLER_SPAN_ID);
    expect(span.attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.route': '/orders/:id',
      'url.path': '/orders/42',
      'http.response.status_code': 200,
    });
    expect(span.resource.attributes['service.name']).toBe('orders');
  });

  it("writes the request id and trace id on the handler's log lines, not only on the access line", async () => {
    await fetch(`${url}/orders/7`, { headers: { traceparent, 'x-request-id': 'req-2' } });
    const spanId = serverSpans()[0].spanContext().spanId;

    const logged = linesOf('req-2');
    expect(logged.map((line) => line.msg)).toEqual(['reading order 7', 'request completed']);
    for (const line of logged) expect(line).toMatchObject({ traceId: TRACE_ID, spanId });
    // Fastify's request logger binds the request id already: the line does not carry it twice.
    const access = JSON.stringify(logged[1]);
    expect(access.match(/"requestId"/g)).toHaveLength(1);
  });

  it('keeps the context through the body being read, and starts a trace when the caller sent none', async () => {
    // The body arrives after the headers, on a later event of the socket.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const sent = http.request(`${url}/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': 'req-3' },
      });
      sent.on('response', (response) => resolve(response.resume().statusCode)).on('error', reject);
      sent.flushHeaders();
      setTimeout(() => sent.end(JSON.stringify({ name: 'seats' })), 50);
    });
    expect(status).toBe(201);

    const [span] = serverSpans();
    expect(span.name).toBe('POST /orders');
    expect(span.parentSpanContext).toBeUndefined();
    const traceId = span.spanContext().traceId;
    expect(traceId).not.toBe(TRACE_ID);
    expect(linesOf('req-3').find((line) => line.msg === 'creating order seats')).toMatchObject({ traceId });
  });

  it('logs no request or trace outside a request', () => {
    new Logger('Boot').log('started');
    const [line] = lines;
    expect(line.msg).toBe('started');
    expect(line).not.toHaveProperty('requestId');
    expect(line).not.toHaveProperty('traceId');
  });
});
