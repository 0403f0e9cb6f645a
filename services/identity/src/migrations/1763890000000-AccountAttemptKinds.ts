import type { MigrationInterface, QueryRunner } from 'typeorm';

const KINDS_BEFORE = [
  'login-failure:email',
  'login-failure:address',
  'register:address',
  'login-failure:email-address',
];
const KINDS_ADDED = [
  'password-reset:email',
  'password-reset:address',
  'verification-mail:user',
  'two-factor-failure:user',
];
const KINDS_AFTER = [...KINDS_BEFORE, ...KINDS_ADDED];

const kindCheck = (kinds: string[]) => `CHECK (kind IN (${kinds.map((kind) => `'${kind}'`).join(', ')}))`;

/**
 * Password reset requests are counted per email and per address, verification mails asked for again
 * and wrong second-factor codes per account.
 */
export class AccountAttemptKinds1763890000000 implements MigrationInterface {
  name = 'AccountAttemptKinds1763890000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE auth_attempts DROP CONSTRAINT auth_attempts_kind_check');
    await runner.query(
      `ALTER TABLE auth_attempts ADD CONSTRAINT auth_attempts_kind_check ${kindCheck(KINDS_AFTER)}`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DELETE FROM auth_attempts WHERE kind = ANY($1)', [KINDS_ADDED]);
    await runner.query('ALTER TABLE auth_attempts DROP CONSTRAINT auth_attempts_kind_check');
    await runner.query(
      `ALTER TABLE auth_attempts ADD CONSTRAINT auth_attempts_kind_check ${kindCheck(KINDS_BEFORE)}`,
    );
  }
}
