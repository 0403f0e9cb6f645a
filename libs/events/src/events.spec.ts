import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstream, type JetStreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { createEventEnvelope, events } from '@portal/contracts';
import {
  closedPort,
  connectTestJetStream,
  createMigratedTestDatabase,
  type MigratedTestDatabase,
  sleep,
  type TestJetStream,
  testNatsUrl,
  uniqueSubjectSpace,
  waitFor,
} from '@portal/testing';
import type { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { EnvValidationError } from '@portal/config';
import {
  CreateEventTables1763830000000,
  OutboxTraceContext1767000000000,
  deadLetterStream,
  enqueueCatalogEvent,
  enqueueEvent,
  ensureStream,
  EventConsumer,
  type EventsLogger,
  type NatsConnection,
  OutboxRelay,
  portalStream,
  type StreamOptions,
} from './index';
import { deadLetterHeaders } from './event-consumer';

class CreateWidgets1763830000001 implements MigrationInterface {
  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      'CREATE TABLE widgets (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), name text NOT NULL)',
    );
    // No unique key on purpose: a handler that ran twice would leave two rows.
    await runner.query('CREATE TABLE deliveries (event_id uuid NOT NULL, name text NOT NULL)');
  }
  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE deliveries');
    await runner.query('DROP TABLE widgets');
  }
}

function captureLogs(): EventsLogger & { lines: { level: string; message: string }[] } {
  const lines: { level: string; message: string }[] = [];
  return {
    lines,
    log: (message) => lines.push({ level: 'log', message }),
    warn: (message) => lines.push({ level: 'warn', message }),
    error: (message) => lines.push({ level: 'error', message }),
  };
}

/** A nats-server of the test's own (so it can be stopped and started again) on a fixed port. */
class PrivateNatsServer {
  private child?: ChildProcess;
  private readonly storeDir = mkdtempSync(join(tmpdir(), 'events-spec-nats-'));

  constructor(readonly port: number) {}

  async start(): Promise<void> {
    this.child = spawn(
      'nats-server',
      ['-js', '-a', '127.0.0.1', '-p', String(this.port), '-sd', this.storeDir],
      {
        stdio: 'ignore',
      },
    );
    await waitFor(
      () =>
        connect({ servers: `nats://127.0.0.1:${this.port}`, timeout: 500 }).then(
          (nc) => nc.close().then(() => true),
          () => false,
        ),
      'the private nats-server',
    );
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    child.kill('SIGTERM');
    await once(child, 'exit');
  }

  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.storeDir, { recursive: true, force: true });
  }
}

describe('events: transactional outbox, relay and idempotent consumer', () => {
  const space = uniqueSubjectSpace();
  const stream: StreamOptions = { name: space.stream, subjects: space.subjects, duplicateWindowMs: 120_000 };
  const subject = `${space.prefix}.widgets.created`;
  let db: MigratedTestDatabase;
  let ds: DataSource;
  let jetStream: TestJetStream;
  let nc: NatsConnection;
  let jsm: JetStreamManager;

  beforeAll(async () => {
    db = await createMigratedTestDatabase('events', {
      migrations: [
        CreateEventTables1763830000000,
        OutboxTraceContext1767000000000,
        CreateWidgets1763830000001,
      ],
      poolSize: 5,
    });
    ds = db.dataSource;
    jetStream = await connectTestJetStream(space.stream);
    ({ nats: nc, jsm } = jetStream);
  });

  afterAll(async () => {
    await jetStream.close();
    await db.close();
  });

  const createWidget = (name: string, options: { fail?: boolean } = {}) =>
    ds.transaction(async (manager) => {
      const [{ id }] = await manager.query('INSERT INTO widgets (name) VALUES ($1) RETURNING id', [name]);
      const event = await enqueueEvent(manager, subject, 'widget.created', { widgetId: id as string, name });
      if (options.fail) throw new Error('rolled back on purpose');
      return event;
    });

  const count = async (sql: string, params: unknown[] = []) =>
    Number((await ds.query(`SELECT count(*)::int AS n FROM ${sql}`, params))[0].n);

  const deliveriesOf = (eventId: string) => count('deliveries WHERE event_id = $1', [eventId]);

  /** The messages a consumer named `durable` gave up on, in order, with their headers. */
  const deadLettersOf = async (consumerName: string) => {
    const letters = deadLetterStream(stream);
    const { state } = await jsm.streams.info(letters.name);
    const found: { text: string; headers: Record<string, string> }[] = [];
    for (let seq = state.first_seq; seq <= state.last_seq; seq++) {
      const message = await jsm.streams.getMessage(letters.name, { seq });
      if (!message || message.subject !== `deadletter.${stream.name}.${consumerName}`) continue;
      const headers = Object.fromEntries(
        [...(message.header?.keys() ?? [])].map((key) => [key, message.header.get(key)]),
      );
      found.push({ text: message.string(), headers });
    }
    return found;
  };

  it('writes an entity and its event in one transaction, and a rollback leaves neither', async () => {
    const event = await createWidget('committed');
    const [row] = await ds.query('SELECT * FROM outbox WHERE id = $1', [event.id]);
    expect(row).toMatchObject({
      subject,
      type: 'widget.created',
      version: 1,
      data: event.data,
      published_at: null,
      attempts: 0,
    });
    expect(new Date(row.occurred_at).toISOString()).toBe(event.occurredAt);
    expect(await count('widgets WHERE id = $1', [event.data.widgetId])).toBe(1);

    await expect(createWidget('rolled-back', { fail: true })).rejects.toThrow('rolled back on purpose');
    expect(await count(`widgets WHERE name = 'rolled-back'`)).toBe(0);
    expect(await count(`outbox WHERE data->>'name' = 'rolled-back'`)).toBe(0);
  });

  it('refuses to enqueue outside a transaction and checks catalog payloads', async () => {
    await expect(enqueueEvent(ds.manager, subject, 'widget.created', {})).rejects.toThrow(
      'enqueueEvent must run inside a transaction',
    );
    await expect(
      ds.transaction((manager) => enqueueEvent(manager, 'bad subject>', 'widget.created', {})),
    ).rejects.toThrow('Invalid event subject');
    await expect(
      ds.transaction((manager) =>
        enqueueCatalogEvent(manager, 'organizationCreated', {
          organizationId: 'not-a-uuid',
          name: 'Acme',
          planId: 'scale',
          timezone: 'America/New_York',
          createdAt: new Date().toISOString(),
        }),
      ),
    ).rejects.toThrow();
    expect(await count(`outbox WHERE type = 'organization.created'`)).toBe(0);
  });

  it('keeps accepting writes while NATS is unreachable; the event waits and the outage is logged once', async () => {
    // Something that accepts TCP and hangs up at once: an unreachable NATS that counts the attempts.
    let attempts = 0;
    const blackhole: Server = createServer((socket) => {
      attempts += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => blackhole.listen(0, '127.0.0.1', resolve));
    const { port } = blackhole.address() as { port: number };
    const logs = captureLogs();
    const relay = new OutboxRelay({
      dataSource: ds,
      natsUrl: `nats://127.0.0.1:${port}`,
      stream,
      pollIntervalMs: 50,
      logger: logs,
    });
    relay.start();
    try {
      const started = Date.now();
      const event = await createWidget('while-nats-down');
      expect(Date.now() - started).toBeLessThan(500);
      await waitFor(async () => attempts >= 2, 'a second connection attempt');
      const [row] = await ds.query('SELECT published_at FROM outbox WHERE id = $1', [event.id]);
      expect(row.published_at).toBeNull();
      expect(relay.isConnected()).toBe(false);
      await expect(relay.relayOnce()).rejects.toThrow('unreachable');
      expect(logs.lines.filter((line) => line.level !== 'log')).toEqual([
        {
          level: 'warn',
          message: expect.stringContaining(`NATS at nats://127.0.0.1:${port} is unreachable`),
        },
      ]);
    } finally {
      await relay.stop();
      await new Promise((resolve) => blackhole.close(resolve));
    }
  });

  it('delivers waiting events once NATS comes up, and again after NATS restarts, without restarting the relay', async () => {
    const port = await closedPort();
    const server = new PrivateNatsServer(port);
    const natsUrl = `nats://127.0.0.1:${port}`;
    const relay = new OutboxRelay({
      dataSource: ds,
      natsUrl,
      stream,
      pollIntervalMs: 50,
      logger: captureLogs(),
    });
    const consumer = new EventConsumer({
      dataSource: ds,
      natsUrl,
      stream,
      durable: `${space.prefix}-restart`,
      filterSubjects: [subject],
      logger: captureLogs(),
      handler: async (event, { manager }) => {
        await manager.query('INSERT INTO deliveries (event_id, name) VALUES ($1, $2)', [
          event.id,
          (event.data as { name: string }).name,
        ]);
      },
    });
    relay.start();
    consumer.start();
    try {
      const first = await createWidget('before-nats-starts');
      await sleep(300);
      expect(await deliveriesOf(first.id)).toBe(0);

      await server.start();
      await waitFor(async () => (await deliveriesOf(first.id)) === 1, 'the first event');
      const [row] = await ds.query('SELECT published_at, attempts FROM outbox WHERE id = $1', [first.id]);
      expect(row.published_at).toBeInstanceOf(Date);

      await server.stop();
      await waitFor(async () => !relay.isConnected(), 'the relay to notice the outage');
      const second = await createWidget('while-nats-restarts');
      await server.start();
      await waitFor(async () => (await deliveriesOf(second.id)) === 1, 'the event written during the outage');
      expect(await deliveriesOf(first.id)).toBe(1);
    } finally {
      await consumer.stop();
      await relay.stop();
      await server.dispose();
    }
  }, 40_000);

  it('publishes as soon as NATS is back, not when a backoff grown during the outage ends', async () => {
    const port = await closedPort();
    const server = new PrivateNatsServer(port);
    await server.start();
    // A long maximum: a few failures make the backoff 8 s (±20 %).
    const relay = new OutboxRelay({
      dataSource: ds,
      natsUrl: `nats://127.0.0.1:${port}`,
      stream,
      pollIntervalMs: 1000,
      publishTimeoutMs: 200,
      maxBackoffMs: 60_000,
      logger: captureLogs(),
    });
    relay.start();
    try {
      const before = await createWidget('before-the-outage');
      await waitFor(
        async () => (await count('outbox WHERE id = $1 AND published_at IS NOT NULL', [before.id])) === 1,
        'the first event',
      );
      await server.stop();
      const during = await createWidget('during-the-outage');
      // Passes fail at once while the client reconnects, at about 1, 2, 4 and 8 s: the next one is
      // due 6 s or more after that.
      await sleep(8500);
      expect(await count('outbox WHERE id = $1 AND published_at IS NULL', [during.id])).toBe(1);
      await server.start();
      const backAt = Date.now();
      await waitFor(
        async () => (await count('outbox WHERE id = $1 AND published_at IS NOT NULL', [during.id])) === 1,
        'the event written during the outage',
        5000,
      );
      expect(Date.now() - backAt).toBeLessThan(3000);
    } finally {
      await relay.stop();
      await server.dispose();
    }
  }, 40_000);

  describe('on the shared NATS', () => {
    const durable = `${space.prefix}-widgets`;
    const attempts = new Map<string, number>();
    /** The context's deliveryCount of each attempt, by event id. */
    const deliveryCounts = new Map<string, number[]>();
    const logs = captureLogs();
    let consumer: EventConsumer;
    let relay: OutboxRelay;

    beforeAll(async () => {
      await ds.query('DELETE FROM outbox');
      await ds.query('DELETE FROM deliveries');
      relay = new OutboxRelay({ dataSource: ds, natsUrl: testNatsUrl(), stream, logger: captureLogs() });
      consumer = new EventConsumer({
        dataSource: ds,
        natsUrl: testNatsUrl(),
        stream,
        durable,
        filterSubjects: [`${space.prefix}.>`],
        logger: logs,
        handler: async (event, { manager, deliveryCount, maxDeliver }) => {
          const attempt = (attempts.get(event.id) ?? 0) + 1;
          attempts.set(event.id, attempt);
          deliveryCounts.set(event.id, [...(deliveryCounts.get(event.id) ?? []), deliveryCount]);
          expect(maxDeliver).toBe(10);
          const name = (event.data as { name: string }).name;
          await manager.query('INSERT INTO deliveries (event_id, name) VALUES ($1, $2)', [event.id, name]);
          if (name === 'flaky' && attempt === 1) throw new Error('transient failure');
        },
      });
      consumer.start();
      await waitFor(
        () => jsm.consumers.info(space.stream, durable).catch(() => undefined),
        'the durable consumer',
      );
    });

    afterAll(async () => {
      await consumer.stop();
      await relay.stop();
    });

    const streamMessages = async () => (await jsm.streams.info(space.stream)).state.messages;
    const settled = () =>
      waitFor(async () => {
        const lastSeq = (await jsm.streams.info(space.stream)).state.last_seq;
        const info = await jsm.consumers.info(space.stream, durable);
        return info.num_ack_pending === 0 && info.num_pending === 0 && info.delivered.stream_seq >= lastSeq;
      }, 'the consumer to settle');

    it('delivers an event exactly once even when the relay publishes it twice', async () => {
      const event = await createWidget('published-twice');
      expect(await relay.relayOnce()).toBe(1);
      const before = await streamMessages();

      // The relay crashed after publishing but before marking the row: it publishes the event again.
      await ds.query('UPDATE outbox SET published_at = NULL WHERE id = $1', [event.id]);
      expect(await relay.relayOnce()).toBe(1);
      expect(await streamMessages()).toBe(before); // JetStream dropped the duplicate Nats-Msg-Id

      await waitFor(async () => (await deliveriesOf(event.id)) === 1, 'the delivery');
      await settled();
      await sleep(300);
      expect(await deliveriesOf(event.id)).toBe(1);
      expect(await count('processed_events WHERE consumer = $1 AND event_id = $2', [durable, event.id])).toBe(
        1,
      );
      const [row] = await ds.query('SELECT published_at, attempts, last_error FROM outbox WHERE id = $1', [
        event.id,
      ]);
      expect(row).toMatchObject({ attempts: 2, last_error: null });
      expect(row.published_at).toBeInstanceOf(Date);
    });

    it('publishes an event as soon as its transaction commits, not at the next poll', async () => {
      const eager = new OutboxRelay({
        dataSource: ds,
        natsUrl: testNatsUrl(),
        stream,
        pollIntervalMs: 60_000,
        logger: captureLogs(),
      });
      eager.start();
      try {
        // The first pass drains the outbox; from then on only a commit can wake the relay in time.
        await waitFor(async () => (await count('outbox WHERE published_at IS NULL')) === 0, 'the first pass');
        await sleep(200);
        const started = performance.now();
        const event = await createWidget('published-on-commit');
        await waitFor(async () => (await deliveriesOf(event.id)) === 1, 'the delivery', 3000);
        expect(performance.now() - started).toBeLessThan(1000);

        // A rolled-back transaction notifies nobody and leaves nothing to publish.
        await expect(createWidget('never-committed', { fail: true })).rejects.toThrow();
        expect(await count(`outbox WHERE data->>'name' = 'never-committed'`)).toBe(0);
      } finally {
        await eager.stop();
      }
    });

    it('dedupes on the consumer side when the same event arrives under two message ids', async () => {
      const envelope = createEventEnvelope('widget.created', {
        widgetId: crypto.randomUUID(),
        name: 'twice',
      });
      const js = jetstream(nc);
      const before = await streamMessages();
      await js.publish(subject, JSON.stringify(envelope), { msgID: `${envelope.id}-a` });
      await js.publish(subject, JSON.stringify(envelope), { msgID: `${envelope.id}-b` });
      expect(await streamMessages()).toBe(before + 2);

      await waitFor(async () => (await deliveriesOf(envelope.id)) === 1, 'the delivery');
      await settled();
      expect(await deliveriesOf(envelope.id)).toBe(1);
      expect(attempts.get(envelope.id)).toBe(1);
    });

    it('dead-letters malformed messages without calling the handler', async () => {
      const js = jetstream(nc);
      const handled = attempts.size;
      await js.publish(subject, 'not json at all');
      await js.publish(subject, JSON.stringify({ id: 'nope', type: 'widget.created', version: 1, data: {} }));
      await js.publish(
        subject,
        JSON.stringify(
          createEventEnvelope('organization.created', { organizationId: 'not-a-uuid', name: 'x' }),
        ),
      );
      // A catalog event at a version this build does not read: kept as a dead letter, not acknowledged unread.
      const { type, version } = events.organizationCreated;
      const newer = createEventEnvelope(type, { organizationId: crypto.randomUUID() }, version + 1);
      await js.publish(subject, JSON.stringify(newer));
      await settled();
      const info = await jsm.consumers.info(space.stream, durable);
      expect(info.num_redelivered).toBe(0);
      expect(attempts.size).toBe(handled);
      expect(logs.lines.filter((line) => line.level === 'error').map((line) => line.message)).toEqual([
        expect.stringContaining('not JSON'),
        expect.stringContaining('not an event envelope'),
        expect.stringContaining('bad organization.created payload'),
        expect.stringContaining(`organization.created version ${version + 1} is not readable`),
      ]);
      // Each kept as it came in the dead-letter stream, saying who gave up on it and why.
      const letters = await deadLettersOf(durable);
      expect(letters.map((letter) => letter.text)).toEqual([
        'not json at all',
        expect.stringContaining('"id":"nope"'),
        expect.stringContaining('organization.created'),
        JSON.stringify(newer),
      ]);
      expect(letters[3].headers[deadLetterHeaders.reason]).toBe(
        `event ${newer.id}: organization.created version ${version + 1} is not readable by this consumer (reads version ${version})`,
      );
      expect(letters[0].headers).toMatchObject({
        [deadLetterHeaders.consumer]: durable,
        [deadLetterHeaders.subject]: subject,
        [deadLetterHeaders.deliveries]: '1',
        [deadLetterHeaders.reason]: expect.stringContaining('not JSON'),
      });
    });

    it('rolls back a failed handler with its processed mark and redelivers it', async () => {
      const event = await createWidget('flaky');
      expect(await relay.relayOnce()).toBe(1);
      await waitFor(async () => attempts.get(event.id) === 2, 'the redelivery', 20_000);
      await settled();
      expect(await deliveriesOf(event.id)).toBe(1); // the first attempt's insert was rolled back
      expect(await count('processed_events WHERE event_id = $1', [event.id])).toBe(1);
      // The handler knows which delivery it runs in (a mailer's dead letter is its last one).
      expect(deliveryCounts.get(event.id)).toEqual([1, 2]);
      expect(logs.lines).toContainEqual({
        level: 'warn',
        message: expect.stringContaining(
          `failed on event ${event.id} (widget.created), attempt 1: transient failure`,
        ),
      });
    });
  });

  it('dead-letters an event whose handler fails on every delivery, after maxDeliver of them', async () => {
    const poisonDurable = `${space.prefix}-poison`;
    const logs = captureLogs();
    const poisoned = new EventConsumer({
      dataSource: ds,
      natsUrl: testNatsUrl(),
      stream,
      durable: poisonDurable,
      filterSubjects: [`${space.prefix}.poison`],
      maxDeliver: 2,
      logger: logs,
      handler: async () => {
        throw new Error('the handler always fails');
      },
    });
    poisoned.start();
    try {
      await waitFor(
        () => jsm.consumers.info(space.stream, poisonDurable).catch(() => undefined),
        'the durable consumer',
      );
      const envelope = createEventEnvelope('widget.created', {
        widgetId: crypto.randomUUID(),
        name: 'poison',
      });
      await jetstream(nc).publish(`${space.prefix}.poison`, JSON.stringify(envelope));
      await waitFor(async () => (await deadLettersOf(poisonDurable)).length === 1, 'the dead letter', 15_000);
      const [letter] = await deadLettersOf(poisonDurable);
      expect(JSON.parse(letter.text)).toEqual(envelope);
      expect(letter.headers).toMatchObject({
        [deadLetterHeaders.deliveries]: '2',
        [deadLetterHeaders.reason]: 'the handler always fails',
      });
      expect(logs.lines).toContainEqual({
        level: 'error',
        message: expect.stringContaining(`gave up on event ${envelope.id} (widget.created) after 2 attempts`),
      });
      // Terminated: never delivered again.
      await sleep(2500);
      expect((await jsm.consumers.info(space.stream, poisonDurable)).num_ack_pending).toBe(0);
      expect(await deadLettersOf(poisonDurable)).toHaveLength(1);
    } finally {
      await poisoned.stop();
    }
  }, 30_000);
});

describe('the event stream and its consumers', () => {
  it('takes the limits of PORTAL from the environment, with defaults for one machine', () => {
    expect(portalStream({})).toMatchObject({
      name: 'PORTAL',
      subjects: ['portal.>'],
      maxAgeMs: 7 * 24 * 3_600_000,
      maxBytes: 1024 * 1024 * 1024,
      replicas: 1,
      newConsumerReplayMs: 24 * 3_600_000,
    });
    expect(
      portalStream({
        EVENTS_STREAM_MAX_AGE_HOURS: '48',
        EVENTS_STREAM_MAX_MEGABYTES: '512',
        EVENTS_STREAM_REPLICAS: '3',
        EVENTS_NEW_CONSUMER_REPLAY_HOURS: '2',
      }),
    ).toMatchObject({
      maxAgeMs: 48 * 3_600_000,
      maxBytes: 512 * 1024 * 1024,
      replicas: 3,
      newConsumerReplayMs: 7_200_000,
    });
    expect(() => portalStream({ EVENTS_STREAM_REPLICAS: '0' })).toThrow(EnvValidationError);
    expect(() => portalStream({ EVENTS_STREAM_MAX_AGE_HOURS: 'a week' })).toThrow(
      /EVENTS_STREAM_MAX_AGE_HOURS/,
    );
  });

  it('creates a stream with its limits, and brings an existing stream to new ones', async () => {
    const space = uniqueSubjectSpace();
    const { jsm, close } = await connectTestJetStream(space.stream);
    try {
      const options: StreamOptions = {
        name: space.stream,
        subjects: space.subjects,
        duplicateWindowMs: 60_000,
        maxAgeMs: 3_600_000,
        maxBytes: 1024 * 1024,
      };
      await ensureStream(jsm, options);
      expect((await jsm.streams.info(space.stream)).config).toMatchObject({
        max_age: 3_600_000 * 1_000_000,
        max_bytes: 1024 * 1024,
        num_replicas: 1,
      });
      await ensureStream(jsm, { ...options, maxAgeMs: 7_200_000, maxBytes: undefined });
      expect((await jsm.streams.info(space.stream)).config).toMatchObject({
        max_age: 7_200_000 * 1_000_000,
        max_bytes: -1,
        subjects: space.subjects,
      });
    } finally {
      await close();
    }
  });

  it('starts a new consumer newConsumerReplayMs back, not at the beginning of the stream', async () => {
    const space = uniqueSubjectSpace();
    const test = await connectTestJetStream(space.stream);
    const db = await createMigratedTestDatabase('events_replay', {
      migrations: [CreateEventTables1763830000000, OutboxTraceContext1767000000000],
    });
    const stream: StreamOptions = {
      name: space.stream,
      subjects: space.subjects,
      duplicateWindowMs: 60_000,
      newConsumerReplayMs: 1000,
    };
    const handled: string[] = [];
    const consumer = new EventConsumer({
      dataSource: db.dataSource,
      natsUrl: testNatsUrl(),
      stream,
      durable: `${space.prefix}-late`,
      filterSubjects: [`${space.prefix}.>`],
      logger: captureLogs(),
      handler: async (event) => {
        handled.push((event.data as { name: string }).name);
      },
    });
    try {
      await ensureStream(test.jsm, stream);
      const js = jetstream(test.nats);
      const publish = (name: string) =>
        js.publish(
          `${space.prefix}.widgets.created`,
          JSON.stringify(createEventEnvelope('widget.created', { widgetId: crypto.randomUUID(), name })),
        );
      await publish('long ago');
      await sleep(1500);
      await publish('recent');
      consumer.start();
      await waitFor(async () => handled.length > 0, 'the recent event');
      await sleep(500);
      expect(handled).toEqual(['recent']);
    } finally {
      await consumer.stop();
      await test.close();
      await db.close();
    }
  }, 20_000);
});
