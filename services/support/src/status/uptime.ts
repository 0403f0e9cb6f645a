import {
  type MeasuredState,
  type ServiceState,
  STATUS_HISTORY_DAYS,
  type UptimeDay,
} from '@portal/contracts';

const DAY_MS = 24 * 60 * 60_000;

/** One service's sampled minutes on one UTC day, as the database counts them. */
export interface DayCount {
  /** `YYYY-MM-DD` (UTC). */
  day: string;
  sampled: number;
  /** Minutes not in outage (`degraded` answers, so it counts as up). */
  up: number;
  /** Minutes degraded: up, and shown on the day's bar. */
  degraded: number;
}

/** The UTC days the page shows, oldest first, ending with `now`'s day. */
export function historyDays(now: Date, days = STATUS_HISTORY_DAYS): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, index) =>
    new Date(today - (days - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  );
}

/** The first minute counted: midnight UTC of the oldest day shown. */
export const historyStart = (now: Date, days = STATUS_HISTORY_DAYS): Date =>
  new Date(`${historyDays(now, days)[0]}T00:00:00.000Z`);

/** A percentage with three decimals (99.931), so 99.9 is not rounded up to 100 before it is shown. */
const percent = (up: number, sampled: number) => Math.round((up / sampled) * 100_000) / 1000;

/**
 * Each day's uptime from its counts: a day without samples is "no data" (`null`), never 100%; the
 * whole period's uptime is over the sampled minutes only (null when none).
 */
export function uptimeOf(
  counts: readonly DayCount[],
  days: readonly string[],
): { days: UptimeDay[]; uptime: number | null; sampled: number; up: number } {
  const byDay = new Map(counts.map((count) => [count.day, count]));
  let sampled = 0;
  let up = 0;
  const result = days.map((date): UptimeDay => {
    const count = byDay.get(date);
    if (!count || count.sampled === 0) return { date, uptime: null, sampledMinutes: 0, degradedMinutes: 0 };
    sampled += count.sampled;
    up += count.up;
    return {
      date,
      uptime: percent(count.up, count.sampled),
      sampledMinutes: count.sampled,
      degradedMinutes: count.degraded,
    };
  });
  return { days: result, uptime: sampled === 0 ? null : percent(up, sampled), sampled, up };
}

/** `a` and `b` over several services: the whole page's figure. */
export const overallUptime = (totals: readonly { sampled: number; up: number }[]): number | null => {
  const sampled = totals.reduce((sum, total) => sum + total.sampled, 0);
  const up = totals.reduce((sum, total) => sum + total.up, 0);
  return sampled === 0 ? null : percent(up, sampled);
};

const RANK: Record<ServiceState, number> = { operational: 0, unknown: 1, degraded: 2, outage: 3 };

/** The worse of states (`unknown` is worse than operational, better than degraded). */
export const worstState = (states: readonly ServiceState[]): ServiceState =>
  states.reduce<ServiceState>((worst, state) => (RANK[state] > RANK[worst] ? state : worst), 'operational');

/**
 * A service's state on the page: the measured one (`null` when no recent sample), made worse by the
 * impact of an open incident that names it; without either, `unknown`.
 */
export function serviceState(
  measured: MeasuredState | null,
  incidentImpact: MeasuredState | null,
): ServiceState {
  if (measured === null && incidentImpact === null) return 'unknown';
  return worstState([measured ?? 'operational', incidentImpact ?? 'operational']);
}
