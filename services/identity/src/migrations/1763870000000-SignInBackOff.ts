import type { MigrationInterface, QueryRunner } from 'typeorm';

const KINDS_BEFORE = ['login-failure:email', 'login-failure:address', 'register:address'];
const KINDS_AFTER = [...KINDS_BEFORE, 'login-failure:email-address'];

const kindCheck = (kinds: string[]) => `CHECK (kind IN (${kinds.map((kind) => `'${kind}'`).join(', ')}))`;

/**
 * Failed logins are also counted per email and address together (the lock that stops one client),
 * and the addresses each account has signed in from are remembered, so the per-email back-off still
 * lets the owner in from a known one.
 */
export class SignInBackOff1763870000000 implements MigrationInterface {
  name = 'SignInBackOff1763870000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE auth_attempts DROP CONSTRAINT auth_attempts_kind_check');
    await runner.query(
      `ALTER TABLE auth_attempts ADD CONSTRAINT auth_attempts_kind_check ${kindCheck(KINDS_AFTER)}`,
    );
    await runner.query(`
      CREATE TABLE known_clients (
        user_id uuid NOT NULL REFERENCES public_users (id) ON DELETE CASCADE,
        address varchar(320) NOT NULL,
        last_signed_in_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, address)
      )`);
    await runner.query(
      'CREATE INDEX known_clients_last_signed_in_at_idx ON known_clients (last_signed_in_at)',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE known_clients');
    await runner.query(`DELETE FROM auth_attempts WHERE kind = 'login-failure:email-address'`);
    await runner.query('ALTER TABLE auth_attempts DROP CONSTRAINT auth_attempts_kind_check');
    await runner.query(
      `ALTER TABLE auth_attempts ADD CONSTRAINT auth_attempts_kind_check ${kindCheck(KINDS_BEFORE)}`,
    );
  }
}
