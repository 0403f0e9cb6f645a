import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { eventEnvelopeSchema, type LiveMetric, metricRecordedDataSchema } from '@portal/contracts';
import type { StreamListener } from '../live-streams/event-stream';
import { SubjectFollower } from '../live-streams/subject-follower';

export interface LiveMetricsOptions {
  /** Unset: streams open and stay quiet (kpi's announcements travel over NATS only). */
  natsUrl?: string;
  /** Subject of kpi's `metric.recorded` announcements; tests use a subject space of their own. */
  subject: string;
}

export const LIVE_METRICS_OPTIONS = Symbol('LIVE_METRICS_OPTIONS');

/** One open dashboard stream of a member's. */
export type MetricListener = StreamListener<LiveMetric>;

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
  private follower?: SubjectFollower;

  constructor(@Inject(LIVE_METRICS_OPTIONS) private readonly options: LiveMetricsOptions) {}

  onApplicationBootstrap(): void {
    const { natsUrl, subject } = this.options;
    if (!natsUrl) return;
    this.follower = new SubjectFollower(
      { natsUrl, name: 'gateway-live-metrics', subject, logger: this.logger },
      (text) => this.deliver(text),
    );
  }

  /** Before the HTTP server closes: it waits for open connections, and a stream never ends by itself. */
  beforeApplicationShutdown(): void {
    for (const listeners of this.listeners.values()) for (const listener of listeners) listener.end();
    this.listeners.clear();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.follower?.stop();
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
