import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Outbound webhooks (ADR 0202): an organization's endpoints (the signing secret sealed by SecretBox),
 * the deliveries made to them from events (one per endpoint and event id), and every attempt of each.
 */
export class Webhooks1766400100000 implements MigrationInterface {
  name = 'Webhooks1766400100000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE webhook_endpoints (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL,
        url varchar(2000) NOT NULL,
        events text[] NOT NULL CHECK (cardinality(events) > 0),
        description varchar(200) NULL,
        signing_secret text NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'failing', 'disabled')),
        failing_since timestamptz NULL,
        created_by uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((status = 'failing') = (failing_since IS NOT NULL))
      )`);
    await runner.query(
      'CREATE INDEX webhook_endpoints_organization_id_idx ON webhook_endpoints (organization_id, created_at)',
    );
    await runner.query(`
      CREATE TABLE webhook_deliveries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        endpoint_id uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
        organization_id uuid NOT NULL,
        event_id uuid NOT NULL,
        event_type varchar(100) NOT NULL,
        request_body text NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'pending'
          CHECK (status IN ('pending', 'retrying', 'succeeded', 'failed')),
        attempt_count integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NULL,
        retry_until timestamptz NOT NULL,
        lease_until timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT webhook_deliveries_endpoint_event_key UNIQUE (endpoint_id, event_id),
        CHECK ((status IN ('pending', 'retrying')) = (next_attempt_at IS NOT NULL))
      )`);
    // The worker's claim: due rows only, soonest first.
    await runner.query(`CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at)
      WHERE status IN ('pending', 'retrying')`);
    // The delivery log: an endpoint's deliveries newest first.
    await runner.query(
      'CREATE INDEX webhook_deliveries_endpoint_created_idx ON webhook_deliveries (endpoint_id, created_at DESC, id DESC)',
    );
    await runner.query(`
      CREATE TABLE webhook_attempts (
        delivery_id uuid NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
        attempt integer NOT NULL CHECK (attempt > 0),
        at timestamptz NOT NULL,
        duration_ms integer NOT NULL CHECK (duration_ms >= 0),
        response_status smallint NULL,
        response_body text NULL,
        error varchar(300) NULL,
        PRIMARY KEY (delivery_id, attempt)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE webhook_attempts');
    await runner.query('DROP TABLE webhook_deliveries');
    await runner.query('DROP TABLE webhook_endpoints');
  }
}
