import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Finds a user's sessions without a scan, for ending them all when the password or role changes. */
export class SessionsByUser1763860000000 implements MigrationInterface {
  name = 'SessionsByUser1763860000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE INDEX sessions_user_id_idx ON sessions ((sess->>'userId'))`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX sessions_user_id_idx');
  }
}
