import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payments as Stripe plays them (issue 25): `payment_attempt` numbers the order's PaymentIntent
 * creations (Stripe's idempotency key is `order-<id>-attempt-<n>`; an order paid through the old key
 * `order-<id>` counts as attempt 1), the statuses `processing` and `canceled` with `canceled_at`
 * (set exactly while canceled), and a partial index for the sweep of unpaid orders.
 */
export class PaymentAttempts1764900000000 implements MigrationInterface {
  name = 'PaymentAttempts1764900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE orders
        ADD COLUMN IF NOT EXISTS payment_attempt integer NOT NULL DEFAULT 0 CHECK (payment_attempt >= 0),
        ADD COLUMN IF NOT EXISTS canceled_at timestamptz NULL`);
    await runner.query(
      'UPDATE orders SET payment_attempt = 1 WHERE stripe_payment_intent_id IS NOT NULL AND payment_attempt = 0',
    );
    await runner.query('ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_status_check');
    await runner.query(`
      ALTER TABLE orders ADD CONSTRAINT orders_status_check
        CHECK (status IN ('pending', 'processing', 'completed', 'failed', 'canceled'))`);
    await runner.query('ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_canceled_at_check');
    await runner.query(`
      ALTER TABLE orders ADD CONSTRAINT orders_canceled_at_check
        CHECK ((status = 'canceled') = (canceled_at IS NOT NULL))`);
    // The sweep's read: unpaid orders, oldest first.
    await runner.query(`
      CREATE INDEX IF NOT EXISTS orders_unpaid_created_at_idx ON orders (status, created_at)
        WHERE status IN ('pending', 'failed')`);
  }

  /** Fails while an order is processing or canceled: the old statuses could not say so. */
  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX IF EXISTS orders_unpaid_created_at_idx');
    await runner.query('ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_canceled_at_check');
    await runner.query('ALTER TABLE orders DROP CONSTRAINT orders_status_check');
    await runner.query(`
      ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN ('pending', 'completed', 'failed'))`);
    await runner.query('ALTER TABLE orders DROP COLUMN canceled_at, DROP COLUMN payment_attempt');
  }
}
