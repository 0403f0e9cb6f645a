import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Orders outlive a deleted account (accounting keeps them) without saying whose they were: `user_id`
 * may be NULL, and `user_deleted_at` says when the account went. One is set exactly when the other is not.
 */
export class OrdersOfDeletedAccounts1764700000000 implements MigrationInterface {
  name = 'OrdersOfDeletedAccounts1764700000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE orders ALTER COLUMN user_id DROP NOT NULL');
    await runner.query('ALTER TABLE orders ADD COLUMN user_deleted_at timestamptz NULL');
    await runner.query(`
      ALTER TABLE orders ADD CONSTRAINT orders_user_id_or_deleted_check
        CHECK ((user_id IS NULL) = (user_deleted_at IS NOT NULL))`);
  }

  /** Fails while an order of a deleted account exists: nothing could name its user again. */
  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE orders DROP CONSTRAINT orders_user_id_or_deleted_check');
    await runner.query('ALTER TABLE orders DROP COLUMN user_deleted_at');
    await runner.query('ALTER TABLE orders ALTER COLUMN user_id SET NOT NULL');
  }
}
