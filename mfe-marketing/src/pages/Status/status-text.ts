import type { ServiceState, StatusPage, UptimeDay } from '@portal/contracts';
import { formatCalendarDay } from '@portal/ui/format-date';

/** 99.982 → "99.98%"; 100 → "100%"; null → "No data". Never rounds a figure below 100 up to 100. */
export function uptimeText(uptime: number | null): string {
  if (uptime === null) return 'No data';
  if (uptime >= 100) return '100%';
  const floored = Math.floor(uptime * 100) / 100;
  return `${floored.toFixed(2).replace(/\.?0+$/, '')}%`;
}

/**
 * "3:30 PM" in the reader's time zone, as `toLocaleTimeString('en-US', { hour: 'numeric', minute:
 * '2-digit' })` writes it, without loading ICU's date data.
 */
export function clockText(iso: string): string {
  const time = new Date(iso);
  const hours = time.getHours();
  const minutes = String(time.getMinutes()).padStart(2, '0');
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

const minutesText = (minutes: number) => `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;

/**
 * A day's bar: its colour class and its text for a tooltip and screen readers. Degraded minutes count
 * as up, but a day with any is never shown as a clean one.
 */
export function dayBar(day: UptimeDay): { kind: 'full' | 'partial' | 'down' | 'none'; label: string } {
  if (day.uptime === null) return { kind: 'none', label: `${formatCalendarDay(day.date)}: no data` };
  const kind =
    day.uptime >= 99.9 && day.degradedMinutes === 0 ? 'full' : day.uptime >= 95 ? 'partial' : 'down';
  const degraded = day.degradedMinutes > 0 ? `, ${minutesText(day.degradedMinutes)} degraded` : '';
  return { kind, label: `${formatCalendarDay(day.date)}: ${uptimeText(day.uptime)} uptime${degraded}` };
}

/** A service's figure under its bars: "99.5% uptime", or "Not measured yet". */
export const serviceUptimeText = (uptime: number | null) =>
  uptime === null ? 'Not measured yet' : `${uptimeText(uptime)} uptime`;

/**
 * The page's figure and the period it covers: "over the last 90 days" once every day was measured,
 * else how many were ("over 1 measured day of the last 90"), so a new install does not claim 90 days
 * it did not see.
 */
export function overallUptimeText(page: Pick<StatusPage, 'uptime' | 'services'>, total: number): string {
  if (page.uptime === null) return 'Uptime not measured yet';
  const measured = Array.from({ length: total }, (_, index) =>
    page.services.some((service) => (service.days[index]?.sampledMinutes ?? 0) > 0),
  ).filter(Boolean).length;
  const period =
    measured >= total
      ? `the last ${total} days`
      : `${measured} measured ${measured === 1 ? 'day' : 'days'} of the last ${total}`;
  return `${uptimeText(page.uptime)} uptime over ${period}`;
}

/** The 90 days in words: how many were sampled and how many had downtime. */
export function daysSummary(days: readonly UptimeDay[]): string {
  const sampled = days.filter((day) => day.uptime !== null);
  if (sampled.length === 0) return `${days.length} days, none measured yet`;
  const withDowntime = sampled.filter((day) => day.uptime! < 100).length;
  const noData = days.length - sampled.length;
  const parts = [`${days.length} days`];
  parts.push(withDowntime === 0 ? 'no downtime on any measured day' : `${withDowntime} with downtime`);
  if (noData > 0) parts.push(`${noData} without data`);
  return parts.join(', ');
}

export const OVERALL_TEXT: Record<ServiceState, string> = {
  operational: 'All systems operational',
  degraded: 'Some systems are degraded',
  outage: 'Some systems are down',
  unknown: 'Live status is not available right now',
};
