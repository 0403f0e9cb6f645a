import type { ServiceState, UptimeDay } from '@portal/contracts';

/** 99.982 → "99.98%"; 100 → "100%"; null → "No data". Never rounds a figure below 100 up to 100. */
export function uptimeText(uptime: number | null): string {
  if (uptime === null) return 'No data';
  if (uptime >= 100) return '100%';
  const floored = Math.floor(uptime * 100) / 100;
  return `${floored.toFixed(2).replace(/\.?0+$/, '')}%`;
}

/** "Nov 27, 2026" for a `YYYY-MM-DD` UTC day. */
export const dayText = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** A day's bar: its colour class and its text for a tooltip and screen readers. */
export function dayBar(day: UptimeDay): { kind: 'full' | 'partial' | 'down' | 'none'; label: string } {
  if (day.uptime === null) return { kind: 'none', label: `${dayText(day.date)}: no data` };
  const kind = day.uptime >= 99.9 ? 'full' : day.uptime >= 95 ? 'partial' : 'down';
  return { kind, label: `${dayText(day.date)}: ${uptimeText(day.uptime)} uptime` };
}

/** The 90 days in words: how many were sampled and how many had downtime. */
export function daysSummary(days: readonly UptimeDay[]): string {
  const sampled = days.filter((day) => day.uptime !== null);
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
