import type { MigrationInterface, QueryRunner } from 'typeorm';

const KINDS_BEFORE = "'contact:address', 'newsletter:address'";
const KINDS_AFTER = "'contact:address', 'contact:email', 'newsletter:address'";

/**
 * A lead may carry the cart of a checkout that cannot take payments (its items as the buyer saw
 * them and the total crm worked out), and contact messages are also counted per email address.
 */
export class ContactCartsAndEmailLimit1764450000000 implements MigrationInterface {
  name = 'ContactCartsAndEmailLimit1764450000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE contact_submissions ADD COLUMN cart jsonb NULL');
    await setAttemptKinds(runner, KINDS_AFTER);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DELETE FROM lead_attempts WHERE kind = 'contact:email'`);
    await setAttemptKinds(runner, KINDS_BEFORE);
    await runner.query('ALTER TABLE contact_submissions DROP COLUMN cart');
  }
}

async function setAttemptKinds(runner: QueryRunner, kinds: string): Promise<void> {
  await runner.query('ALTER TABLE lead_attempts DROP CONSTRAINT lead_attempts_kind_check');
  await runner.query(
    `ALTER TABLE lead_attempts ADD CONSTRAINT lead_attempts_kind_check CHECK (kind IN (${kinds}))`,
  );
}
