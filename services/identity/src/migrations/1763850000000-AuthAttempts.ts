import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the brute-force and sign-up limits count: one row per failed login (by email and by address)
 * and per registration attempt (by address). Kept in PostgreSQL so every identity replica sees the
 * same counts; rows older than a day are pruned.
 */
export class AuthAttempts1763850000000 implements MigrationInterface {
  name = 'AuthAttempts1763850000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE auth_attempts (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        kind varchar(32) NOT NULL CHECK (kind IN ('login-failure:email', 'login-failure:address', 'register:address')),
        subject varchar(320) NOT NULL,
        occurred_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query('CREATE INDEX auth_attempts_lookup_idx ON auth_attempts (kind, subject, occurred_at)');
    await runner.query('CREATE INDEX auth_attempts_occurred_at_idx ON auth_attempts (occurred_at)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE auth_attempts');
  }
}
