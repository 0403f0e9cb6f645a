import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff work the leads (ADR 0193): a status of new, contacted, qualified or closed (every stored lead
 * is 'new' until now), when staff last changed it, and notes, oldest first. The list pages newest
 * first, optionally by status, on (created_at, id).
 */
export class LeadWork1766300000000 implements MigrationInterface {
  name = 'LeadWork1766300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`UPDATE contact_submissions SET status = 'new'
      WHERE status NOT IN ('new', 'contacted', 'qualified', 'closed')`);
    await runner.query(`
      ALTER TABLE contact_submissions
        ADD COLUMN status_changed_at timestamptz NULL,
        ADD CONSTRAINT contact_submissions_status_check
          CHECK (status IN ('new', 'contacted', 'qualified', 'closed'))`);
    await runner.query('DROP INDEX IF EXISTS contact_submissions_status_created_at_idx');
    await runner.query(
      'CREATE INDEX contact_submissions_created_at_id_idx ON contact_submissions (created_at DESC, id DESC)',
    );
    await runner.query(
      'CREATE INDEX contact_submissions_status_created_at_id_idx ON contact_submissions (status, created_at DESC, id DESC)',
    );
    await runner.query(`
      CREATE TABLE lead_notes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        submission_id uuid NOT NULL REFERENCES contact_submissions (id) ON DELETE CASCADE,
        author_id uuid NOT NULL,
        body text NOT NULL CHECK (btrim(body) <> ''),
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await runner.query('CREATE INDEX lead_notes_submission_id_created_at_idx ON lead_notes (submission_id, created_at, id)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE lead_notes');
    await runner.query('DROP INDEX contact_submissions_status_created_at_id_idx');
    await runner.query('DROP INDEX contact_submissions_created_at_id_idx');
    await runner.query(
      'CREATE INDEX contact_submissions_status_created_at_idx ON contact_submissions (status, created_at)',
    );
    await runner.query(`ALTER TABLE contact_submissions
      DROP CONSTRAINT contact_submissions_status_check, DROP COLUMN status_changed_at`);
  }
}
