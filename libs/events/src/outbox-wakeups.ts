import { Client } from 'pg';
import { backoffDelay, errorMessage, type EventsLogger } from './logger';

/**
 * The channel `enqueueEvent` notifies in the producer's transaction. PostgreSQL delivers a NOTIFY
 * only when that transaction commits, so a wake-up always finds the committed row.
 */
export const OUTBOX_CHANNEL = 'portal_outbox';

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
   * lets another table's writers wake their own worker the same way (crm's webhook deliveries).
   */
  constructor(
    private readonly url: string,
    private readonly onCommit: () => void,
    private readonly logger: EventsLogger,
    private readonly onConnected: () => void = onCommit,
    private readonly channel: string = OUTBOX_CHANNEL,
  ) {}

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
    const client = new Client({ connectionString: this.url, application_name: 'outbox-wakeups' });
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
      if (this.failures > 0) this.logger.log('Outbox wake-ups are back; events are published on commit');
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
    if (this.failures === 0) {
      this.logger.warn(
        `Outbox wake-ups lost their database connection${error ? ` (${errorMessage(error)})` : ''}; polling until it is back`,
      );
    }
    this.failures += 1;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.connect(), backoffDelay(this.failures, 500, 5_000));
    this.timer.unref();
  }
}
