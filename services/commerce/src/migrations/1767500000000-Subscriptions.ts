import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Subscriptions and money-back refund requests (issue 24, ADR 0233):
 * - `subscriptions`: one per package (order item) of a paid order of an organization, billed monthly
 *   from `started_at` (the order's payment): the current period, a change waiting for the next period
 *   (`pending_*`), and a cancellation's notice (`cancel_requested_at`, `ends_at`).
 * - `subscription_refund_requests`: at most one per subscription; staff approve it (then `order_refund_id`
 *   names the refund in `order_refunds`) or decline it with a reason.
 * Backfill: a subscription for each item of every paid order of today, period 0 from its payment (the
 * service brings the period up to date when it reads it). Idempotent: a second run adds nothing.
 */
export class Subscriptions1767500000000 implements MigrationInterface {
  name = 'Subscriptions1767500000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE IF NOT EXISTS subscriptions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL,
        order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        order_item_id uuid NOT NULL UNIQUE REFERENCES order_items (id) ON DELETE CASCADE,
        package_id uuid NOT NULL,
        package_name varchar(120) NOT NULL,
        unit_price decimal(10, 2) NOT NULL CHECK (unit_price >= 0),
        quantity integer NOT NULL CHECK (quantity > 0),
        status varchar(16) NOT NULL DEFAULT 'active'
          CHECK (status IN ('active', 'canceling', 'canceled', 'refunded')),
        started_at timestamptz NOT NULL,
        current_period_start timestamptz NOT NULL,
        current_period_end timestamptz NOT NULL CHECK (current_period_end > current_period_start),
        pending_package_id uuid NULL,
        pending_package_name varchar(120) NULL,
        pending_unit_price decimal(10, 2) NULL,
        pending_quantity integer NULL CHECK (pending_quantity > 0),
        cancel_requested_at timestamptz NULL,
        ends_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((pending_package_id IS NULL) = (pending_quantity IS NULL)),
        CHECK ((status = 'active') = (ends_at IS NULL))
      )`);
    await runner.query(`
      CREATE INDEX IF NOT EXISTS subscriptions_organization_id_idx
        ON subscriptions (organization_id, started_at, id)`);
    await runner.query(`
      CREATE TABLE IF NOT EXISTS subscription_refund_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        subscription_id uuid NOT NULL UNIQUE REFERENCES subscriptions (id) ON DELETE CASCADE,
        amount decimal(10, 2) NOT NULL CHECK (amount > 0),
        reason varchar(1000) NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'requested'
          CHECK (status IN ('requested', 'approved', 'declined')),
        requested_by uuid NULL,
        requested_at timestamptz NOT NULL DEFAULT now(),
        decided_by uuid NULL,
        decided_at timestamptz NULL,
        decline_reason varchar(1000) NULL,
        order_refund_id uuid NULL REFERENCES order_refunds (id),
        CHECK ((status = 'requested') = (decided_at IS NULL))
      )`);
    await runner.query(`
      CREATE INDEX IF NOT EXISTS subscription_refund_requests_status_idx
        ON subscription_refund_requests (status, requested_at)`);

    await runner.query(`
      INSERT INTO subscriptions (organization_id, order_id, order_item_id, package_id, package_name,
        unit_price, quantity, started_at, current_period_start, current_period_end)
      SELECT o.organization_id, o.id, i.id, i.package_id, i.package_name, i.price, i.quantity,
        o.paid_at, o.paid_at, ((o.paid_at AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC'
      FROM orders o JOIN order_items i ON i.order_id = o.id
      WHERE o.status = 'completed' AND o.organization_id IS NOT NULL AND o.paid_at IS NOT NULL
      ON CONFLICT (order_item_id) DO NOTHING`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE IF EXISTS subscription_refund_requests');
    await runner.query('DROP TABLE IF EXISTS subscriptions');
  }
}
