import { createEventTables, dropEventTables } from '@portal/events';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The tables commerce owns: the catalog (`packages`), `orders` and `order_items` (money as
 * decimal(10,2)), the Stripe webhook events already handled (`stripe_events`), its outbox and
 * processed_events.
 */
export class InitialSchema1763900000000 implements MigrationInterface {
  name = 'InitialSchema1763900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE packages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(120) NOT NULL CHECK (btrim(name) <> ''),
        price decimal(10,2) NOT NULL CHECK (price >= 0),
        description text NOT NULL DEFAULT '',
        features jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(features) = 'array'),
        is_active boolean NOT NULL DEFAULT true,
        sort_order integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    await runner.query(`
      CREATE TABLE orders (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        organization_id uuid NULL,
        status varchar(16) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'completed', 'failed')),
        total decimal(10,2) NOT NULL CHECK (total >= 0),
        stripe_payment_intent_id varchar(255) NULL UNIQUE,
        idempotency_key varchar(255) NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        -- A retried checkout (same user, same key) finds its first order; NULL keys never clash.
        CONSTRAINT orders_user_id_idempotency_key_key UNIQUE (user_id, idempotency_key)
      )`);
    // A customer's orders, newest first.
    await runner.query('CREATE INDEX orders_user_id_created_at_idx ON orders (user_id, created_at DESC)');

    await runner.query(`
      CREATE TABLE order_items (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        package_id uuid NOT NULL REFERENCES packages (id),
        package_name varchar(120) NOT NULL,
        quantity integer NOT NULL DEFAULT 1 CHECK (quantity BETWEEN 1 AND 100),
        price decimal(10,2) NOT NULL CHECK (price >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT order_items_order_id_package_id_key UNIQUE (order_id, package_id)
      )`);

    await runner.query(`
      CREATE TABLE stripe_events (
        id varchar(255) PRIMARY KEY,
        type varchar(100) NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      )`);

    await createEventTables(runner);
  }

  async down(runner: QueryRunner): Promise<void> {
    await dropEventTables(runner);
    await runner.query('DROP TABLE stripe_events');
    await runner.query('DROP TABLE order_items');
    await runner.query('DROP TABLE orders');
    await runner.query('DROP TABLE packages');
  }
}
