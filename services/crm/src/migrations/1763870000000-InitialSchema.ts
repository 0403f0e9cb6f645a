import { createAttemptsTable } from '@portal/db';
import { createEventTables, dropEventTables } from '@portal/events';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The tables crm owns: contact submissions, newsletter subscriptions, what its
 * per-address limits count (`lead_attempts`), its outbox and processed_events.
 */
export class InitialSchema1763870000000 implements MigrationInterface {
  name = 'InitialSchema1763870000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE contact_submissions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        first_name varchar(100) NOT NULL CHECK (btrim(first_name) <> ''),
        last_name varchar(100) NOT NULL CHECK (btrim(last_name) <> ''),
        email varchar(320) NOT NULL CHECK (position('@' IN email) > 1),
        company varchar(200) NULL,
        message text NOT NULL CHECK (btrim(message) <> ''),
        status varchar(32) NOT NULL DEFAULT 'new',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Staff work through the newest leads first, by status.
    await runner.query(
      'CREATE INDEX contact_submissions_status_created_at_idx ON contact_submissions (status, created_at)',
    );

    await runner.query(`
      CREATE TABLE newsletter_subscriptions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email varchar(320) NOT NULL CHECK (position('@' IN email) > 1),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(
      'CREATE UNIQUE INDEX newsletter_subscriptions_email_key ON newsletter_subscriptions (lower(email))',
    );

    await createAttemptsTable(runner, 'lead_attempts', ['contact:address', 'newsletter:address']);
    await createEventTables(runner);
  }

  async down(runner: QueryRunner): Promise<void> {
    await dropEventTables(runner);
    await runner.query('DROP TABLE lead_attempts');
    await runner.query('DROP TABLE newsletter_subscriptions');
    await runner.query('DROP TABLE contact_submissions');
  }
}
