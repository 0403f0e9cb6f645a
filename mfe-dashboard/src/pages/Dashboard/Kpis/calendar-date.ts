import { lazyDateFormat } from '@portal/ui/format-date';

// Calendar dates (`YYYY-MM-DD`) are already days of the organisation's time zone: they are read and
// written as UTC so that no zone shifts them to the day before or after.

const dayFormat = lazyDateFormat({ month: 'short', day: 'numeric', timeZone: 'UTC' });
const weekdayFormat = lazyDateFormat({
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

const asUtc = (date: string) => new Date(`${date}T00:00:00Z`);

/** '2026-11-24' → 'Nov 24'. */
export const formatDay = (date: string): string => dayFormat.format(asUtc(date));

/** '2026-11-24' → 'Tue, Nov 24'. */
export const formatWeekday = (date: string): string => weekdayFormat.format(asUtc(date));

/** '2026-03-01' → '2026-02-28'. */
export function previousDay(date: string): string {
  const day = asUtc(date);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}
