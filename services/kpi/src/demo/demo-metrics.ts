import { createHash } from 'node:crypto';
import { demoCustomer } from '@portal/db';
import { METRIC_SERIES_DAYS, type MetricType } from '@portal/contracts';
import type { DataSource } from 'typeorm';
import { type LocalMetricSeries, MetricsService } from '../metrics/metrics.service';
import { OrganizationTimezones } from '../organizations/organization-timezones.service';

/** A number in [0, 1) that is the same for the same words at every run. */
function steady(...words: string[]): number {
  return createHash('sha256').update(words.join(':')).digest().readUInt32BE(0) / 2 ** 32;
}

/** A UUID (v5 layout) named by `words`: a re-run of the seed finds the rows it added before. */
function steadyUuid(...words: string[]): string {
  const hex = createHash('sha1').update(words.join(':')).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** A busy contact center: more calls on weekdays, about a quarter become leads, a third of those convert. */
function countsFor(date: string): Record<MetricType, number> {
  const weekend = [0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay());
  const calls = weekend
    ? 12 + Math.floor(steady(date, 'calls') * 14)
    : 40 + Math.floor(steady(date, 'calls') * 36);
  const leads = Math.round(calls * (0.18 + steady(date, 'leads') * 0.12));
  const conversions = Math.round(leads * (0.25 + steady(date, 'conversions') * 0.15));
  return { calls, leads, conversions };
}

/**
 * Thirty days of the demo customer's calls, leads and conversions between 8 am and 8 pm in their
 * time zone, up to now. Safe to run at every start: rows have steady ids, so only the hours since
 * the last run are added and the chart keeps moving day after day.
 */
export async function seedDemoMetrics(dataSource: DataSource): Promise<number> {
  const { userId, organizationId, timezone, dialer } = demoCustomer;
  await new OrganizationTimezones(dataSource).rememberIfNew(organizationId, timezone);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(new Date());
  const series: LocalMetricSeries = {
    customerId: userId,
    organizationId,
    integrationId: dialer.integrationId,
    timezone,
    ids: [],
    metricTypes: [],
    localTimes: [],
  };
  for (let back = METRIC_SERIES_DAYS - 1; back >= 0; back -= 1) {
    const date = addDays(today, -back);
    for (const [metricType, count] of Object.entries(countsFor(date)) as [MetricType, number][]) {
      for (let index = 0; index < count; index += 1) {
        const minutes = Math.floor(steady(date, metricType, String(index)) * 12 * 60);
        const time = `${String(8 + Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        series.ids.push(steadyUuid('demo-metric', date, metricType, String(index)));
        series.metricTypes.push(metricType);
        series.localTimes.push(`${date} ${time}`);
      }
    }
  }
  return new MetricsService(dataSource).addLocalSeries(series);
}
