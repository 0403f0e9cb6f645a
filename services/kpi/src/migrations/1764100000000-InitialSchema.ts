import { createEventTables, dropEventTables } from '@portal/events';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The tables kpi owns: `metrics` (one call, lead or conversion of a customer at a
 * moment, counted once per source event), the organisations' time zones it learns from identity's
 * events, its outbox and processed_events.
 */
export class InitialSchema1764100000000 implements MigrationInterface {
  name = 'InitialSchema1764100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE metrics (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        customer_id uuid NOT NULL,
        organization_id uuid NULL,
        metric_type varchar(16) NOT NULL CHECK (metric_type IN ('calls', 'leads', 'conversions')),
        occurred_at timestamptz NOT NULL,
        -- The event it was counted from: the same event delivered again is not counted again.
        source_event_id uuid NOT NULL UNIQUE,
        integration_id uuid NULL,
        recorded_at timestamptz NOT NULL DEFAULT now()
      )`);
    // A customer's metrics over a range of days.
    await runner.query(
      'CREATE INDEX metrics_customer_id_occurred_at_idx ON metrics (customer_id, occurred_at)',
    );

    await runner.query(`
      CREATE TABLE organizations (
        id uuid PRIMARY KEY,
        timezone varchar(64) NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await createEventTables(runner);
  }

  async down(runner: QueryRunner): Promise<void> {
    await dropEventTables(runner);
    await runner.query('DROP TABLE organizations');
    await runner.query('DROP TABLE metrics');
  }
}
