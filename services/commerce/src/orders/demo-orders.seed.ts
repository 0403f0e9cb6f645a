import { centsToMoney, moneyToCents } from '@portal/contracts';
import { demoCustomer } from '@portal/db';
import type { DataSource } from 'typeorm';
import { catalog } from '../packages/catalog.seed';

const [inbound, outbound, automation, marketing] = catalog;

/** The demo customer's order history: two paid orders and a card that was declined. */
const demoOrders = [
  {
    id: '5b1f7a2e-93c4-4d6b-8e21-d3e0c0de0201',
    status: 'completed',
    daysAgo: 41,
    lines: [
      { entry: inbound, quantity: 1 },
      { entry: automation, quantity: 1 },
    ],
  },
  {
    id: 'c84d2e6a-1f57-4b9c-a3d8-d3e0c0de0202',
    status: 'completed',
    daysAgo: 12,
    lines: [{ entry: outbound, quantity: 2 }],
  },
  {
    id: 'f29a6c0b-7e18-4c35-9b4f-d3e0c0de0203',
    status: 'failed',
    daysAgo: 3,
    lines: [{ entry: marketing, quantity: 1 }],
  },
] as const;

/**
 * Adds the demo customer's orders, at catalog prices, under fixed ids; an order already there is left
 * as it is. Returns how many were added.
 */
export async function seedDemoOrders(dataSource: DataSource): Promise<number> {
  let added = 0;
  for (const order of demoOrders) {
    const totalCents = order.lines.reduce(
      (sum, line) => sum + moneyToCents(line.entry.price) * line.quantity,
      0,
    );
    await dataSource.transaction(async (manager) => {
      const inserted: unknown[] = await manager.query(
        `INSERT INTO orders (id, user_id, organization_id, status, total, stripe_payment_intent_id, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, now() - make_interval(days => $7), now() - make_interval(days => $7))
         ON CONFLICT (id) DO NOTHING
         RETURNING id`,
        [
          order.id,
          demoCustomer.userId,
          demoCustomer.organizationId,
          order.status,
          centsToMoney(totalCents),
          `pi_demo_${order.id.slice(-3)}`,
          order.daysAgo,
        ],
      );
      if (inserted.length === 0) return;
      added += 1;
      for (const { entry, quantity } of order.lines) {
        await manager.query(
          `INSERT INTO order_items (order_id, package_id, package_name, quantity, price, created_at)
           VALUES ($1, $2, $3, $4, $5, now() - make_interval(days => $6))`,
          [order.id, entry.id, entry.name, quantity, entry.price, order.daysAgo],
        );
      }
    });
  }
  return added;
}
