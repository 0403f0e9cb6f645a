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

export const formatPercent = (value: number): string => `${Math.round(value)}%`;
