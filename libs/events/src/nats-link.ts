import { connect } from '@nats-io/transport-node';
import { backoffDelay, errorMessage, type EventsLogger } from './logger';

export type NatsConnection = Awaited<ReturnType<typeof connect>>;

export interface NatsLinkOptions {
  url: string;
  /** Client name shown by the NATS server. */
  name: string;
  logger: EventsLogger;
  connectTimeoutMs?: number;
  minRetryMs?: number;
  maxRetryMs?: number;
  /** Called when a lost connection is back (the client reconnected by itself). */
  onReconnect?: () => void;
}

/**
 * A NATS connection that never throws at its users: while the server is unreachable `get()` answers
 * undefined (a new attempt is made after a growing delay, and the outage is logged once); once
 * connected, the client reconnects by itself for ever.
 */
export class NatsLink {
  private connection?: NatsConnection;
  private pending?: Promise<NatsConnection | undefined>;
  private failures = 0;
  private retryAt = 0;
  private disconnected = false;
  private closed = false;

  constructor(private readonly options: NatsLinkOptions) {}

  /** The connection, connecting first when an attempt is due; undefined while NATS is unreachable. */
  async get(): Promise<NatsConnection | undefined> {
    if (this.connection && !this.connection.isClosed()) return this.connection;
    if (this.closed || Date.now() < this.retryAt) return undefined;
    this.pending ??= this.connect().finally(() => (this.pending = undefined));
    return this.pending;
  }

  /** True while connected (not while the client is reconnecting). */
  isUp(): boolean {
    return !!this.connection && !this.connection.isClosed() && !this.disconnected;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.pending;
    const connection = this.connection;
    this.connection = undefined;
    if (connection && !connection.isClosed()) await connection.drain().catch(() => connection.close());
  }

  private async connect(): Promise<NatsConnection | undefined> {
    const { url, name, logger } = this.options;
    try {
      const connection = await connect({
        servers: url,
        name,
        timeout: this.options.connectTimeoutMs ?? 2000,
        maxReconnectAttempts: -1,
        reconnectTimeWait: 1000,
        pingInterval: 20_000,
        maxPingOut: 3,
      });
      if (this.closed) {
        await connection.close();
        return undefined;
      }
      this.connection = connection;
      this.disconnected = false;
      if (this.failures > 0) logger.log(`NATS at ${url} is reachable again`);
      this.failures = 0;
      logger.log(`Connected to NATS at ${url}`);
      void this.watch(connection);
      return connection;
    } catch (error) {
      if (this.failures === 0) {
        logger.warn(`NATS at ${url} is unreachable (${errorMessage(error)}); retrying in the background`);
      }
      this.failures += 1;
      this.retryAt =
        Date.now() +
        backoffDelay(this.failures, this.options.minRetryMs ?? 500, this.options.maxRetryMs ?? 5_000);
      return undefined;
    }
  }

  private async watch(connection: NatsConnection): Promise<void> {
    for await (const status of connection.status()) {
      if (status.type === 'disconnect' && !this.disconnected) {
        this.disconnected = true;
        this.options.logger.warn(`Lost the connection to NATS at ${this.options.url}; reconnecting`);
      } else if (status.type === 'reconnect') {
        this.disconnected = false;
        this.options.logger.log(`Reconnected to NATS at ${this.options.url}`);
        this.options.onReconnect?.();
      }
    }
  }
}
