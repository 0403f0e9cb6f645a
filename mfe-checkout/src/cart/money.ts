import { formatUsd } from '@portal/ui/format-number';

/** An amount charged, to the cent: '$1,499.00'. */
export const formatMoney = (amount: number): string => formatUsd(amount);
