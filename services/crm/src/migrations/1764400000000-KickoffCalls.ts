import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each organisation's kickoff call with the onboarding team (one per organisation; a customer outside
 * any organisation books their own), and the Calendly event when it was booked through the widget.
 */
export class KickoffCalls1764400000000 implements MigrationInterface {
  name = 'KickoffCalls1764400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE kickoff_calls (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id uuid NOT NULL,
        organization_id uuid NULL,
        customer_id uuid NOT NULL,
        event_uri varchar(500) NULL,
        booked_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT kickoff_calls_owner_id_key UNIQUE (owner_id),
        CHECK (owner_id = coalesce(organization_id, customer_id))
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE kickoff_calls');
  }
}
