import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The public API's part in support (ADR 0201):
 * - `agents`, the company's people staff assign to customers' accounts (email unique, stored lowercased),
 *   and `agent_assignments` (which agent serves which organization, since when).
 * - on `tickets`: the API caller's own `customer_reference` and `callback_url`, the `assigned_agent_id`
 *   (the account's agent with the fewest open tickets when it opened) and the `api_key_id` of a ticket
 *   opened through the API (null for the dashboard's).
 * - `idempotency_keys`: the first answer of a `POST /v1/tickets` per organization and `Idempotency-Key`,
 *   with a hash of the request it answered, replayed for 24 hours and purged after.
 * The `/v1/tickets` list pages on the existing `tickets_organization_id_created_at_id_idx`; agents'
 * open tickets are counted on a partial index of the open ones.
 */
export class AgentsAndPublicApi1766500000000 implements MigrationInterface {
  name = 'AgentsAndPublicApi1766500000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE agents (
        id uuid PRIMARY KEY,
        name varchar(100) NOT NULL CHECK (btrim(name) <> ''),
        title varchar(100) NOT NULL CHECK (btrim(title) <> ''),
        email varchar(254) NOT NULL CHECK (email = lower(email) AND position('@' IN email) > 1),
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT agents_email_key UNIQUE (email)
      )`);
    await runner.query(`
      CREATE TABLE agent_assignments (
        agent_id uuid NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
        organization_id uuid NOT NULL,
        assigned_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (agent_id, organization_id)
      )`);
    await runner.query(
      'CREATE INDEX agent_assignments_organization_id_idx ON agent_assignments (organization_id, assigned_at, agent_id)',
    );
    await runner.query(`
      ALTER TABLE tickets
        ADD COLUMN customer_reference text CHECK (char_length(customer_reference) <= 255),
        ADD COLUMN callback_url text CHECK (char_length(callback_url) <= 2000),
        ADD COLUMN assigned_agent_id uuid REFERENCES agents (id) ON DELETE SET NULL,
        ADD COLUMN api_key_id uuid`);
    await runner.query(
      `CREATE INDEX tickets_open_assigned_agent_id_idx ON tickets (assigned_agent_id)
       WHERE status IN ('open', 'in_progress') AND assigned_agent_id IS NOT NULL`,
    );
    await runner.query(`
      CREATE TABLE idempotency_keys (
        organization_id uuid NOT NULL,
        key varchar(255) NOT NULL,
        request_hash char(64) NOT NULL,
        status_code smallint NOT NULL,
        response jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (organization_id, key)
      )`);
    await runner.query('CREATE INDEX idempotency_keys_created_at_idx ON idempotency_keys (created_at)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE idempotency_keys');
    await runner.query('DROP INDEX tickets_open_assigned_agent_id_idx');
    await runner.query(`
      ALTER TABLE tickets
        DROP COLUMN api_key_id,
        DROP COLUMN assigned_agent_id,
        DROP COLUMN callback_url,
        DROP COLUMN customer_reference`);
    await runner.query('DROP TABLE agent_assignments');
    await runner.query('DROP TABLE agents');
  }
}
