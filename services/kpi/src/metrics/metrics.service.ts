import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  addCalendarDays,
  type DailyMetrics,
  type KpiRange,
  type MembershipChangedData,
  METRIC_SERIES_DAYS,
  type MetricsResponse,
  type MetricType,
  type UserDeletedData,
} from '@portal/contracts';
import { enqueueCatalogEvent } from '@portal/events';
import type { DataSource, EntityManager } from 'typeorm';

export interface NewMetric {
  customerId: string;
  organizationId: string | null;
  integrationId: string | null;
  metricType: MetricType;
  occurredAt: string;
  /** The event the metric is counted from. */
  sourceEventId: string;
}

/** One metric in a customer's export: what was counted, when, from which integration. */
export interface ExportedMetric {
  metricType: MetricType;
  occurredAt: string;
  integrationId: string | null;
}

/** Metrics of one customer at local times of day (`YYYY-MM-DD HH:MM` in `timezone`), each under its own id. */
export interface LocalMetricSeries {
  customerId: string;
  organizationId: string | null;
  integrationId: string | null;
  timezone: string;
  ids: string[];
  metricTypes: MetricType[];
  localTimes: string[];
}

/**
 * The counts per calendar day in `timezone` ($4) of the metrics whose `owner` column is $1 (an
 * organization's, or for the export a customer's), from day $2 to day $3 (both included), days without
 * metrics at zero. Only the span's rows are read (the organization/time or customer/time index), then
 * grouped by their local date.
 */
const dailyCountsSql = (owner: 'organization_id' | 'customer_id') => `
  WITH span AS (SELECT $2::date AS first_day, $3::date AS last_day),
  counted AS (
    SELECT (m.occurred_at AT TIME ZONE $4)::date AS day,
           count(*) FILTER (WHERE m.metric_type = 'calls')::int AS calls,
           count(*) FILTER (WHERE m.metric_type = 'leads')::int AS leads,
           count(*) FILTER (WHERE m.metric_type = 'conversions')::int AS conversions
    FROM metrics m, span
    WHERE m.${owner} = $1
      AND m.occurred_at >= (span.first_day::timestamp AT TIME ZONE $4)
      AND m.occurred_at < ((span.last_day + 1)::timestamp AT TIME ZONE $4)
    GROUP BY 1
  )
  SELECT to_char(day, 'YYYY-MM-DD') AS date,
         coalesce(counted.calls, 0) AS calls,
         coalesce(counted.leads, 0) AS leads,
         coalesce(counted.conversions, 0) AS conversions
  FROM span,
       LATERAL generate_series(span.first_day, span.last_day, interval '1 day') AS series(day_start),
       LATERAL (SELECT series.day_start::date AS day) AS days
  LEFT JOIN counted USING (day)
  ORDER BY day`;

const DAILY_COUNTS_OF_ORGANIZATION_SQL = dailyCountsSql('organization_id');
const DAILY_COUNTS_OF_CUSTOMER_SQL = dailyCountsSql('customer_id');
/** The calendar date `now` ($1) falls on in `timezone` ($2). */
const TODAY_SQL = `SELECT to_char(($1::timestamptz AT TIME ZONE $2)::date, 'YYYY-MM-DD') AS today`;

/**
 * The one access to `metrics`: counting a metric once per source event (announced as
 * `portal.metrics.recorded` in the same transaction), an organization's daily counts (a customer's
 * for the export), the legacy claim, and the demo series.
 */
@Injectable()
export class MetricsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

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

  /** The calendar date `now` falls on in `timezone`. */
  async todayIn(timezone: string, now: Date): Promise<string> {
    const [{ today }]: { today: string }[] = await this.dataSource.query(TODAY_SQL, [
      now.toISOString(),
      timezone,
    ]);
    return today;
  }

  /**
   * The organization's daily counts over `range` (every metric of its integrations, whoever connected
   * them), with today's counts, which the range may not include.
   */
  forOrganization(
    organizationId: string,
    timezone: string,
    today: string,
    range: KpiRange,
  ): Promise<MetricsResponse> {
    return this.dailyCounts(DAILY_COUNTS_OF_ORGANIZATION_SQL, organizationId, timezone, today, range);
  }

  /** The last METRIC_SERIES_DAYS days of the metrics counted for the customer's integrations ("Export my data"). */
  async forCustomer(customerId: string, timezone: string, now: Date): Promise<MetricsResponse> {
    const today = await this.todayIn(timezone, now);
    const range: KpiRange = {
      preset: '30d',
      from: addCalendarDays(today, 1 - METRIC_SERIES_DAYS),
      to: today,
    };
    return this.dailyCounts(DAILY_COUNTS_OF_CUSTOMER_SQL, customerId, timezone, today, range);
  }

  private async dailyCounts(
    sql: string,
    owner: string,
    timezone: string,
    today: string,
    range: KpiRange,
  ): Promise<MetricsResponse> {
    const daily: DailyMetrics[] = await this.dataSource.query(sql, [owner, range.from, range.to, timezone]);
    const inRange = daily.find((day) => day.date === today);
    const [todays]: DailyMetrics[] = inRange
      ? [inRange]
      : await this.dataSource.query(sql, [owner, today, today, timezone]);
    return { timezone, today: todays, range, daily };
  }

  /**
   * Moves the metrics counted for the user's integrations before organizations owned data (no
   * organization) to the organization identity made them the owner of; metrics already in one stay,
   * so a second run changes nothing. Answers how many moved.
   */
  async claimLegacy(
    manager: EntityManager,
    claim: Pick<MembershipChangedData, 'organizationId' | 'userId'>,
  ): Promise<number> {
    // TypeORM answers an UPDATE as [rows, affected].
    const [, moved]: [unknown[], number] = await manager.query(
      'UPDATE metrics SET organization_id = $1 WHERE customer_id = $2 AND organization_id IS NULL',
      [claim.organizationId, claim.userId],
    );
    return moved;
  }

  /** Every metric of the customer, oldest first, as "Export my data" gives them. */
  async allOfCustomer(customerId: string): Promise<ExportedMetric[]> {
    const rows: { metric_type: MetricType; occurred_at: Date; integration_id: string | null }[] =
      await this.dataSource.query(
        `SELECT metric_type, occurred_at, integration_id FROM metrics
         WHERE customer_id = $1 ORDER BY occurred_at, id`,
        [customerId],
      );
    return rows.map((row) => ({
      metricType: row.metric_type,
      occurredAt: row.occurred_at.toISOString(),
      integrationId: row.integration_id,
    }));
  }

  /**
   * A deleted account: the metrics of its integrations outside any organization go, and every metric
   * of its organization when the organization went with it. An organization that remains keeps its
   * metrics (its dashboard's history). Nothing to do the second time.
   */
  async eraseForDeletedAccount(manager: EntityManager, deleted: UserDeletedData): Promise<void> {
    await manager.query(
      `DELETE FROM metrics
       WHERE (customer_id = $1 AND organization_id IS NULL) OR ($2 AND organization_id = $3)`,
      [deleted.userId, deleted.organizationDeleted, deleted.organizationId],
    );
  }

  /**
   * Adds the series' metrics that are not in the future and not there yet (their ids are their
   * source event ids), unannounced; answers how many were added.
   */
  async addLocalSeries(series: LocalMetricSeries): Promise<number> {
    const inserted: unknown[] = await this.dataSource.query(
      `INSERT INTO metrics (customer_id, organization_id, integration_id, metric_type, occurred_at, source_event_id)
       SELECT $1, $2, $3, series.metric_type, series.occurred_at, series.id
       FROM (
         SELECT id, metric_type, (local_time::timestamp AT TIME ZONE $4) AS occurred_at
         FROM unnest($5::uuid[], $6::text[], $7::text[]) AS rows(id, metric_type, local_time)
       ) AS series
       WHERE series.occurred_at <= now()
       ON CONFLICT (source_event_id) DO NOTHING
       RETURNING id`,
      [
        series.customerId,
        series.organizationId,
        series.integrationId,
        series.timezone,
        series.ids,
        series.metricTypes,
        series.localTimes,
      ],
    );
    return inserted.length;
  }
}
