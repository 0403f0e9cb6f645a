import { centsToMoney, moneyToCents } from '@portal/contracts';
import { demoCustomer } from '@portal/db';
import type { DataSource } from 'typeorm';
import { OrganizationNames } from '../organizations/organization-names.service';
import { catalog } from '../packages/catalog.seed';
import { OrdersService } from './orders.service';

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
 * as it is. Names their organization for the invoices (identity seeds it without an event). Returns
 * how many orders were added.
 */
export async function seedDemoOrders(dataSource: DataSource): Promise<number> {
  await new OrganizationNames(dataSource).rememberIfNew(
    demoCustomer.organizationId,
    demoCustomer.organizationName,
  );
  const orders = new OrdersService(dataSource);
  let added = 0;
  for (const order of demoOrders) {
    const totalCents = order.lines.reduce(
      (sum, line) => sum + moneyToCents(line.entry.price) * line.quantity,
      0,
    );
    const createdAt = await dataSource.transaction((manager) =>
      orders.insert(manager, {
        id: order.id,
        userId: demoCustomer.userId,
        organizationId: demoCustomer.organizationId,
        status: order.status,
        total: centsToMoney(totalCents),
        stripePaymentIntentId: `pi_demo_${order.id.slice(-3)}`,
        daysAgo: order.daysAgo,
        lines: order.lines.map(({ entry, quantity }) => ({
          packageId: entry.id,
          name: entry.name,
          quantity,
          price: entry.price,
        })),
      }),
    );
    if (createdAt) added += 1;
  }
  return added;
}
