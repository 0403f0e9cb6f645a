import { lazyDateFormat } from '@portal/ui/format-date';

/** The reader's own time zone (the browser's), as IANA names it: "America/New_York". */
export const readerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

const when = lazyDateFormat({
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});
const timeOnly = lazyDateFormat({ hour: 'numeric', minute: '2-digit' });

/** "Tue, Dec 1, 2026, 10:00 AM EST – 10:30 AM" in the reader's time zone. */
export const formatSlot = (startsAt: string, endsAt: string): string =>
  `${when.format(new Date(startsAt))} – ${timeOnly.format(new Date(endsAt))}`;

/** A date ("2026-12-01") and time ("10:00") typed in the reader's time zone, as an instant; null if not one. */
export function instantOf(date: string, time: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const instant = new Date(`${date}T${time}`);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}
