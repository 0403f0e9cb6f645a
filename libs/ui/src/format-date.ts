/**
 * An en-US date format made on its first use rather than when its module is evaluated: a page's first
 * Intl date format loads ICU's date data, 16–65 ms of one task on a slow phone, which a page that
 * shows no date should not pay (ADR 0238).
 */
export function lazyDateFormat(options: Intl.DateTimeFormatOptions): Pick<Intl.DateTimeFormat, 'format'> {
  let made: Intl.DateTimeFormat | undefined;
  return { format: (date) => (made ??= new Intl.DateTimeFormat('en-US', options)).format(date) };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A calendar day (`YYYY-MM-DD`, a day of no zone) as `Intl.DateTimeFormat('en-US')` writes it in UTC,
 * "Nov 27, 2026", but from its own fields: no zone can shift it, and no ICU data is loaded (the status
 * page writes 450 of them in one render).
 */
export function formatCalendarDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${MONTHS[month - 1]} ${day}, ${year}`;
}

const mediumDate = lazyDateFormat({ dateStyle: 'medium' });

/** An ISO date-time as a US reader expects it, in their own time zone: "Nov 24, 2026". */
export const formatDate = (iso: string): string => mediumDate.format(new Date(iso));

const mediumDateTime = lazyDateFormat({ dateStyle: 'medium', timeStyle: 'short' });

/** An ISO date-time with its time of day, in the reader's time zone: "Nov 24, 2026, 3:30 PM". */
export const formatDateTime = (iso: string): string => mediumDateTime.format(new Date(iso));

let relative: Intl.RelativeTimeFormat | undefined;
const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** How long ago an ISO date-time was, as a reader says it: "just now", "3 hours ago", "yesterday". */
export function formatRelative(iso: string, now = Date.now()): string {
  let amount = (new Date(iso).getTime() - now) / 1000;
  if (Math.abs(amount) < 45) return 'just now';
  relative ??= new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return relative.format(Math.round(amount), unit);
    amount /= size;
  }
  return relative.format(Math.round(amount), 'year');
}
