import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EventName, MetricType } from '@portal/contracts';
import { splitDatabaseUrl } from '@portal/db-admin';
import {
  type CatalogEventHandler,
  type CatalogHandlers,
  consumeCatalogEvents,
  type EventConsumer,
  type StreamOptions,
} from '@portal/events';
import type { DataSource } from 'typeorm';
import { MetricsService } from '../metrics/metrics.service';
import { OrganizationTimezones } from '../organizations/organization-timezones.service';
import { type CustomerActivityEvent, metricFromEvent } from './metric-from-event';

export interface KpiEventsOptions {
  /** Unset: nothing is consumed and no metric is counted. */
  natsUrl?: string;
  databaseUrl: string;
  /** Stream to consume from; default `PORTAL`. Tests use a stream and subject prefix of their own. */
  stream?: StreamOptions;
  /** First token of the subjects consumed; default `portal`. */
  subjectPrefix?: string;
}

export const KPI_EVENTS_OPTIONS = Symbol('KPI_EVENTS_OPTIONS');

/**
 * kpi's durable JetStream consumers: calls and customer leads become metrics, new organisations give
 * their time zone, deleted accounts take their metrics with them. Each event is handled once per consumer (processed_events, in the handler's
 * transaction). Durable names start with the database's name, so stacks sharing one NATS (a
 * developer's `npm start` and the e2e suite) each count every event, while replicas of one stack
 * share the work.
 */
@Injectable()
export class KpiConsumers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('KpiConsumers');
  private readonly consumers: EventConsumer[] = [];

  constructor(
    @Inject(KPI_EVENTS_OPTIONS) private readonly options: KpiEventsOptions,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly metrics: MetricsService,
    private readonly timezones: OrganizationTimezones,
  ) {}

  onApplicationBootstrap(): void {
    const { natsUrl } = this.options;
    if (!natsUrl) {
      this.logger.warn('NATS_URL is not set: no calls, leads or conversions will be counted');
      return;
    }
    const durablePrefix = splitDatabaseUrl(this.options.databaseUrl).database.replace(/[^A-Za-z0-9_-]/g, '_');
    const consume = <N extends EventName>(name: string, handlers: CatalogHandlers<N>) =>
      consumeCatalogEvents({
        dataSource: this.dataSource,
        natsUrl,
        stream: this.options.stream,
        subjectPrefix: this.options.subjectPrefix,
        durable: `${durablePrefix}_${name}`,
        handlers,
        logger: this.logger,
      });
    const countAs =
      (metricType: MetricType): CatalogEventHandler<CustomerActivityEvent> =>
      async (event, { manager }) => {
        await this.metrics.record(manager, metricFromEvent(event, metricType));
      };
    this.consumers.push(
      consume('calls', { callCompleted: countAs('calls') }),
      consume('leads', { leadGenerated: countAs('leads'), leadConverted: countAs('conversions') }),
      consume('organizations', {
        organizationCreated: ({ data }, { manager }) =>
          this.timezones.remember(manager, data.organizationId, data.timezone),
      }),
      // A deleted account's metrics go, and its organisation's zone when it was the last member.
      consume('users_deleted', {
        userDeleted: async ({ data }, { manager }) => {
          await this.metrics.eraseCustomer(manager, data.userId);
          if (data.organizationDeleted && data.organizationId)
            await this.timezones.forget(manager, data.organizationId);
        },
      }),
    );
    for (const consumer of this.consumers) consumer.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.consumers.map((consumer) => consumer.stop()));
  }

  /** True while every consumer is connected (or none runs). */
  isConnected(): boolean {
    return this.consumers.every((consumer) => consumer.isConnected());
  }
}
