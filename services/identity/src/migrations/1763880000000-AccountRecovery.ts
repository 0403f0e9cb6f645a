import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Accounts a customer can recover and manage (issue 17): a verified email, two-factor sign-in
 * (secrets sealed at rest), the mail links' tokens (only their SHA-256 kept), the recovery codes and
 * the sign-in challenges between the password and the code.
 */
export class AccountRecovery1763880000000 implements MigrationInterface {
  name = 'AccountRecovery1763880000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE public_users
        ADD COLUMN email_verified_at timestamptz NULL,
        ADD COLUMN two_factor_secret text NULL,
        ADD COLUMN two_factor_pending_secret text NULL,
        ADD COLUMN two_factor_enabled_at timestamptz NULL,
        ADD COLUMN two_factor_last_step bigint NULL`);

    await runner.query(`
      CREATE TABLE account_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES public_users (id) ON DELETE CASCADE,
        purpose varchar(32) NOT NULL
          CHECK (purpose IN ('email-verification', 'password-reset', 'email-change')),
        token_hash char(64) NOT NULL UNIQUE,
        new_email varchar(320) NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(
      'CREATE INDEX account_tokens_user_id_purpose_idx ON account_tokens (user_id, purpose)',
    );

    await runner.query(`
      CREATE TABLE two_factor_recovery_codes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES public_users (id) ON DELETE CASCADE,
        code_hash char(64) NOT NULL,
        used_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(
      'CREATE INDEX two_factor_recovery_codes_user_id_idx ON two_factor_recovery_codes (user_id)',
    );

    await runner.query(`
      CREATE TABLE two_factor_challenges (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES public_users (id) ON DELETE CASCADE,
        token_hash char(64) NOT NULL UNIQUE,
        address text NOT NULL,
        user_agent text NULL,
        failed_attempts int NOT NULL DEFAULT 0,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE two_factor_challenges');
    await runner.query('DROP TABLE two_factor_recovery_codes');
    await runner.query('DROP TABLE account_tokens');
    await runner.query(`
      ALTER TABLE public_users
        DROP COLUMN two_factor_last_step,
        DROP COLUMN two_factor_enabled_at,
        DROP COLUMN two_factor_pending_secret,
        DROP COLUMN two_factor_secret,
        DROP COLUMN email_verified_at`);
  }
}
