import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { MetricType } from '@portal/contracts';
import { type CatalogEventHandler, ServiceConsumers } from '@portal/events';
import { MetricsService } from '../metrics/metrics.service';
import { OrganizationTimezones } from '../organizations/organization-timezones.service';
import { type CustomerActivityEvent, metricFromEvent } from './metric-from-event';

/**
 * kpi's durable JetStream consumers: calls and customer leads become metrics, new organisations give
 * their time zone, deleted accounts take their metrics with them, legacy metrics move to their
 * organization. Each event is handled once per consumer (processed_events, in the handler's
 * transaction). Durable names start with the database's name, so stacks sharing one NATS (a
 * developer's `npm start` and the e2e suite) each count every event, while replicas of one stack
 * share the work.
 */
@Injectable()
export class KpiConsumers implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: ServiceConsumers,
    private readonly metrics: MetricsService,
    private readonly timezones: OrganizationTimezones,
  ) {}

  onApplicationBootstrap(): void {
    const countAs =
      (metricType: MetricType): CatalogEventHandler<CustomerActivityEvent> =>
      async (event, { manager }) => {
        await this.metrics.record(manager, metricFromEvent(event, metricType));
      };
    this.consumers.start(
      new Logger('KpiConsumers'),
      'no calls, leads or conversions will be counted',
      (consume) => [
        consume('calls', { callCompleted: countAs('calls') }),
        consume('leads', { leadGenerated: countAs('leads'), leadConverted: countAs('conversions') }),
        consume('organizations', {
          organizationCreated: ({ data }, { manager }) =>
            this.timezones.remember(manager, data.organizationId, data.timezone),
        }),
        // A deleted account's metrics outside any organisation go; its organisation's metrics and zone
        // when it was the last member.
        consume('users_deleted', {
          userDeleted: async ({ data }, { manager }) => {
            await this.metrics.eraseForDeletedAccount(manager, data);
            if (data.organizationDeleted && data.organizationId)
              await this.timezones.forget(manager, data.organizationId);
          },
        }),
        // Metrics of before organizations owned data move to the organization identity made their
        // customer the owner of (ADR 0184); other membership changes are acknowledged untouched.
        consume('memberships_changed', {
          membershipChanged: async ({ data }, { manager }) => {
            if (data.claimsLegacyData) await this.metrics.claimLegacy(manager, data);
          },
        }),
      ],
    );
  }

  /** True while every consumer is connected (or none runs). */
  isConnected(): boolean {
    return this.consumers.isConnected();
  }
}
