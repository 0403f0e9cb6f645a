import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tickets' callbacks through the webhook machinery (ADR 0206): a delivery is made either for an
 * endpoint or to a ticket's `callback_url` (then endpoint_id is null), one per event id; and each
 * organization's secret that signs its callbacks, sealed by SecretBox.
 */
export class WebhookCallbacks1766400600000 implements MigrationInterface {
  name = 'WebhookCallbacks1766400600000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE webhook_deliveries
        ALTER COLUMN endpoint_id DROP NOT NULL,
        ADD COLUMN callback_url varchar(2000) NULL,
        ADD CONSTRAINT webhook_deliveries_target_check CHECK ((endpoint_id IS NULL) <> (callback_url IS NULL))`);
    // An event is sent to its ticket's callback once, whatever the redeliveries.
    await runner.query(
      'CREATE UNIQUE INDEX webhook_deliveries_callback_event_key ON webhook_deliveries (event_id) WHERE endpoint_id IS NULL',
    );
    // The callbacks' log: an organization's callback deliveries newest first.
    await runner.query(`CREATE INDEX webhook_deliveries_callbacks_created_idx
      ON webhook_deliveries (organization_id, created_at DESC, id DESC) WHERE endpoint_id IS NULL`);
    await runner.query(`
      CREATE TABLE webhook_callback_secrets (
        organization_id uuid PRIMARY KEY,
        signing_secret text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE webhook_callback_secrets');
    await runner.query('DELETE FROM webhook_deliveries WHERE endpoint_id IS NULL');
    await runner.query('DROP INDEX webhook_deliveries_callbacks_created_idx');
    await runner.query('DROP INDEX webhook_deliveries_callback_event_key');
    await runner.query(`
      ALTER TABLE webhook_deliveries
        DROP CONSTRAINT webhook_deliveries_target_check,
        DROP COLUMN callback_url,
        ALTER COLUMN endpoint_id SET NOT NULL`);
  }
}
