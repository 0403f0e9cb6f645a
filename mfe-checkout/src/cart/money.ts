const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** An amount charged, to the cent: '$1,499.00'. */
export const formatMoney = (amount: number): string => usd.format(amount);
