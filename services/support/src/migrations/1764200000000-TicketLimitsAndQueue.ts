import { createAttemptsTable } from '@portal/db';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The per-customer limit on new tickets counts in `ticket_attempts`; the staff queue pages newest first
 * on (created_at, id), whole or filtered by status, priority or customer, each served by an index.
 */
export class TicketLimitsAndQueue1764200000000 implements MigrationInterface {
  name = 'TicketLimitsAndQueue1764200000000';

  async up(runner: QueryRunner): Promise<void> {
    await createAttemptsTable(runner, 'ticket_attempts', ['ticket:customer']);

    await runner.query('CREATE INDEX tickets_created_at_id_idx ON tickets (created_at, id)');
    await runner.query('CREATE INDEX tickets_status_created_at_id_idx ON tickets (status, created_at, id)');
    await runner.query(
      'CREATE INDEX tickets_priority_created_at_id_idx ON tickets (priority, created_at, id)',
    );
    // Replaces (customer_id, created_at DESC): the same order for a customer's own list, plus the id
    // the queue's cursor compares.
    await runner.query(
      'CREATE INDEX tickets_customer_id_created_at_id_idx ON tickets (customer_id, created_at, id)',
    );
    await runner.query('DROP INDEX tickets_customer_id_created_at_idx');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(
      'CREATE INDEX tickets_customer_id_created_at_idx ON tickets (customer_id, created_at DESC)',
    );
    for (const index of [
      'tickets_customer_id_created_at_id_idx',
      'tickets_priority_created_at_id_idx',
      'tickets_status_created_at_id_idx',
      'tickets_created_at_id_idx',
    ]) {
      await runner.query(`DROP INDEX ${index}`);
    }
    await runner.query('DROP TABLE ticket_attempts');
  }
}
