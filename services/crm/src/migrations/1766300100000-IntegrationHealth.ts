import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Integrations' health for staff (ADR 0193): the last delivery crm refused from a CRM or dialer (when,
 * the status it answered, the message), kept on the integration, and the newest event of each
 * integration found by an index on (integration_id, received_at).
 */
export class IntegrationHealth1766300100000 implements MigrationInterface {
  name = 'IntegrationHealth1766300100000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE integrations
        ADD COLUMN last_error_at timestamptz NULL,
        ADD COLUMN last_error_status smallint NULL,
        ADD COLUMN last_error_message varchar(300) NULL,
        ADD CONSTRAINT integrations_last_error_check CHECK (
          (last_error_at IS NULL) = (last_error_status IS NULL)
          AND (last_error_at IS NULL) = (last_error_message IS NULL))`);
    await runner.query(
      'CREATE INDEX integration_events_integration_id_received_at_idx ON integration_events (integration_id, received_at DESC)',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX integration_events_integration_id_received_at_idx');
    await runner.query(`ALTER TABLE integrations DROP CONSTRAINT integrations_last_error_check,
      DROP COLUMN last_error_at, DROP COLUMN last_error_status, DROP COLUMN last_error_message`);
  }
}
