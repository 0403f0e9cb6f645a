import { z } from 'zod';

/** A KPI metric is one call, lead or conversion at a moment (metricType, timestamp). */
export const metricTypes = ['calls', 'leads', 'conversions'] as const;
export const metricTypeSchema = z.enum(metricTypes);
export type MetricType = z.infer<typeof metricTypeSchema>;

/** Days in the dashboard's chart, today included. */
export const METRIC_SERIES_DAYS = 30;

/** A calendar date (`YYYY-MM-DD`) in the customer organisation's time zone. */
export const calendarDateSchema = z.iso.date();

export const metricCountsSchema = z.object({
  calls: z.number().int().min(0),
  leads: z.number().int().min(0),
  conversions: z.number().int().min(0),
});
export type MetricCounts = z.infer<typeof metricCountsSchema>;

export const dailyMetricsSchema = metricCountsSchema.extend({ date: calendarDateSchema });
export type DailyMetrics = z.infer<typeof dailyMetricsSchema>;

/**
 * The KPI tab's date ranges: the last 7, 30 or 90 days (today included), this month (the 1st to
 * today), or a custom span of calendar days of at most 13 months. "Today" is the organisation's.
 */
export const kpiRangePresets = ['7d', '30d', '90d', 'month', 'custom'] as const;
export const kpiRangePresetSchema = z.enum(kpiRangePresets, {
  error: 'range must be 7d, 30d, 90d, month or custom',
});
export type KpiRangePreset = z.infer<typeof kpiRangePresetSchema>;
export const DEFAULT_KPI_RANGE: KpiRangePreset = '30d';
/** The longest custom range, in calendar months. */
export const KPI_RANGE_MAX_MONTHS = 13;
/** Days back of each fixed preset. */
export const KPI_PRESET_DAYS = { '7d': 7, '30d': 30, '90d': 90 } as const;

export const kpiRangeMessages = {
  fromAndToRequired: 'A custom range needs both from and to (YYYY-MM-DD)',
  fromAndToOnlyForCustom: 'from and to are only for range=custom',
  badDate: 'Dates must be calendar dates (YYYY-MM-DD)',
  fromAfterTo: 'The range must start on or before its last day',
  tooLong: `A custom range can be at most ${KPI_RANGE_MAX_MONTHS} months`,
  inFuture: 'The range cannot end after today',
} as const;

/**
 * The query of `GET /api/kpi/metrics` and of its CSV export: `range` (default 30d), and for
 * `range=custom` the first and last day, both included. Whether `to` is after today needs the
 * organisation's time zone: `resolveKpiRange` checks it.
 */
export const kpiRangeQuerySchema = z
  .strictObject({
    range: kpiRangePresetSchema.default(DEFAULT_KPI_RANGE),
    from: z.iso.date({ error: kpiRangeMessages.badDate }).optional(),
    to: z.iso.date({ error: kpiRangeMessages.badDate }).optional(),
  })
  .superRefine((query, context) => {
    const custom = query.range === 'custom';
    if (custom && (!query.from || !query.to)) {
      context.addIssue({ code: 'custom', message: kpiRangeMessages.fromAndToRequired });
    } else if (!custom && (query.from || query.to)) {
      context.addIssue({ code: 'custom', message: kpiRangeMessages.fromAndToOnlyForCustom });
    } else if (custom && query.from! > query.to!) {
      context.addIssue({ code: 'custom', message: kpiRangeMessages.fromAfterTo });
    } else if (custom && query.from! < earliestKpiRangeStart(query.to!)) {
      context.addIssue({ code: 'custom', message: kpiRangeMessages.tooLong });
    }
  });
export type KpiRangeQuery = z.input<typeof kpiRangeQuerySchema>;
/** The query once validated (`range` defaulted). */
export type ParsedKpiRangeQuery = z.output<typeof kpiRangeQuerySchema>;

/** The days a range covers, both included. */
export const kpiRangeSchema = z.object({
  preset: kpiRangePresetSchema,
  from: calendarDateSchema,
  to: calendarDateSchema,
});
export type KpiRange = z.infer<typeof kpiRangeSchema>;

const asUtcDate = (date: string) => new Date(`${date}T00:00:00Z`);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** `date` moved by `days` calendar days ('2026-03-01', -1 → '2026-02-28'). */
export function addCalendarDays(date: string, days: number): string {
  const day = asUtcDate(date);
  day.setUTCDate(day.getUTCDate() + days);
  return isoDay(day);
}

/** Calendar days from `from` to `to`, both included. */
export const calendarDaysBetween = (from: string, to: string): number =>
  Math.round((asUtcDate(to).getTime() - asUtcDate(from).getTime()) / 86_400_000) + 1;

/**
 * The first day a custom range ending on `to` may start on: the same day of the month 13 months
 * before, or that month's last day when it is shorter ('2026-03-31' → '2025-02-28').
 */
export function earliestKpiRangeStart(to: string): string {
  const [year, month, day] = to.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 - KPI_RANGE_MAX_MONTHS, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return isoDay(target);
}

/**
 * The days of a (valid) query's range, given today's date in the organisation's time zone; a custom
 * range ending after today is refused with `kpiRangeMessages.inFuture`.
 */
export function resolveKpiRange(
  query: ParsedKpiRangeQuery,
  today: string,
): { range: KpiRange } | { error: string } {
  switch (query.range) {
    case 'month':
      return { range: { preset: 'month', from: `${today.slice(0, 8)}01`, to: today } };
    case 'custom':
      if (query.to! > today) return { error: kpiRangeMessages.inFuture };
      return { range: { preset: 'custom', from: query.from!, to: query.to! } };
    default:
      return {
        range: {
          preset: query.range,
          from: addCalendarDays(today, 1 - KPI_PRESET_DAYS[query.range]),
          to: today,
        },
      };
  }
}

/**
 * `GET /api/kpi/metrics?range=…`: today's counts by the organisation's calendar date (America/New_York
 * unless it set another zone), the range asked for (the last `METRIC_SERIES_DAYS` days by default) and
 * its daily counts, oldest first, days without any at 0.
 */
export const metricsResponseSchema = z.object({
  timezone: z.string(),
  today: dailyMetricsSchema,
  range: kpiRangeSchema,
  daily: z.array(dailyMetricsSchema),
});
export type MetricsResponse = z.infer<typeof metricsResponseSchema>;

/**
 * `GET /api/kpi/stream` (bearer): server-sent events of the gateway. `event: metric` carries a
 * `LiveMetric` each time one of the caller's metrics is recorded; comment lines keep it open.
 */
export const METRIC_STREAM_PATH = '/api/kpi/stream';
export const METRIC_STREAM_EVENT = 'metric';

export const liveMetricSchema = z.object({
  metricType: metricTypeSchema,
  occurredAt: z.iso.datetime(),
});
export type LiveMetric = z.infer<typeof liveMetricSchema>;

/**
 * `GET /api/kpi/metrics/export?range=…` (the same query): the range's daily rows as a CSV download
 * (`text/csv`, `Content-Disposition: attachment; filename="kpis-<from>-to-<to>.csv"`), a header row
 * `Date,Calls,Leads,Conversions` then one row per day, oldest first, lines ending in CRLF (RFC 4180).
 */
export const KPI_EXPORT_PATH = '/api/kpi/metrics/export';
export const KPI_CSV_HEADER = ['Date', 'Calls', 'Leads', 'Conversions'] as const;
export const kpiCsvFilename = (range: Pick<KpiRange, 'from' | 'to'>): string =>
  `kpis-${range.from}-to-${range.to}.csv`;
