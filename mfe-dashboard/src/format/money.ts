import { formatUsd } from '@portal/ui/format-number';

/**
 * Money as the API sends it: a decimal string with two places ("1499.00", a PostgreSQL `decimal(10,2)`).
 * Sums are made in whole cents so no binary-float drift shows; only the display goes through a float.
 * (The contracts' `moneyToCents` validates with zod, which this section does not load.)
 */
const MONEY = /^(\d+)\.(\d{2})$/;

/** "1499.00" → 149900, read from the digits. */
export function centsOf(amount: string): number {
  const match = MONEY.exec(amount);
  if (!match) throw new RangeError(`Not an amount such as 1499.00: ${amount}`);
  return Number(match[1]) * 100 + Number(match[2]);
}

/** 149900 → "$1,499.00". */
export const formatCents = (cents: number): string => formatUsd(cents / 100);

/** "1499.00" → "$1,499.00". */
export const formatMoney = (amount: string): string => formatCents(centsOf(amount));
