import { randomUUID } from 'node:crypto';
import { asMigration, startForSuite } from '@portal/testing';
import { startCommerce } from '../test/commerce-harness';
import { OrdersOwnedByOrganizations1765000000000 } from './1765000000000-OrdersOwnedByOrganizations';

describe('migration 1765000000000-OrdersOwnedByOrganizations', () => {
  const stack = startForSuite(startCommerce);
  const query = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    stack().service.dataSource.query(sql, params) as Promise<T[]>;

  /** Runs the migration's `up` once more, in a transaction, as TypeORM runs a migration. */
  const migrateAgain = () =>
    asMigration(stack().service.dataSource, (runner) =>
      new OrdersOwnedByOrganizations1765000000000().up(runner),
    );

  /** An order as it was stored before organizations owned data. */
  async function legacyOrder(userId: string, organizationId: string | null): Promise<string> {
    const [row] = await query<{ id: string }>(
      `INSERT INTO orders (user_id, organization_id, status, total) VALUES ($1, $2, 'completed', 10) RETURNING id`,
      [userId, organizationId],
    );
    return row.id;
  }
  const organizationOf = async (orderId: string) =>
    (
      await query<{ organization_id: string | null }>('SELECT organization_id FROM orders WHERE id = $1', [
        orderId,
      ])
    )[0].organization_id;

  it("gives a user's orders without organization the one organization their other orders name, and only that, twice alike", async () => {
    const [known, twoOrgs, unknown, x, y] = Array.from({ length: 5 }, () => randomUUID());
    const knownOrders = [await legacyOrder(known, null), await legacyOrder(known, null)];
    await legacyOrder(known, x);
    const ambiguous = await legacyOrder(twoOrgs, null);
    await legacyOrder(twoOrgs, x);
    await legacyOrder(twoOrgs, y);
    const unknownOrder = await legacyOrder(unknown, null);

    for (let run = 0; run < 2; run++) {
      await migrateAgain();
      for (const id of knownOrders) expect(await organizationOf(id)).toBe(x);
      // Which of two organizations is not for the migration to guess: the legacy claim decides.
      expect(await organizationOf(ambiguous)).toBeNull();
      expect(await organizationOf(unknownOrder)).toBeNull();
    }
  });

  it('indexes the orders by organization, newest first, and keys a checkout per member and organization', async () => {
    const indexes = await query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE tablename = 'orders' AND indexname IN
         ('orders_organization_id_created_at_id_idx', 'orders_user_id_organization_id_idempotency_key_key')
       ORDER BY indexname`,
    );
    expect(indexes.map((index) => index.indexdef)).toEqual([
      expect.stringContaining('(organization_id, created_at, id)'),
      expect.stringContaining(
        'UNIQUE INDEX orders_user_id_organization_id_idempotency_key_key ON public.orders USING btree (user_id, organization_id, idempotency_key)',
      ),
    ]);
  });
});
