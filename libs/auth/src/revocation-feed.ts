import { jetstream, jetstreamManager, type JsMsg } from '@nats-io/jetstream';
import type { SessionRevokedData } from '@portal/contracts';
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

export interface RevocationFeedOptions {
  natsUrl: string;
  stream: StreamOptions;
  subject: string;
  /** On every (re)start, revocations are read from this far back. */
  replaySeconds: number;
  onRevoked(revocation: SessionRevokedData): void;
  logger: EventsLogger;
}

const RETRY_MS = 2000;

/**
 * Reads session revocations from JetStream with an ordered, ephemeral consumer that starts
 * `replaySeconds` in the past, so a service that starts late still learns of earlier sign-outs.
 * Nothing is acknowledged or stored on the server. It never throws at its owner: while NATS is
 * down it logs once and retries, and the client reconnects by itself.
 */
export class RevocationFeed {
  private readonly link: NatsLink;
  private readonly replayed: Promise<void>;
  private markReplayed!: () => void;
  private readonly loop: ReaderLoop;
  private failing = false;

  constructor(private readonly options: RevocationFeedOptions) {
    this.link = new NatsLink({ url: options.natsUrl, name: 'session-revocations', logger: options.logger });
    this.replayed = new Promise((resolve) => (this.markReplayed = resolve));
    this.loop = new ReaderLoop(this.link);
  }

  start(): void {
    this.loop.start(() => this.run());
  }

  /** Resolves once the earlier revocations are read, or once the first attempt to read them failed. */
  settled(): Promise<void> {
    return this.replayed;
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
            `Session revocations are not being read (${error instanceof Error ? error.message : String(error)}); retrying`,
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
    if (this.failing) this.options.logger.log('Reading session revocations again');
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
    if (!isCatalogEvent(event, 'sessionRevoked'))
      return problem(`unexpected event ${event.type} v${event.version}`);
    this.options.onRevoked(event.data);
  }
}
