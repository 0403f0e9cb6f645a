import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Order detail, invoices and refunds (issue 19, ADRs 0188 and 0189):
 * - `order_payment_events`: each order's payment history (created, processing, paid, failed, canceled,
 *   refunded, refund_failed), oldest first; backfilled from what the orders say today (created at
 *   `created_at`; paid, processing or failed at `updated_at`, the time of their last move; canceled at
 *   `canceled_at`).
 * - `orders.paid_at`, and `orders.invoice_number`: the paid order's number in its organization's
 *   sequence, kept gap-free by `invoice_sequences` (one row per organization, incremented in the
 *   transaction that marks the order paid, so a rollback takes its number back). Paid orders of today
 *   are numbered by the time they were paid.
 * - `order_refunds`: staff refunds as Stripe has them (`re_…`, amount, status, failure reason).
 * - indexes for the cursor pages: the organization's orders and every order, newest first.
 * Idempotent: a second run finds the tables, the numbers and the history in place.
 */
export class PaymentHistoryInvoicesRefunds1766200000000 implements MigrationInterface {
  name = 'PaymentHistoryInvoicesRefunds1766200000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE IF NOT EXISTS order_payment_events (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        kind varchar(16) NOT NULL
          CHECK (kind IN ('created', 'processing', 'paid', 'failed', 'canceled', 'refunded', 'refund_failed')),
        amount decimal(10, 2) NULL CHECK (amount >= 0),
        note varchar(500) NULL,
        reference varchar(255) NULL,
        occurred_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await runner.query(`
      CREATE INDEX IF NOT EXISTS order_payment_events_order_id_idx
        ON order_payment_events (order_id, occurred_at, created_at)`);
    await runner.query(`
      ALTER TABLE orders
        ADD COLUMN IF NOT EXISTS paid_at timestamptz NULL,
        ADD COLUMN IF NOT EXISTS invoice_number integer NULL CHECK (invoice_number > 0),
        ADD COLUMN IF NOT EXISTS invoice_issued_at timestamptz NULL`);
    await runner.query(`
      CREATE UNIQUE INDEX IF NOT EXISTS orders_organization_id_invoice_number_key
        ON orders (organization_id, invoice_number) WHERE invoice_number IS NOT NULL`);
    await runner.query(`
      CREATE TABLE IF NOT EXISTS invoice_sequences (
        organization_id uuid PRIMARY KEY,
        last_number integer NOT NULL CHECK (last_number > 0)
      )`);
    await runner.query(`
      CREATE TABLE IF NOT EXISTS order_refunds (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        stripe_refund_id varchar(255) NULL UNIQUE,
        amount decimal(10, 2) NOT NULL CHECK (amount > 0),
        status varchar(16) NOT NULL
          CHECK (status IN ('pending', 'requires_action', 'succeeded', 'failed', 'canceled')),
        reason varchar(32) NULL CHECK (reason IN ('duplicate', 'fraudulent', 'requested_by_customer')),
        failure_reason varchar(500) NULL,
        requested_by uuid NULL,
        idempotency_key varchar(255) NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(
      'CREATE INDEX IF NOT EXISTS order_refunds_order_id_idx ON order_refunds (order_id, created_at)',
    );
    await runner.query(`
      CREATE UNIQUE INDEX IF NOT EXISTS order_refunds_requested_by_idempotency_key_key
        ON order_refunds (requested_by, idempotency_key) WHERE idempotency_key IS NOT NULL`);
    // Pages: the organization's orders newest first (the old index runs oldest first), and staff's list.
    await runner.query(`
      CREATE INDEX IF NOT EXISTS orders_organization_id_created_at_desc_idx
        ON orders (organization_id, created_at DESC, id DESC)`);
    await runner.query(
      'CREATE INDEX IF NOT EXISTS orders_created_at_desc_idx ON orders (created_at DESC, id DESC)',
    );

    // Backfill: the history each order can tell today, once.
    await runner.query(`
      INSERT INTO order_payment_events (order_id, kind, amount, reference, occurred_at)
      SELECT o.id, 'created', o.total, NULL, o.created_at FROM orders o
      WHERE NOT EXISTS (SELECT 1 FROM order_payment_events e WHERE e.order_id = o.id)`);
    await runner.query(`
      INSERT INTO order_payment_events (order_id, kind, amount, reference, occurred_at)
      SELECT o.id,
        CASE o.status WHEN 'completed' THEN 'paid' ELSE o.status END,
        CASE o.status WHEN 'completed' THEN o.total END,
        o.stripe_payment_intent_id,
        CASE o.status WHEN 'canceled' THEN o.canceled_at ELSE o.updated_at END
      FROM orders o
      WHERE o.status IN ('completed', 'processing', 'failed', 'canceled')
        AND NOT EXISTS (SELECT 1 FROM order_payment_events e WHERE e.order_id = o.id AND e.kind <> 'created')`);
    await runner.query(
      `UPDATE orders SET paid_at = updated_at WHERE status = 'completed' AND paid_at IS NULL`,
    );
    await runner.query(`
      UPDATE orders SET invoice_number = numbered.number, invoice_issued_at = numbered.paid_at
      FROM (
        SELECT id, paid_at, coalesce(last.last_number, 0)
          + row_number() OVER (PARTITION BY o.organization_id ORDER BY o.paid_at, o.id) AS number
        FROM orders o LEFT JOIN invoice_sequences last ON last.organization_id = o.organization_id
        WHERE o.status = 'completed' AND o.organization_id IS NOT NULL AND o.invoice_number IS NULL
      ) AS numbered
      WHERE orders.id = numbered.id`);
    await runner.query(`
      INSERT INTO invoice_sequences (organization_id, last_number)
      SELECT organization_id, max(invoice_number) FROM orders
      WHERE invoice_number IS NOT NULL GROUP BY organization_id
      ON CONFLICT (organization_id) DO UPDATE SET last_number = EXCLUDED.last_number`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX IF EXISTS orders_created_at_desc_idx');
    await runner.query('DROP INDEX IF EXISTS orders_organization_id_created_at_desc_idx');
    await runner.query('DROP TABLE IF EXISTS order_refunds');
    await runner.query('DROP TABLE IF EXISTS invoice_sequences');
    await runner.query('DROP INDEX IF EXISTS orders_organization_id_invoice_number_key');
    await runner.query(
      'ALTER TABLE orders DROP COLUMN IF EXISTS invoice_issued_at, DROP COLUMN IF EXISTS invoice_number, DROP COLUMN IF EXISTS paid_at',
    );
    await runner.query('DROP TABLE IF EXISTS order_payment_events');
  }
}
