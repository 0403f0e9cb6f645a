import { jetstream, jetstreamManager, type JsMsg } from '@nats-io/jetstream';
import type { EventData, EventName } from '@portal/contracts';
import {
  ensureStream,
  type EventsLogger,
  isCatalogEvent,
  type NatsConnection,
  NatsLink,
  ReaderLoop,
  readEvent,
  type StreamOptions,
} from '@portal/events';

export interface ReplayedFeedOptions<N extends EventName> {
  /** The catalog event the feed reads; any other event on the subject is logged and skipped. */
  event: N;
  /** What the feed reads, for logs and the NATS connection's name: `session revocations`. */
  label: string;
  natsUrl: string;
  stream: StreamOptions;
  subject: string;
  /** On every (re)start, events are read from this far back. */
  replaySeconds: number;
  onEvent(data: EventData<N>): void;
  logger: EventsLogger;
}

/** A feed's state for health checks: `not-configured` when the service has no NATS. */
export type RevocationFeedStatus = 'up' | 'down' | 'not-configured';

const RETRY_MS = 2000;

/** `feed`'s status for a health check; a store without one (no NATS) is `not-configured`. */
export function feedStatusOf(feed: ReplayedFeed<EventName> | undefined): RevocationFeedStatus {
  if (!feed) return 'not-configured';
  return feed.isConnected() ? 'up' : 'down';
}

/**
 * Reads one catalog event from JetStream with an ordered, ephemeral consumer that starts
 * `replaySeconds` in the past, so a service that starts late still learns of what happened before
 * (sign-outs, membership changes) while a token issued before it could still be presented. Nothing
 * is acknowledged or stored on the server. It never throws at its owner: while NATS is down it logs
 * once and retries, and the client reconnects by itself.
 */
export class ReplayedFeed<N extends EventName> {
  private readonly link: NatsLink;
  private readonly replayed: Promise<void>;
  private markReplayed!: () => void;
  private readonly loop: ReaderLoop;
  private failing = false;

  constructor(private readonly options: ReplayedFeedOptions<N>) {
    const name = options.label.replaceAll(' ', '-');
    this.link = new NatsLink({ url: options.natsUrl, name, logger: options.logger });
    this.replayed = new Promise((resolve) => (this.markReplayed = resolve));
    this.loop = new ReaderLoop(this.link);
  }

  /**
   * Starts reading, and resolves once the earlier events are read, the first attempt to read them
   * failed, or `timeoutMs` passed (logged): start-up waits for it so the app serves knowing them.
   */
  async startAndAwaitReplay(timeoutMs: number): Promise<void> {
    this.loop.start(() => this.run());
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), timeoutMs);
    });
    const late = await Promise.race([this.replayed.then(() => false), timedOut]);
    clearTimeout(timer);
    if (late)
      this.options.logger.warn(`Serving before every earlier one of the ${this.options.label} was read`);
  }

  isConnected(): boolean {
    return this.link.isUp();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  private async run(): Promise<void> {
    while (!this.loop.isStopped) {
      try {
        const connection = await this.link.get();
        // Unreachable (NatsLink logs it): serve without the history, it is read once NATS answers.
        if (!connection) this.markReplayed();
        else await this.consume(connection);
      } catch (error) {
        if (!this.failing) {
          this.options.logger.warn(
            `The ${this.options.label} are not being read (${error instanceof Error ? error.message : String(error)}); retrying`,
          );
        }
        this.failing = true;
        this.markReplayed();
      }
      await this.loop.pause(RETRY_MS);
    }
  }

  private async consume(connection: NatsConnection): Promise<void> {
    const { stream, subject, replaySeconds } = this.options;
    await ensureStream(await jetstreamManager(connection), stream);
    const consumer = await jetstream(connection).consumers.get(stream.name, {
      filter_subjects: subject,
      opt_start_time: new Date(Date.now() - replaySeconds * 1000).toISOString(),
    });
    const messages = this.loop.reading(await consumer.consume());
    if (this.failing) this.options.logger.log(`Reading the ${this.options.label} again`);
    this.failing = false;
    if ((await consumer.info(true)).num_pending === 0) this.markReplayed();
    for await (const message of messages) {
      this.handle(message);
      if (message.info.pending === 0) this.markReplayed();
    }
  }

  private handle(message: JsMsg): void {
    const problem = (reason: string) =>
      this.options.logger.warn(`Ignored a message on ${message.subject}: ${reason}`);
    const read = readEvent(message);
    if (read.problem !== undefined) return problem(read.problem);
    const { event } = read;
    if (!isCatalogEvent(event, this.options.event))
      return problem(`unexpected event ${event.type} v${event.version}`);
    this.options.onEvent(event.data);
  }
}
