import {
  AckPolicy,
  type ConsumerConfig,
  DeliverPolicy,
  type JetStreamClient,
  jetstream,
  JetStreamApiCodes,
  JetStreamApiError,
  type JetStreamManager,
  jetstreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { headers } from '@nats-io/nats-core';
import type { EventEnvelope } from '@portal/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { deadLetters, measureConsumer, redeliveries } from './consumer-metrics';
import { backoffDelay, consoleEventsLogger, errorMessage, type EventsLogger } from './logger';
import { NatsLink } from './nats-link';
import { ReaderLoop } from './reader-loop';
import { readEvent, type ReadEventOptions } from './read-event';
import { deadLetterStream, DEFAULT_STREAM, ensureStream, type StreamOptions } from './stream';
import { inConsumerSpan, markSpanFailed } from './trace-context';

export interface EventContext {
  /** The manager of the transaction that also records the event as processed. */
  manager: EntityManager;
  subject: string;
  /** Which delivery of the event this is: 1 the first time, 2 after one failure… up to `maxDeliver`. */
  deliveryCount: number;
  /** Deliveries before the event is given up (`maxDeliver`): the last one is `deliveryCount === maxDeliver`. */
  maxDeliver: number;
}

export type EventHandler = (event: EventEnvelope, context: EventContext) => Promise<void>;

export interface EventConsumerOptions {
  dataSource: DataSource;
  natsUrl: string;
  /** Durable consumer name, also the `consumer` column of processed_events (e.g. `kpi-orders`). */
  durable: string;
  /** Subjects to receive, e.g. `['portal.orders.>']` (several need nats-server 2.10+). */
  filterSubjects: string[];
  handler: EventHandler;
  /**
   * The catalog types the handler reads: an event of one of them at a version other than the catalog's
   * is dead-lettered (`readEvent`). Default: every type of the catalog.
   */
  readsTypes?: readonly string[];
  /** Stream to ensure and consume from; default `PORTAL`. */
  stream?: StreamOptions;
  /** Deliveries before a failing event is given up (dead-lettered and logged); default 10. */
  maxDeliver?: number;
  /** Time to handle one event before JetStream redelivers it; default 30 s. */
  ackWaitMs?: number;
  logger?: EventsLogger;
}

const nanos = (ms: number) => ms * 1_000_000;

interface JetStreamAccess {
  js: JetStreamClient;
  jsm: JetStreamManager;
}

/** Headers of a dead letter: the consumer that gave up, where the message was, why, after how many deliveries. */
export const deadLetterHeaders = {
  consumer: 'Portal-Dead-Letter-Consumer',
  subject: 'Portal-Dead-Letter-Subject',
  sequence: 'Portal-Dead-Letter-Sequence',
  reason: 'Portal-Dead-Letter-Reason',
  deliveries: 'Portal-Dead-Letter-Deliveries',
} as const;

/**
 * A durable JetStream pull consumer that handles each event exactly once per consumer name: the
 * envelope is validated with the contracts schemas, then ONE database transaction records the id
 * in processed_events and runs the handler (a duplicate id skips the handler). The message is
 * acked after the commit; a failed handler is redelivered with backoff. A malformed message, an event
 * of a catalog type at a version this build does not read, or one that failed `maxDeliver` times, is
 * copied to the stream's dead-letter stream (`deadLetterStream`) and terminated. A consumer created on a stream with `newConsumerReplayMs` starts that far back.
 * Like the relay, it waits for NATS in the background when NATS is down.
 */
export class EventConsumer {
  private readonly link: NatsLink;
  private readonly logger: EventsLogger;
  private readonly stream: StreamOptions;
  private readonly maxDeliver: number;
  private readonly loop: ReaderLoop;
  private readonly deadLetters: StreamOptions;
  private readonly readOptions: ReadEventOptions;
  /** The manager of the current connection, for `pending()`; unset while not consuming. */
  private jsm?: JetStreamManager;
  private unmeasure?: () => void;

  constructor(private readonly options: EventConsumerOptions) {
    this.logger = options.logger ?? consoleEventsLogger;
    this.stream = options.stream ?? DEFAULT_STREAM;
    this.maxDeliver = options.maxDeliver ?? 10;
    this.deadLetters = deadLetterStream(this.stream);
    this.readOptions = options.readsTypes ? { reads: new Set(options.readsTypes) } : {};
    this.link = new NatsLink({
      url: options.natsUrl,
      name: `consumer-${options.durable}`,
      logger: this.logger,
    });
    this.loop = new ReaderLoop(this.link);
  }

  start(): void {
    this.unmeasure ??= measureConsumer(this);
    this.loop.start(() => this.run());
  }

  stop(): Promise<void> {
    this.unmeasure?.();
    this.unmeasure = undefined;
    return this.loop.stop();
  }

  get durable(): string {
    return this.options.durable;
  }

  /**
   * Messages not yet delivered to this consumer, or delivered and not yet acked (`events_consumer_pending`);
   * undefined while it is not consuming or JetStream does not answer within a second.
   */
  async pending(): Promise<number | undefined> {
    const jsm = this.jsm;
    if (!jsm || !this.link.isUp()) return undefined;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), 1000);
    });
    const info = jsm.consumers.info(this.stream.name, this.options.durable).then(
      (info) => info.num_pending + info.num_ack_pending,
      () => undefined,
    );
    try {
      return await Promise.race([info, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  isConnected(): boolean {
    return this.link.isUp();
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.loop.isStopped) {
      try {
        const connection = await this.link.get();
        if (connection) {
          const jsm = await jetstreamManager(connection);
          await ensureStream(jsm, this.stream);
          await this.ensureConsumer(jsm);
          this.jsm = jsm;
          const js = jetstream(connection);
          const consumer = await js.consumers.get(this.stream.name, this.options.durable);
          const messages = this.loop.reading(await consumer.consume({ max_messages: 50 }));
          failures = 0;
          for await (const message of messages) await this.handle({ js, jsm }, message);
        }
      } catch (error) {
        if (failures === 0) {
          this.logger.warn(
            `Consumer ${this.options.durable} is not consuming (${errorMessage(error)}); retrying`,
          );
        }
        failures += 1;
      }
      await this.loop.pause(backoffDelay(Math.max(1, failures), 500, 30_000));
    }
  }

  private async ensureConsumer(jsm: JetStreamManager): Promise<void> {
    const { durable, filterSubjects } = this.options;
    const replayMs = this.stream.newConsumerReplayMs;
    const config: Partial<ConsumerConfig> = {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      ...(replayMs
        ? {
            deliver_policy: DeliverPolicy.StartTime,
            opt_start_time: new Date(Date.now() - replayMs).toISOString(),
          }
        : { deliver_policy: DeliverPolicy.All }),
      max_deliver: this.maxDeliver,
      ack_wait: nanos(this.options.ackWaitMs ?? 30_000),
      ...(filterSubjects.length === 1
        ? { filter_subject: filterSubjects[0] }
        : { filter_subjects: filterSubjects }),
    };
    try {
      await jsm.consumers.info(this.stream.name, durable);
    } catch (error) {
      if (!(error instanceof JetStreamApiError && error.code === JetStreamApiCodes.ConsumerNotFound))
        throw error;
      await jsm.consumers.add(this.stream.name, config);
    }
  }

  private async handle(nats: JetStreamAccess, message: JsMsg): Promise<void> {
    const read = readEvent(message, this.readOptions);
    if (read.problem !== undefined) {
      this.logger.error(
        `Consumer ${this.options.durable} dropped a message on ${message.subject}: ${read.problem}`,
      );
      await this.giveUp(nats, message, read.problem);
      return;
    }
    const event = read.event;
    if (message.info.redelivered) redeliveries.inc({ consumer: this.options.durable });
    const span = {
      subject: message.subject,
      consumer: this.options.durable,
      eventId: event.id,
      deliveryCount: message.info.deliveryCount,
    };
    // The handling, and the log line of its failure, continue the trace of the request that wrote the
    // event (its `traceparent` header).
    await inConsumerSpan(message.headers, span, async () => {
      try {
        await this.options.dataSource.transaction(async (manager) => {
          const fresh = await manager.query(
            `INSERT INTO processed_events (consumer, event_id) VALUES ($1, $2)
             ON CONFLICT DO NOTHING RETURNING event_id`,
            [this.options.durable, event.id],
          );
          if (fresh.length === 0) return; // already handled: acknowledge the duplicate only
          await this.options.handler(event, {
            manager,
            subject: message.subject,
            deliveryCount: message.info.deliveryCount,
            maxDeliver: this.maxDeliver,
          });
        });
        message.ack();
      } catch (error) {
        markSpanFailed(error);
        const deliveries = message.info.deliveryCount;
        if (deliveries >= this.maxDeliver) {
          this.logger.error(
            `Consumer ${this.options.durable} gave up on event ${event.id} (${event.type}) after ${deliveries} attempts: ${errorMessage(error)}`,
          );
          await this.giveUp(nats, message, errorMessage(error));
        } else {
          this.logger.warn(
            `Consumer ${this.options.durable} failed on event ${event.id} (${event.type}), attempt ${deliveries}: ${errorMessage(error)}`,
          );
          message.nak(backoffDelay(deliveries, 1000, 60_000));
        }
      }
    });
  }

  /**
   * Copies `message` to the dead-letter stream (made when first needed; once per stream sequence and
   * consumer), then
   * terminates it. A copy that cannot be written is logged; the message is terminated all the same,
   * as JetStream would stop delivering it anyway. term() carries no reason: nats-server before
   * 2.10.4 ignores a "+TERM <reason>" ack.
   */
  private async giveUp({ js, jsm }: JetStreamAccess, message: JsMsg, reason: string): Promise<void> {
    const { durable } = this.options;
    const copy = headers();
    copy.set(deadLetterHeaders.consumer, durable);
    copy.set(deadLetterHeaders.subject, message.subject);
    copy.set(deadLetterHeaders.sequence, String(message.seq));
    copy.set(deadLetterHeaders.reason, reason.replace(/[\r\n]+/g, ' ').slice(0, 500));
    copy.set(deadLetterHeaders.deliveries, String(message.info.deliveryCount));
    try {
      await ensureStream(jsm, this.deadLetters);
      await js.publish(`deadletter.${this.stream.name}.${durable}`, message.data, {
        msgID: `${durable}:${message.seq}`,
        headers: copy,
      });
    } catch (error) {
      this.logger.error(
        `Consumer ${durable} could not dead-letter the message ${message.seq} on ${message.subject}: ${errorMessage(error)}`,
      );
    }
    deadLetters.inc({ consumer: durable });
    message.term();
  }
}
