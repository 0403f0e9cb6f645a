import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Finished webhook deliveries by age, for the worker that deletes them after the log's retention (ADR 0202). */
export class WebhookLogRetention1766400200000 implements MigrationInterface {
  name = 'WebhookLogRetention1766400200000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE INDEX webhook_deliveries_finished_created_idx ON webhook_deliveries (created_at)
      WHERE status IN ('succeeded', 'failed')`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX webhook_deliveries_finished_created_idx');
  }
}
