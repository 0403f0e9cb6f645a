import { type CartLead, centsToMoney, type Money, moneyToCents } from '@portal/contracts';
import type { StoredCart } from './contact-submission.entity';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const shown = (money: Money) => dollars.format(moneyToCents(money) / 100);

/** The cart with its monthly total, added up in whole cents from the items' prices and quantities. */
export function withTotal(cart: CartLead): StoredCart {
  const cents = cart.items.reduce((sum, { price, quantity }) => sum + moneyToCents(price) * quantity, 0);
  return { ...cart, total: centsToMoney(cents) };
}

/** The buyer's message followed by the cart, one line per item, as sales read it in the lead. */
export function messageWithCart(message: string, { items, total }: StoredCart): string {
  return [
    message,
    '',
    'Cart sent from checkout (prices per month):',
    ...items.map(
      ({ name, price, quantity }) =>
        `- ${name}: ${quantity} × ${shown(price)} = ${shown(centsToMoney(moneyToCents(price) * quantity))}`,
    ),
    `Total: ${shown(total)} per month`,
  ].join('\n');
}
