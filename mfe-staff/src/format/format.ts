const mediumDateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const mediumDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** "Nov 24, 2026, 3:30 PM", in the reader's time zone. */
export const formatDateTime = (iso: string): string => mediumDateTime.format(new Date(iso));
/** "Nov 24, 2026". */
export const formatDate = (iso: string): string => mediumDate.format(new Date(iso));

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "just now", "3 hours ago", "in 20 minutes". */
export function formatRelative(iso: string, now = Date.now()): string {
  let amount = (new Date(iso).getTime() - now) / 1000;
  if (Math.abs(amount) < 45) return 'just now';
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return relative.format(Math.round(amount), unit);
    amount /= size;
  }
  return relative.format(Math.round(amount), 'year');
}

const MONEY = /^(\d+)\.(\d{2})$/;
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "1499.00" → 149900, from the digits (no float drift). */
export function centsOf(amount: string): number {
  const match = MONEY.exec(amount);
  if (!match) throw new RangeError(`Not an amount such as 1499.00: ${amount}`);
  return Number(match[1]) * 100 + Number(match[2]);
}

/** "1499.00" → "$1,499.00". */
export const formatMoney = (amount: string): string => usd.format(centsOf(amount) / 100);

/** What a person typed as an amount ("25", "25.5", "$1,025.50") as the API's "25.50", or null. */
export function parseAmount(typed: string): string | null {
  const cleaned = typed.trim().replace(/^\$/, '').replace(/,/g, '');
  const match = /^(\d{1,8})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  return `${Number(match[1])}.${(match[2] ?? '').padEnd(2, '0')}`;
}

/** "in_progress" → "In progress". */
export const humanize = (value: string): string =>
  value.charAt(0).toUpperCase() + value.slice(1).replace(/_/g, ' ');
