import { type JetStreamClient, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { headers } from '@nats-io/nats-core';
import { SpanStatusCode } from '@opentelemetry/api';
import type { EventEnvelope } from '@portal/contracts';
import type { DataSource } from 'typeorm';
import { backoffDelay, consoleEventsLogger, errorMessage, type EventsLogger } from './logger';
import { type NatsConnection, NatsLink } from './nats-link';
import { OutboxWakeups } from './outbox-wakeups';
import { DEFAULT_STREAM, ensureStream, type StreamOptions } from './stream';
import { injectTraceHeaders, startPublishSpan, type TraceCarrier, traceParentOf } from './trace-context';

export interface OutboxRelayOptions {
  dataSource: DataSource;
  natsUrl: string;
  /** NATS client name; default `outbox-relay`. */
  name?: string;
  /** Stream to ensure before publishing; default `PORTAL` capturing `portal.>`, 5 min dedupe window. */
  stream?: StreamOptions;
  /** Rows published per transaction; default 100. */
  batchSize?: number;
  /**
   * Pause between passes when the outbox is drained; default 500 ms. A commit that enqueued an event
   * wakes the relay at once (LISTEN on the DataSource's `url`), so this only bounds the delay while
   * that listening connection is down.
   */
  pollIntervalMs?: number;
  /** How long to wait for JetStream's ack of one message; default 2 s. */
  publishTimeoutMs?: number;
  /**
   * Longest pause between retries while NATS or the database fails; default 5 s, so events flow again
   * within seconds of an outage's end even when no reconnect is seen (NATS down since boot).
   */
  maxBackoffMs?: number;
  /** Published rows older than this are deleted; default 7 days. */
  retentionMs?: number;
  logger?: EventsLogger;
}

interface OutboxRow {
  id: string;
  subject: string;
  type: string;
  version: number;
  occurred_at: Date;
  data: unknown;
  trace_context: TraceCarrier | null;
}

const PRUNE_EVERY_MS = 60 * 60_000;

/**
 * Publishes the outbox to JetStream. Each pass locks a batch of unpublished rows (FOR UPDATE SKIP
 * LOCKED, so several instances share the work), publishes them in order with `Nats-Msg-Id` = event
 * id (JetStream drops a re-publish within the duplicate window) and marks them published in the
 * same transaction. It runs on its own timer: a NATS or database outage only delays events, logs
 * once, and is retried with backoff, cut short the moment NATS or the database is back; the service's
 * requests never wait for it.
 */
export class OutboxRelay {
  private readonly link: NatsLink;
  private readonly logger: EventsLogger;
  private readonly stream: StreamOptions;
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private js?: { connection: NatsConnection; client: JetStreamClient };
  private readonly wakeups?: OutboxWakeups;
  private timer?: NodeJS.Timeout;
  private current?: Promise<void>;
  private passRunning = false;
  private wokenDuringPass = false;
  private resumedDuringPass = false;
  private failures = 0;
  private lastPrune = 0;
  private started = false;
  private stopped = false;

  constructor(private readonly options: OutboxRelayOptions) {
    this.logger = options.logger ?? consoleEventsLogger;
    this.stream = options.stream ?? DEFAULT_STREAM;
    this.batchSize = options.batchSize ?? 100;
    this.pollIntervalMs = options.pollIntervalMs ?? 500;
    this.link = new NatsLink({
      url: options.natsUrl,
      name: options.name ?? 'outbox-relay',
      logger: this.logger,
      onReconnect: () => this.resume(),
    });
    const url = (options.dataSource.options as { url?: string }).url;
    if (url) {
      this.wakeups = new OutboxWakeups(
        url,
        () => this.wake(),
        this.logger,
        () => this.resume(),
      );
    }
  }

  /** Starts relaying in the background. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.wakeups?.start();
    this.schedule(0);
  }

  /** Stops after the pass in progress and closes the NATS connection. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.wakeups?.stop();
    await this.current;
    await this.link.close();
  }

  /**
   * Runs a pass now (an event was just committed): at once when idle, right after the pass in
   * progress otherwise. While NATS is failing the backoff stands: waking would only fail again.
   */
  wake(): void {
    if (!this.started || this.stopped || this.failures > 0) return;
    if (this.passRunning) {
      this.wokenDuringPass = true;
      return;
    }
    clearTimeout(this.timer);
    this.schedule(0);
  }

  /**
   * A dependency is back (the NATS client reconnected, or the database took the LISTEN connection
   * again): a pass now, even in the middle of a backoff, which may have grown to `maxBackoffMs` during
   * a long outage. Only these events call it, so it cannot spin.
   */
  private resume(): void {
    if (!this.started || this.stopped) return;
    if (this.passRunning) {
      this.resumedDuringPass = true;
      return;
    }
    clearTimeout(this.timer);
    this.schedule(0);
  }

  /** True while connected to NATS. */
  isConnected(): boolean {
    return this.link.isUp();
  }

  /**
   * One pass: publishes up to one batch and returns how many events it published. Throws when
   * NATS is unreachable or a publish fails (the failed row records the attempt and the error).
   */
  async relayOnce(): Promise<number> {
    const js = await this.jetStream();
    const published = await this.publishBatch(js);
    await this.pruneIfDue();
    return published;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.passRunning = true;
      this.wokenDuringPass = false;
      this.resumedDuringPass = false;
      this.current = this.pass().then((next) => {
        this.passRunning = false;
        const again = this.resumedDuringPass || (this.wokenDuringPass && this.failures === 0);
        this.schedule(again ? 0 : next);
      });
    }, delayMs);
    this.timer.unref();
  }

  /** Runs relayOnce and answers the delay before the next pass. */
  private async pass(): Promise<number> {
    try {
      const published = await this.relayOnce();
      if (this.failures > 0) this.logger.log('Outbox relay is publishing again');
      this.failures = 0;
      return published >= this.batchSize ? 0 : this.pollIntervalMs;
    } catch (error) {
      this.failures += 1;
      // The outage was logged by NatsLink if NATS itself is unreachable; log anything else once.
      if (this.failures === 1 && this.link.isUp()) {
        this.logger.warn(`Outbox relay could not publish (${errorMessage(error)}); retrying with backoff`);
      }
      return backoffDelay(this.failures, this.pollIntervalMs, this.options.maxBackoffMs ?? 5_000);
    }
  }

  private async jetStream(): Promise<JetStreamClient> {
    const connection = await this.link.get();
    // While the client reconnects, a pass would only wait out its timeouts: the reconnect resumes it.
    if (!connection || !this.link.isUp()) throw new Error(`NATS at ${this.options.natsUrl} is unreachable`);
    const cached = this.js;
    if (cached && cached.connection === connection) return cached.client;
    const timeout = this.options.publishTimeoutMs ?? 2000;
    await ensureStream(await jetstreamManager(connection, { timeout }), this.stream);
    const client = jetstream(connection);
    this.js = { connection, client };
    return client;
  }

  private async publishBatch(js: JetStreamClient): Promise<number> {
    let failure: unknown;
    const published = await this.options.dataSource.transaction(async (manager) => {
      const rows: OutboxRow[] = await manager.query(
        `SELECT id, subject, type, version, occurred_at, data, trace_context FROM outbox
         WHERE published_at IS NULL ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.batchSize],
      );
      const done: string[] = [];
      for (const row of rows) {
        const envelope: EventEnvelope = {
          id: row.id,
          type: row.type,
          version: row.version,
          occurredAt: new Date(row.occurred_at).toISOString(),
          data: row.data,
        };
        // The message continues the trace the event was written in (its `traceparent` header).
        const parent = traceParentOf({ carrier: row.trace_context });
        const span = startPublishSpan(parent, row.subject, row.id);
        const traceHeaders = headers();
        injectTraceHeaders(span, parent, traceHeaders);
        try {
          await js.publish(row.subject, JSON.stringify(envelope), {
            msgID: row.id,
            timeout: this.options.publishTimeoutMs ?? 2000,
            ...(traceHeaders.keys().length > 0 && { headers: traceHeaders }),
          });
          span.end();
          done.push(row.id);
        } catch (error) {
          span.setStatus({ code: SpanStatusCode.ERROR, message: errorMessage(error) });
          span.end();
          failure = error;
          await manager.query('UPDATE outbox SET attempts = attempts + 1, last_error = $2 WHERE id = $1', [
            row.id,
            errorMessage(error).slice(0, 2000),
          ]);
          break; // keep the order: later events wait for this one
        }
      }
      if (done.length > 0) {
        await manager.query(
          'UPDATE outbox SET published_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = ANY($1::uuid[])',
          [done],
        );
      }
      return done.length;
    });
    if (failure) {
      this.js = undefined; // re-check the stream on the next pass (it may have been deleted)
      throw failure;
    }
    return published;
  }

  private async pruneIfDue(): Promise<void> {
    if (Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    const retentionMs = this.options.retentionMs ?? 7 * 24 * 60 * 60_000;
    await this.options.dataSource.query(
      `DELETE FROM outbox WHERE published_at < now() - ($1::bigint * interval '1 millisecond')`,
      [retentionMs],
    );
  }
}
