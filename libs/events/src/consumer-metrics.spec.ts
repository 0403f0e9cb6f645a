import { jetstream } from '@nats-io/jetstream';
import { createEventEnvelope } from '@portal/contracts';
import {
  connectTestJetStream,
  createMigratedTestDatabase,
  type MigratedTestDatabase,
  type TestJetStream,
  testNatsUrl,
  uniqueSubjectSpace,
  waitFor,
} from '@portal/testing';
import { register } from 'prom-client';
import {
  CreateEventTables1763830000000,
  EventConsumer,
  type EventHandler,
  type StreamOptions,
} from './index';

const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };

/** The value of `name` for `consumer`, as Prometheus would scrape it now. */
async function metric(name: string, consumer: string): Promise<number | undefined> {
  const { values } = await register.getSingleMetric(name)!.get();
  return values.find((value) => value.labels.consumer === consumer)?.value;
}

describe('consumer metrics (ADR 0209)', () => {
  const space = uniqueSubjectSpace();
  const stream: StreamOptions = { name: space.stream, subjects: space.subjects, duplicateWindowMs: 120_000 };
  let db: MigratedTestDatabase;
  let jetStream: TestJetStream;
  const consumers: EventConsumer[] = [];

  const consume = (name: string, handler: EventHandler) => {
    const consumer = new EventConsumer({
      dataSource: db.dataSource,
      natsUrl: testNatsUrl(),
      stream,
      durable: `${space.prefix}-${name}`,
      filterSubjects: [`${space.prefix}.${name}`],
      maxDeliver: 2,
      logger: quiet,
      handler,
    });
    consumers.push(consumer);
    consumer.start();
    return consumer.durable;
  };
  const publish = (name: string) =>
    jetstream(jetStream.nats).publish(
      `${space.prefix}.${name}`,
      JSON.stringify(createEventEnvelope('widget.created', { widgetId: crypto.randomUUID(), name })),
    );

  beforeAll(async () => {
    db = await createMigratedTestDatabase('consumer_metrics', {
      migrations: [CreateEventTables1763830000000],
    });
    jetStream = await connectTestJetStream(space.stream);
  });

  afterAll(async () => {
    await Promise.all(consumers.map((consumer) => consumer.stop()));
    await jetStream.close();
    await db.close();
  });

  it('counts the redeliveries and the dead letter of an event that always fails', async () => {
    const durable = consume('poison', async () => {
      throw new Error('always fails');
    });
    expect(await metric('events_dead_letters_total', durable)).toBe(0);
    expect(await metric('events_redeliveries_total', durable)).toBe(0);
    await waitFor(
      () => jetStream.jsm.consumers.info(space.stream, durable).catch(() => undefined),
      'the durable consumer',
    );
    await publish('poison');
    await waitFor(
      async () => (await metric('events_dead_letters_total', durable)) === 1,
      'the dead letter',
      15_000,
    );
    expect(await metric('events_redeliveries_total', durable)).toBe(1);
  }, 30_000);

  it('reports the messages a consumer has not yet acked, and 0 once it caught up', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const durable = consume('slow', () => released);
    await waitFor(
      () => jetStream.jsm.consumers.info(space.stream, durable).catch(() => undefined),
      'the durable consumer',
    );
    for (let i = 0; i < 3; i++) await publish('slow');
    await waitFor(async () => (await metric('events_consumer_pending', durable)) === 3, 'three pending');
    release();
    await waitFor(async () => (await metric('events_consumer_pending', durable)) === 0, 'caught up');
  }, 30_000);
});
