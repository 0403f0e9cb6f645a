import {
  DEFAULT_KPI_RANGE,
  type KpiRange,
  type KpiRangePreset,
  type KpiRangeQuery,
  kpiRangeQuerySchema,
} from '@portal/contracts';
import { formatCalendarDay } from '@portal/ui/format-date';
import { formatDay } from './calendar-date';

/** The range picker's choices, in its order. */
export const RANGE_CHOICES: readonly { preset: KpiRangePreset; label: string }[] = [
  { preset: '7d', label: 'Last 7 days' },
  { preset: '30d', label: 'Last 30 days' },
  { preset: '90d', label: 'Last 90 days' },
  { preset: 'month', label: 'This month' },
  { preset: 'custom', label: 'Custom range' },
];

/**
 * The range in the address (`?range=7d`, `?range=custom&from=…&to=…`), as the metrics query takes
 * it: undefined for the default (the last 30 days, the entry the Overview shares) and for anything
 * the contract refuses (a hand-edited address).
 */
export function rangeFromAddress(search: URLSearchParams): KpiRangeQuery | undefined {
  const range = search.get('range');
  if (!range || range === DEFAULT_KPI_RANGE) return undefined;
  const query =
    range === 'custom' ? { range, from: search.get('from') ?? '', to: search.get('to') ?? '' } : { range };
  return kpiRangeQuerySchema.safeParse(query).success ? (query as KpiRangeQuery) : undefined;
}

/** The address's query for a range (none for the default). */
export function addressOf(range: KpiRangeQuery | undefined): Record<string, string> {
  if (!range?.range || range.range === DEFAULT_KPI_RANGE) return {};
  if (range.range !== 'custom') return { range: range.range };
  return { range: 'custom', from: range.from ?? '', to: range.to ?? '' };
}

/** 'Dec 1, 2025 to Jan 31, 2026' when the range crosses a year (or is not this year's), else 'Nov 1 to Nov 24'. */
export function spanOf({ from, to }: Pick<KpiRange, 'from' | 'to'>, today: string): string {
  const sameYear = from.slice(0, 4) === to.slice(0, 4) && to.slice(0, 4) === today.slice(0, 4);
  const format = sameYear ? formatDay : formatCalendarDay;
  return from === to ? format(from) : `${format(from)} to ${format(to)}`;
}

/** The chart's heading: the preset's name, or the custom range's days. */
export function rangeTitle(range: KpiRange, today: string): string {
  if (range.preset === 'custom') return spanOf(range, today);
  return RANGE_CHOICES.find(({ preset }) => preset === range.preset)!.label;
}
