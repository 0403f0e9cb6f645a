import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { NatsLink, RetryPause } from '@portal/events';
import { eventEnvelopeSchema, type LiveMetric, metricRecordedDataSchema } from '@portal/contracts';

export interface LiveMetricsOptions {
  /** Unset: streams open and stay quiet (kpi's announcements travel over NATS only). */
  natsUrl?: string;
  /** Subject of kpi's `metric.recorded` announcements; tests use a subject space of their own. */
  subject: string;
  /** Streams one user may hold open at once (in each gateway process); the next answers 429. */
  maxStreamsPerUser: number;
}

export const LIVE_METRICS_OPTIONS = Symbol('LIVE_METRICS_OPTIONS');

/** One open dashboard stream of a member's. */
export interface MetricListener {
  send(metric: LiveMetric): void;
  /** Ends the stream (the gateway is shutting down). */
  end(): void;
}

/**
 * The gateway's one subscription to kpi's metric announcements, fanned out to the open dashboard
 * streams of every member of the organization each metric belongs to (its `organizationId`; a metric
 * without one reaches nobody). A plain (not JetStream) subscription: a dashboard
 * only needs what happens while it is open, and it reloads the counts from kpi when it (re)connects.
 * Every gateway process subscribes, so a member's stream gets its metrics whichever worker holds it.
 */
@Injectable()
export class MetricFeed implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('MetricFeed');
  private readonly listeners = new Map<string, Set<MetricListener>>();
  private link?: NatsLink;
  private following?: Promise<void>;
  private readonly retryPause = new RetryPause();
  private stopped = false;

  constructor(@Inject(LIVE_METRICS_OPTIONS) private readonly options: LiveMetricsOptions) {}

  onApplicationBootstrap(): void {
    const { natsUrl } = this.options;
    if (!natsUrl) return;
    this.link = new NatsLink({ url: natsUrl, name: 'gateway-live-metrics', logger: this.logger });
    this.following = this.follow(this.link);
  }

  /** Before the HTTP server closes: it waits for open connections, and a stream never ends by itself. */
  beforeApplicationShutdown(): void {
    for (const listeners of this.listeners.values()) for (const listener of listeners) listener.end();
    this.listeners.clear();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.retryPause.interrupt();
    await this.link?.close();
    await this.following;
  }

  /** Subscribes once NATS is reachable (the link retries in the background) and for as long as it lives. */
  private async follow(link: NatsLink): Promise<void> {
    const { subject } = this.options;
    while (!this.stopped) {
      const connection = await link.get();
      if (connection) {
        connection.subscribe(subject, {
          callback: (error: Error | null, message: { string(): string }) => {
            if (!error) this.deliver(message.string());
          },
        });
        // The client reconnects (and resubscribes) by itself; this ends only when the link is closed.
        await connection.closed();
      } else {
        await this.retryPause.wait(1000);
      }
    }
  }

  /** Sends the organization's new metrics to `listener` until the returned function is called. */
  subscribe(organizationId: string, listener: MetricListener): () => void {
    let listeners = this.listeners.get(organizationId);
    if (!listeners) this.listeners.set(organizationId, (listeners = new Set()));
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.listeners.get(organizationId) === listeners)
        this.listeners.delete(organizationId);
    };
  }

  /** Open streams, for tests and logs. */
  openStreams(): number {
    let count = 0;
    for (const listeners of this.listeners.values()) count += listeners.size;
    return count;
  }

  private deliver(text: string): void {
    let envelope;
    let data;
    try {
      envelope = eventEnvelopeSchema.parse(JSON.parse(text));
      data = metricRecordedDataSchema.parse(envelope.data);
    } catch (error) {
      this.logger.warn(`dropped a malformed metric announcement: ${(error as Error).message}`);
      return;
    }
    if (!data.organizationId) return;
    const listeners = this.listeners.get(data.organizationId);
    if (!listeners) return;
    const metric: LiveMetric = { metricType: data.metricType, occurredAt: data.occurredAt };
    for (const listener of listeners) listener.send(metric);
  }
}
