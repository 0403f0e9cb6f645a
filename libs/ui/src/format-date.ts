const mediumDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** An ISO date-time as a US reader expects it, in their own time zone: "Nov 24, 2026". */
export const formatDate = (iso: string): string => mediumDate.format(new Date(iso));

const mediumDateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** An ISO date-time with its time of day, in the reader's time zone: "Nov 24, 2026, 3:30 PM". */
export const formatDateTime = (iso: string): string => mediumDateTime.format(new Date(iso));

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
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
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return relative.format(Math.round(amount), unit);
    amount /= size;
  }
  return relative.format(Math.round(amount), 'year');
}
