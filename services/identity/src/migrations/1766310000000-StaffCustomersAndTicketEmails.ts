import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff page through every organization, newest first (ADR 0192), and each account says whether it
 * wants ticket emails (on unless turned off in settings; ADR 0193). Customers are matched by email
 * on `public_users_email_key` (lower(email)), which exists.
 */
export class StaffCustomersAndTicketEmails1766310000000 implements MigrationInterface {
  name = 'StaffCustomersAndTicketEmails1766310000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      'CREATE INDEX IF NOT EXISTS organizations_created_at_id_idx ON organizations (created_at DESC, id DESC)',
    );
    await runner.query(
      'ALTER TABLE public_users ADD COLUMN IF NOT EXISTS ticket_emails boolean NOT NULL DEFAULT true',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE public_users DROP COLUMN ticket_emails');
    await runner.query('DROP INDEX organizations_created_at_id_idx');
  }
}
