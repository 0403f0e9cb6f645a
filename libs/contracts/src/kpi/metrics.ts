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
 * `GET /api/kpi/metrics`: today's counts by the organisation's calendar date (America/New_York unless
 * it set another zone) and the last `METRIC_SERIES_DAYS` days, oldest first, days without any at 0.
 */
export const metricsResponseSchema = z.object({
  timezone: z.string(),
  today: dailyMetricsSchema,
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
