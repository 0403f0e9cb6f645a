const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const withCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Sums from $1,000 up, and whole amounts, are shown without cents: '$30,000', '$15', '$12.50'. */
export function formatUsd(amount: number): string {
  return Number.isInteger(amount) || Math.abs(amount) >= 1000
    ? wholeDollars.format(amount)
    : withCents.format(amount);
}

/** A catalog price is never rounded: '$1,499' for whole dollars, '$1,499.99' otherwise. */
export function formatPrice(amount: number): string {
  return Number.isInteger(amount) ? wholeDollars.format(amount) : withCents.format(amount);
}

export const formatPercent = (value: number): string => `${Math.round(value)}%`;
