import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What crm's mailer did with each mail the services asked for (`portal.mail.requested`), one row per
 * mail id: 'sent' once the SMTP server took it (a redelivered request is then not sent again), 'dead'
 * when it was given up after its last attempt, with the last error and the recipient, for the operator
 * looking into a dead letter.
 */
export class MailDeliveries1764600000000 implements MigrationInterface {
  name = 'MailDeliveries1764600000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE mail_deliveries (
        mail_id uuid PRIMARY KEY,
        recipient varchar(320) NOT NULL,
        template varchar(64) NOT NULL,
        status varchar(8) NOT NULL CHECK (status IN ('sent', 'dead')),
        attempts integer NOT NULL CHECK (attempts >= 1),
        last_error text NULL,
        sent_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((status = 'sent') = (sent_at IS NOT NULL))
      )`);
    await runner.query(
      `CREATE INDEX mail_deliveries_dead ON mail_deliveries (created_at) WHERE status = 'dead'`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE mail_deliveries');
  }
}
