import { formatUsd } from '@portal/ui/format-number';

export { formatDate, formatDateTime, formatRelative } from '@portal/ui/format-date';

const MONEY = /^(\d+)\.(\d{2})$/;

/** "1499.00" → 149900, from the digits (no float drift). */
export function centsOf(amount: string): number {
  const match = MONEY.exec(amount);
  if (!match) throw new RangeError(`Not an amount such as 1499.00: ${amount}`);
  return Number(match[1]) * 100 + Number(match[2]);
}

/** "1499.00" → "$1,499.00". */
export const formatMoney = (amount: string): string => formatUsd(centsOf(amount) / 100);

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
