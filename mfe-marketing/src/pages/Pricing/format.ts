import { formatUsd as usd } from '@portal/ui/format-number';

/** Sums from $1,000 up, and whole amounts, are shown without cents: '$30,000', '$15', '$12.50'. */
export function formatUsd(amount: number): string {
  return usd(amount, { cents: !Number.isInteger(amount) && Math.abs(amount) < 1000 });
}

/** A catalog price is never rounded: '$1,499' for whole dollars, '$1,499.99' otherwise. */
export function formatPrice(amount: number): string {
  return usd(amount, { cents: !Number.isInteger(amount) });
}

export const formatPercent = (value: number): string => `${Math.round(value)}%`;
