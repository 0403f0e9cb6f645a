import type { DailyMetrics, MetricCounts, MetricsResponse } from '@portal/contracts';
import { countOf } from '../../../format/count';
import { formatDay, previousDay } from './calendar-date';

const NO_COUNTS: MetricCounts = { calls: 0, leads: 0, conversions: 0 };

/** Calls, leads and conversions added up over `days`. */
export const totalsOf = (days: readonly DailyMetrics[]): MetricCounts =>
  days.reduce(
    (sum, day) => ({
      calls: sum.calls + day.calls,
      leads: sum.leads + day.leads,
      conversions: sum.conversions + day.conversions,
    }),
    NO_COUNTS,
  );

/** Yesterday's counts (in the organisation's calendar), zero when the series has no such day. */
export function yesterdayOf({ today, daily }: MetricsResponse): MetricCounts {
  const date = previousDay(today.date);
  return daily.find((day) => day.date === date) ?? NO_COUNTS;
}

/** '32% of leads converted in 30 days', over the days of the series. */
export function conversionContext(daily: readonly DailyMetrics[]): string {
  const { leads, conversions } = totalsOf(daily);
  if (!leads) return `No leads in the last ${daily.length} days`;
  return `${Math.round((conversions / leads) * 100)}% of leads converted in ${daily.length} days`;
}

/** What the chart shows, in words: its span, the totals and the busiest day for calls. */
export function chartSummary(daily: readonly DailyMetrics[]): string {
  if (!daily.length) return 'Chart of daily calls, leads and conversions: no days to show yet.';
  const { calls, leads, conversions } = totalsOf(daily);
  const busiest = daily.reduce((best, day) => (day.calls > best.calls ? day : best), daily[0]);
  const span = `${formatDay(daily[0].date)} to ${formatDay(daily[daily.length - 1].date)}`;
  const peak = busiest.calls
    ? ` Busiest day: ${formatDay(busiest.date)} with ${countOf(busiest.calls, 'call')}.`
    : '';
  return (
    `Line chart of daily calls, leads and conversions, ${span}. ` +
    `In ${daily.length} days: ${countOf(calls, 'call')}, ${countOf(leads, 'lead')} and ` +
    `${countOf(conversions, 'conversion')}.${peak}`
  );
}
