import { randomUUID } from 'node:crypto';
import { asMigration, startForSuite } from '@portal/testing';
import { catalog } from '../packages/catalog.seed';
import { startCommerce } from '../test/commerce-harness';
import { Subscriptions1767500000000 } from './1767500000000-Subscriptions';

describe('migration 1767500000000-Subscriptions', () => {
  const stack = startForSuite(startCommerce);
  const query = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    stack().service.dataSource.query(sql, params) as Promise<T[]>;
  const [inbound, outbound] = catalog;

  /** An order as the rows of before this migration: no subscription of its own. */
  async function order(
    status: string,
    organizationId: string | null,
    paidAt: string | null,
  ): Promise<string> {
    const id = randomUUID();
    await query(
      `INSERT INTO orders (id, user_id, organization_id, status, total, paid_at) VALUES ($1, $2, $3, $4, '4997.00', $5)`,
      [id, randomUUID(), organizationId, status, paidAt],
    );
    await query(
      `INSERT INTO order_items (order_id, package_id, package_name, quantity, price)
       VALUES ($1, $2, 'Inbound Support', 2, '1499.00'), ($1, $3, 'Outbound Sales', 1, '1999.00')`,
      [id, inbound.id, outbound.id],
    );
    return id;
  }

  it('backfills a subscription per package of each paid order of an organization, once', async () => {
    const organizationId = randomUUID();
    const paid = await order('completed', organizationId, '2026-01-31T10:00:00.000Z');
    const pending = await order('pending', organizationId, null);
    const ownerless = await order('completed', null, '2026-01-31T10:00:00.000Z');
    await query('DELETE FROM subscriptions WHERE order_id = ANY($1::uuid[])', [[paid, pending, ownerless]]);

    for (let run = 0; run < 2; run += 1) {
      await asMigration(stack().service.dataSource, (runner) => new Subscriptions1767500000000().up(runner));
    }
    const rows = await query(
      `SELECT order_id, package_name, quantity, unit_price, status, started_at, current_period_end
         FROM subscriptions WHERE order_id = ANY($1::uuid[]) ORDER BY package_name`,
      [[paid, pending, ownerless]],
    );
    expect(rows).toEqual([
      expect.objectContaining({
        order_id: paid,
        package_name: 'Inbound Support',
        quantity: 2,
        unit_price: '1499.00',
        status: 'active',
        started_at: new Date('2026-01-31T10:00:00.000Z'),
        current_period_end: new Date('2026-02-28T10:00:00.000Z'),
      }),
      expect.objectContaining({ order_id: paid, package_name: 'Outbound Sales', quantity: 1 }),
    ]);
  });
});
