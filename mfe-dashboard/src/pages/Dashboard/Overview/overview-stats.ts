import type { Order, Ticket } from '@portal/contracts';
import { centsOf } from '../../../format/money';

/** Money actually spent: the totals of completed orders, in whole cents (pending and failed cost nothing). */
export const spentCents = (orders: readonly Order[]): number =>
  orders
    .filter((order) => order.status === 'completed')
    .reduce((sum, order) => sum + centsOf(order.total), 0);

/** Only status 'open' counts as open. */
export const openCount = (tickets: readonly Ticket[]): number =>
  tickets.filter((ticket) => ticket.status === 'open').length;

/** The packages of completed orders, once each by package, named as the newest order names them. */
export function paidServices(orders: readonly Order[]): { packageId: string; name: string }[] {
  const services = new Map<string, string>();
  for (const order of orders) {
    if (order.status !== 'completed') continue;
    for (const { packageId, name } of order.items)
      if (!services.has(packageId)) services.set(packageId, name);
  }
  return [...services].map(([packageId, name]) => ({ packageId, name }));
}
