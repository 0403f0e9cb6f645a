import { BadRequestException } from '@nestjs/common';
import {
  type CartLine,
  centsToMoney,
  commerceMessages,
  MAX_ORDER_TOTAL_CENTS,
  type Money,
  moneyToCents,
} from '@portal/contracts';
import type { PackagePrice } from '../packages/packages.service';

export interface PricedLine {
  packageId: string;
  name: string;
  quantity: number;
  /** Unit price from the catalog. */
  price: Money;
}

export interface PricedCart {
  lines: PricedLine[];
  total: Money;
  totalCents: number;
}

/**
 * Prices a cart from the catalog alone: each line's unit price is the package's, the total is
 * Σ price × quantity in whole cents. A package that is not on sale is refused by id.
 */
export function priceCart(cart: CartLine[], onSale: PackagePrice[]): PricedCart {
  const byId = new Map(onSale.map((row) => [row.id.toLowerCase(), row]));
  const lines = cart.map((line): PricedLine => {
    const found = byId.get(line.packageId.toLowerCase());
    if (!found) throw new BadRequestException(`${commerceMessages.unknownPackage}: ${line.packageId}`);
    return { packageId: found.id, name: found.name, quantity: line.quantity, price: found.price };
  });
  const totalCents = lines.reduce((sum, line) => sum + moneyToCents(line.price) * line.quantity, 0);
  if (totalCents > MAX_ORDER_TOTAL_CENTS) throw new BadRequestException(commerceMessages.orderTooLarge);
  return { lines, total: centsToMoney(totalCents), totalCents };
}

/** Whether a cart asks for exactly these packages in these quantities (order of lines aside). */
export function sameCart(cart: CartLine[], ordered: { packageId: string; quantity: number }[]): boolean {
  const wanted = new Map(cart.map((line) => [line.packageId.toLowerCase(), line.quantity]));
  return (
    wanted.size === ordered.length &&
    ordered.every((item) => wanted.get(item.packageId.toLowerCase()) === item.quantity)
  );
}
