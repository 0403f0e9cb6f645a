import { Client } from 'pg';
import { backoffDelay, errorMessage, type EventsLogger } from './logger';

/**
 * The channel `enqueueEvent` notifies in the producer's transaction. PostgreSQL delivers a NOTIFY
 * only when that transaction commits, so a wake-up always finds the committed row.
 */
export const OUTBOX_CHANNEL = 'portal_outbox';

/** What a listener other than the relay's tells apart: its name in the log, and what it does while down. */
export interface WakeupsListener {
  /** Named in the log lines and as the connection's `application_name`; default `outbox-wakeups`. */
  name?: string;
  /** What happens while the connection is down, for the log line; default `polling until it is back`. */
  meanwhile?: string;
  /**
   * Runs each time the connection is lost or an attempt to open it fails: notifications may be missed
   * from then until `onConnected` runs again.
   */
  onLost?: () => void;
}

/**
 * A connection of its own that LISTENs on the outbox channel and calls `onCommit` for each
 * notification, so the relay publishes a new event within milliseconds instead of at its next poll.
 * Polling stays the safety net: while this connection is down (the database restarting, say) it
 * reconnects with backoff and nothing is lost, events just wait for the poll.
 */
export class OutboxWakeups {
  private client?: Client;
  private timer?: NodeJS.Timeout;
  private failures = 0;
  private stopped = false;

  /**
   * `onConnected` (default `onCommit`) runs each time the LISTEN connection is established: the
   * database answers again, so whatever waited for it can go now. `channel` (default the outbox's)
   * lets another table's writers wake their own worker the same way (crm's webhook deliveries), and
   * `listener` another reader follow its own channel (commerce's catalog changes).
   */
  constructor(
    private readonly url: string,
    private readonly onCommit: () => void,
    private readonly logger: EventsLogger,
    private readonly onConnected: () => void = onCommit,
    private readonly channel: string = OUTBOX_CHANNEL,
    private readonly listener: WakeupsListener = {},
  ) {}

  private get name(): string {
    return this.listener.name ?? 'outbox-wakeups';
  }

  start(): void {
    void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({
      connectionString: this.url,
      application_name: this.name,
    });
    client.on('notification', () => this.onCommit());
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
      if (this.stopped) {
        await client.end();
        return;
      }
      this.client = client;
      if (this.failures > 0) this.logger.log(`${this.name} is listening again`);
      this.failures = 0;
      // Events committed while the connection was down are published by this pass, not the next poll.
      this.onConnected();
    } catch (error) {
      this.lost(client, error);
    }
  }

  private lost(client: Client, error?: unknown): void {
    if (this.stopped || (this.client && this.client !== client)) return;
    this.client = undefined;
    client.removeAllListeners('end');
    void client.end().catch(() => undefined);
    this.listener.onLost?.();
    if (this.failures === 0) {
      this.logger.warn(
        `${this.name} lost its database connection${error ? ` (${errorMessage(error)})` : ''}; ` +
          (this.listener.meanwhile ?? 'polling until it is back'),
      );
    }
    this.failures += 1;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.connect(), backoffDelay(this.failures, 500, 5_000));
    this.timer.unref();
  }
}
