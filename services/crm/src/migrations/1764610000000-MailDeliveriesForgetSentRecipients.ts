import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A mail that was sent no longer keeps its recipient: the address is personal data crm has no other
 * use for (an account's last mail goes out after the account is deleted). Only a dead letter keeps
 * it, for the operator who looks into it.
 */
export class MailDeliveriesForgetSentRecipients1764610000000 implements MigrationInterface {
  name = 'MailDeliveriesForgetSentRecipients1764610000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE mail_deliveries ALTER COLUMN recipient DROP NOT NULL');
    await runner.query(`UPDATE mail_deliveries SET recipient = NULL WHERE status = 'sent'`);
    await runner.query(
      `ALTER TABLE mail_deliveries ADD CONSTRAINT mail_deliveries_recipient_of_dead_letters
       CHECK ((status = 'dead') = (recipient IS NOT NULL))`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(
      'ALTER TABLE mail_deliveries DROP CONSTRAINT mail_deliveries_recipient_of_dead_letters',
    );
    await runner.query(`UPDATE mail_deliveries SET recipient = '' WHERE recipient IS NULL`);
    await runner.query('ALTER TABLE mail_deliveries ALTER COLUMN recipient SET NOT NULL');
  }
}
