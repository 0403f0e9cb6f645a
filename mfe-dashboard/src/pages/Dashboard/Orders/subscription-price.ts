import { centsOf, formatCents } from '../../../format/money';

/** "$2,998.00 a month": what a quantity of a package costs each billing cycle. */
export const monthly = (unitPrice: string, quantity: number) =>
  `${formatCents(centsOf(unitPrice) * quantity)} a month`;
