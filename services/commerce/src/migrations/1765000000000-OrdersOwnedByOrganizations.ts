import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Orders belong to their organization (ADR 0184): the Orders tab reads them by organization, newest
 * first; an order placed before organizations owned data takes the organization its user's other
 * orders name, when they name exactly one (the rest waits for identity's `portal.memberships.changed`
 * with `claimsLegacyData`). A checkout's idempotency key is the member's within one organization.
 * Set-based and idempotent: a second run finds nothing to backfill and the indexes in place.
 */
export class OrdersOwnedByOrganizations1765000000000 implements MigrationInterface {
  name = 'OrdersOwnedByOrganizations1765000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      'CREATE INDEX IF NOT EXISTS orders_organization_id_created_at_id_idx ON orders (organization_id, created_at, id)',
    );
    await runner.query(`
      UPDATE orders SET organization_id = known.organization_id
      FROM (
        SELECT user_id, (array_agg(DISTINCT organization_id))[1] AS organization_id
        FROM orders
        WHERE user_id IS NOT NULL AND organization_id IS NOT NULL
        GROUP BY user_id
        HAVING count(DISTINCT organization_id) = 1
      ) AS known
      WHERE orders.user_id = known.user_id AND orders.organization_id IS NULL`);
    await runner.query('ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_user_id_idempotency_key_key');
    await runner.query(`
      DO $$ BEGIN
        ALTER TABLE orders ADD CONSTRAINT orders_user_id_organization_id_idempotency_key_key
          UNIQUE (user_id, organization_id, idempotency_key);
      EXCEPTION WHEN duplicate_table THEN NULL;
      END $$`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(
      'ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_user_id_organization_id_idempotency_key_key',
    );
    await runner.query(
      'ALTER TABLE orders ADD CONSTRAINT orders_user_id_idempotency_key_key UNIQUE (user_id, idempotency_key)',
    );
    await runner.query('DROP INDEX IF EXISTS orders_organization_id_created_at_id_idx');
  }
}
