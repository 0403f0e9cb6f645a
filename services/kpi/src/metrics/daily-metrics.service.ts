import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DailyMetrics, METRIC_SERIES_DAYS, type MetricsResponse } from '@portal/contracts';
import type { DataSource } from 'typeorm';

/**
 * A customer's counts per calendar day in `timezone`: the last METRIC_SERIES_DAYS days up to the
 * day `now` falls on there, days without metrics at zero. Only the span's rows are read (the
 * customer/time index), then grouped by their local date.
 */
const DAILY_COUNTS_SQL = `
  WITH span AS (
    SELECT ($2::timestamptz AT TIME ZONE $3)::date - ($4::int - 1) AS first_day,
           ($2::timestamptz AT TIME ZONE $3)::date AS last_day
  ),
  counted AS (
    SELECT (m.occurred_at AT TIME ZONE $3)::date AS day,
           count(*) FILTER (WHERE m.metric_type = 'calls')::int AS calls,
           count(*) FILTER (WHERE m.metric_type = 'leads')::int AS leads,
           count(*) FILTER (WHERE m.metric_type = 'conversions')::int AS conversions
    FROM metrics m, span
    WHERE m.customer_id = $1
      AND m.occurred_at >= (span.first_day::timestamp AT TIME ZONE $3)
      AND m.occurred_at < ((span.last_day + 1)::timestamp AT TIME ZONE $3)
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

@Injectable()
export class DailyMetricsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async forCustomer(customerId: string, timezone: string, now: Date): Promise<MetricsResponse> {
    const daily: DailyMetrics[] = await this.dataSource.query(DAILY_COUNTS_SQL, [
      customerId,
      now.toISOString(),
      timezone,
      METRIC_SERIES_DAYS,
    ]);
    return { timezone, today: daily[daily.length - 1], daily };
  }
}
