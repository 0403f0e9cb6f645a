import { SpanKind, type SpanContext, SpanStatusCode, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { startTracing } from '@portal/nest-http';
import {
  connectTestJetStream,
  createMigratedTestDatabase,
  type MigratedTestDatabase,
  type TestJetStream,
  testNatsUrl,
  uniqueSubjectSpace,
  waitFor,
} from '@portal/testing';
import {
  CreateEventTables1763830000000,
  enqueueEvent,
  EventConsumer,
  type EventsLogger,
  OutboxRelay,
  OutboxTraceContext1767000000000,
  type StreamOptions,
} from './index';

const quiet: EventsLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };

describe('traces through the outbox, NATS and a consumer (ADR 0210)', () => {
  const exporter = new InMemorySpanExporter();
  const space = uniqueSubjectSpace();
  const stream: StreamOptions = { name: space.stream, subjects: space.subjects, duplicateWindowMs: 120_000 };
  const subject = `${space.prefix}.widgets.ordered`;
  /** The span active in the consumer's handler, per event id. */
  const handled = new Map<string, SpanContext | undefined>();
  let db: MigratedTestDatabase;
  let jetStream: TestJetStream;
  let relay: OutboxRelay;
  let consumer: EventConsumer;

  beforeAll(async () => {
    startTracing({ serviceName: 'commerce', exporter });
    db = await createMigratedTestDatabase('events_tracing', {
      migrations: [CreateEventTables1763830000000, OutboxTraceContext1767000000000],
      poolSize: 4,
    });
    jetStream = await connectTestJetStream(space.stream);
    relay = new OutboxRelay({ dataSource: db.dataSource, natsUrl: testNatsUrl(), stream, logger: quiet });
    consumer = new EventConsumer({
      dataSource: db.dataSource,
      natsUrl: testNatsUrl(),
      stream,
      durable: `${space.prefix}-kpi`,
      filterSubjects: [subject],
      logger: quiet,
      handler: async (event) => {
        handled.set(event.id, trace.getActiveSpan()?.spanContext());
      },
    });
    relay.start();
    consumer.start();
  });

  afterAll(async () => {
    await consumer.stop();
    await relay.stop();
    await jetStream.close();
    await db.close();
  });

  const placeOrder = () =>
    db.dataSource.transaction((manager) =>
      enqueueEvent(manager, subject, 'widget.ordered', { widgetId: 'w-1' }),
    );
  const spansOf = (eventId: string) =>
    exporter.getFinishedSpans().filter((span) => span.attributes['messaging.message.id'] === eventId);
  const only = (spans: ReadableSpan[], kind: SpanKind) => {
    const found = spans.filter((span) => span.kind === kind);
    expect(found).toHaveLength(1);
    return found[0];
  };

  it('continues the trace of the request that wrote the event: outbox row, message header, publish, consume', async () => {
    // The request's server span, as the service's HTTP layer starts it.
    const { event, traceId } = await trace
      .getTracer('test')
      .startActiveSpan('POST /api/create-payment-intent', { kind: SpanKind.SERVER }, async (span) => {
        const written = await placeOrder();
        span.end();
        return { event: written, traceId: span.spanContext().traceId };
      });

    const [row] = await db.dataSource.query('SELECT trace_context FROM outbox WHERE id = $1', [event.id]);
    expect(row.trace_context.traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));

    await waitFor(async () => handled.has(event.id), 'the consumer to handle the event');
    // The consume span ends after the handler returns (and the message is acknowledged).
    await waitFor(
      async () => spansOf(event.id).some((span) => span.kind === SpanKind.CONSUMER),
      'the consume span to end',
    );
    const spans = spansOf(event.id);
    const publish = only(spans, SpanKind.PRODUCER);
    const consume = only(spans, SpanKind.CONSUMER);
    expect(publish.name).toBe(`send ${subject}`);
    expect(consume.name).toBe(`process ${subject}`);
    expect(publish.spanContext().traceId).toBe(traceId);
    expect(consume.spanContext().traceId).toBe(traceId);
    expect(consume.parentSpanContext?.spanId).toBe(publish.spanContext().spanId);
    expect(handled.get(event.id)?.spanId).toBe(consume.spanContext().spanId);
    expect(consume.attributes).toMatchObject({
      'messaging.system': 'nats',
      'messaging.destination.name': subject,
      'messaging.consumer.group.name': `${space.prefix}-kpi`,
    });

    const seq = (await jetStream.jsm.streams.info(space.stream)).state.last_seq;
    const message = await jetStream.jsm.streams.getMessage(space.stream, { seq });
    expect(message?.header.get('traceparent')).toBe(`00-${traceId}-${publish.spanContext().spanId}-01`);
  });

  it("marks a failed handling in its span, and the failure's log line carries the trace", async () => {
    const failing = `${space.prefix}.widgets.broken`;
    const warnings: { message: string; traceId?: string }[] = [];
    const broken = new EventConsumer({
      dataSource: db.dataSource,
      natsUrl: testNatsUrl(),
      stream,
      durable: `${space.prefix}-broken`,
      filterSubjects: [failing],
      maxDeliver: 2,
      logger: {
        ...quiet,
        warn: (message) => warnings.push({ message, traceId: trace.getActiveSpan()?.spanContext().traceId }),
      },
      handler: async () => {
        throw new Error('the KPI table is locked');
      },
    });
    broken.start();
    try {
      const { event, traceId } = await trace
        .getTracer('test')
        .startActiveSpan('POST /api/create-payment-intent', { kind: SpanKind.SERVER }, async (span) => {
          const written = await db.dataSource.transaction((manager) =>
            enqueueEvent(manager, failing, 'widget.broken', { widgetId: 'w-2' }),
          );
          span.end();
          return { event: written, traceId: span.spanContext().traceId };
        });
      await waitFor(async () => warnings.length > 0, 'the first failure');

      expect(warnings[0]).toMatchObject({
        message: expect.stringContaining('the KPI table is locked'),
        traceId,
      });
      // The first delivery's span (a second may follow after the nak's backoff).
      const consume = spansOf(event.id).find((span) => span.kind === SpanKind.CONSUMER);
      expect(consume?.status).toMatchObject({
        code: SpanStatusCode.ERROR,
        message: 'the KPI table is locked',
      });
    } finally {
      await broken.stop();
    }
  });

  it('starts a trace of its own for an event written outside any request', async () => {
    const event = await placeOrder();
    const [row] = await db.dataSource.query('SELECT trace_context FROM outbox WHERE id = $1', [event.id]);
    expect(row.trace_context).toBeNull();

    await waitFor(async () => handled.has(event.id), 'the consumer to handle the event');
    // The consume span ends after the handler returns (and the message is acknowledged).
    await waitFor(
      async () => spansOf(event.id).some((span) => span.kind === SpanKind.CONSUMER),
      'the consume span to end',
    );
    const spans = spansOf(event.id);
    const publish = only(spans, SpanKind.PRODUCER);
    const consume = only(spans, SpanKind.CONSUMER);
    expect(publish.parentSpanContext).toBeUndefined();
    expect(consume.spanContext().traceId).toBe(publish.spanContext().traceId);
  });
});
