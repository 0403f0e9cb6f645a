import { createAttemptsTable } from '@portal/db';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Job applications from the careers page, each with its CV (PDF or DOCX, at most 5 MB, kept with
 * its name, type, size and SHA-256), and the attempts their per-address and per-email limits count.
 */
export class JobApplications1764300000000 implements MigrationInterface {
  name = 'JobApplications1764300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE job_applications (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(100) NOT NULL CHECK (btrim(name) <> ''),
        email varchar(320) NOT NULL CHECK (position('@' IN email) > 1),
        role varchar(100) NOT NULL CHECK (btrim(role) <> ''),
        location varchar(100) NOT NULL CHECK (btrim(location) <> ''),
        links text[] NOT NULL DEFAULT '{}',
        cv_name varchar(255) NOT NULL,
        cv_type varchar(100) NOT NULL,
        cv_size integer NOT NULL CHECK (cv_size > 0 AND cv_size <= 5242880),
        cv_sha256 char(64) NOT NULL,
        cv_data bytea NOT NULL CHECK (octet_length(cv_data) = cv_size),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Staff read them newest first.
    await runner.query('CREATE INDEX job_applications_created_at_idx ON job_applications (created_at DESC)');
    await createAttemptsTable(runner, 'application_attempts', ['application:address', 'application:email']);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE application_attempts');
    await runner.query('DROP TABLE job_applications');
  }
}
