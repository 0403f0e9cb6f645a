import { Injectable } from '@nestjs/common';
import type { MetricType } from '@portal/contracts';
import { enqueueCatalogEvent } from '@portal/events';
import type { EntityManager } from 'typeorm';

export interface NewMetric {
  customerId: string;
  organizationId: string | null;
  integrationId: string | null;
  metricType: MetricType;
  occurredAt: string;
  /** The event the metric is counted from. */
  sourceEventId: string;
}

/** Counts a metric once per source event, announcing it (`portal.metrics.recorded`) in the same transaction. */
@Injectable()
export class MetricRecorder {
  /** True when the metric is new; false when its source event was counted before. */
  async record(manager: EntityManager, metric: NewMetric): Promise<boolean> {
    const inserted: { id: string }[] = await manager.query(
      `INSERT INTO metrics (customer_id, organization_id, integration_id, metric_type, occurred_at, source_event_id)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (source_event_id) DO NOTHING
       RETURNING id`,
      [
        metric.customerId,
        metric.organizationId,
        metric.integrationId,
        metric.metricType,
        metric.occurredAt,
        metric.sourceEventId,
      ],
    );
    if (inserted.length === 0) return false;
    await enqueueCatalogEvent(manager, 'metricRecorded', {
      metricId: inserted[0].id,
      customerId: metric.customerId,
      organizationId: metric.organizationId,
      metricType: metric.metricType,
      occurredAt: new Date(metric.occurredAt).toISOString(),
    });
    return true;
  }
}
