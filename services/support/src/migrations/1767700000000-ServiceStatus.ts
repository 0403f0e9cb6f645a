import { createAttemptsTable } from '@portal/db';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The public status page (ADR 0235):
 * - `status_samples`: one row per customer-facing service and UTC minute with the worst state the
 *   gateway's samplers saw in it (primary key (service, minute): replicas and redeliveries upsert the
 *   same row). Rows older than 91 days are pruned.
 * - `status_incidents` and `status_incident_updates`: what staff open, update and resolve.
 * - `status_subscribers`: emails that asked for incident mails; confirmed (double opt-in) before any
 *   incident mail goes out (only a hash of the confirmation link's token is kept); each has its own
 *   unsubscribe token, put in every incident mail.
 * - `status_attempts`: subscription requests per client address and per email, bounded (anti-spam).
 */
export class ServiceStatus1767700000000 implements MigrationInterface {
  name = 'ServiceStatus1767700000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE status_samples (
        service varchar(40) NOT NULL,
        minute timestamptz NOT NULL CHECK (date_trunc('minute', minute) = minute),
        state varchar(12) NOT NULL CHECK (state IN ('operational', 'degraded', 'outage')),
        sampled_at timestamptz NOT NULL,
        PRIMARY KEY (service, minute)
      )`);
    await runner.query(`CREATE INDEX status_samples_minute_idx ON status_samples (minute)`);
    await runner.query(`
      CREATE TABLE status_incidents (
        id uuid PRIMARY KEY,
        title varchar(200) NOT NULL CHECK (btrim(title) <> ''),
        impact varchar(12) NOT NULL CHECK (impact IN ('degraded', 'outage')),
        status varchar(16) NOT NULL CHECK (status IN ('investigating', 'identified', 'monitoring', 'resolved')),
        services text[] NOT NULL CHECK (cardinality(services) > 0),
        started_at timestamptz NOT NULL DEFAULT now(),
        resolved_at timestamptz,
        opened_by uuid NOT NULL,
        CHECK ((status = 'resolved') = (resolved_at IS NOT NULL))
      )`);
    await runner.query(
      `CREATE INDEX status_incidents_open_idx ON status_incidents (started_at DESC) WHERE resolved_at IS NULL`,
    );
    await runner.query(
      `CREATE INDEX status_incidents_resolved_at_idx ON status_incidents (resolved_at DESC)`,
    );
    await runner.query(`
      CREATE TABLE status_incident_updates (
        id uuid PRIMARY KEY,
        incident_id uuid NOT NULL REFERENCES status_incidents (id) ON DELETE CASCADE,
        status varchar(16) NOT NULL CHECK (status IN ('investigating', 'identified', 'monitoring', 'resolved')),
        message text NOT NULL CHECK (btrim(message) <> ''),
        created_by uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(
      `CREATE INDEX status_incident_updates_incident_idx ON status_incident_updates (incident_id, created_at DESC)`,
    );
    await runner.query(`
      CREATE TABLE status_subscribers (
        id uuid PRIMARY KEY,
        email varchar(254) NOT NULL CHECK (email = lower(email)),
        confirm_token_hash char(64),
        unsubscribe_token varchar(64) NOT NULL,
        requested_at timestamptz NOT NULL DEFAULT now(),
        confirmed_at timestamptz,
        CHECK ((confirmed_at IS NULL) = (confirm_token_hash IS NOT NULL)),
        CONSTRAINT status_subscribers_email_key UNIQUE (email),
        CONSTRAINT status_subscribers_confirm_token_key UNIQUE (confirm_token_hash),
        CONSTRAINT status_subscribers_unsubscribe_token_key UNIQUE (unsubscribe_token)
      )`);
    await runner.query(
      `CREATE INDEX status_subscribers_confirmed_idx ON status_subscribers (id) WHERE confirmed_at IS NOT NULL`,
    );
    await createAttemptsTable(runner, 'status_attempts', ['subscribe:address', 'subscribe:email']);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE status_attempts`);
    await runner.query(`DROP TABLE status_subscribers`);
    await runner.query(`DROP TABLE status_incident_updates`);
    await runner.query(`DROP TABLE status_incidents`);
    await runner.query(`DROP TABLE status_samples`);
  }
}
