import { createEventTables, dropEventTables } from '@portal/events';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The tables support owns: customers' `tickets` (their fields' limits as in
 * `createTicketRequestSchema`), its outbox and processed_events.
 */
export class InitialSchema1764000000000 implements MigrationInterface {
  name = 'InitialSchema1764000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE tickets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        customer_id uuid NOT NULL,
        organization_id uuid NULL,
        title varchar(200) NOT NULL CHECK (btrim(title) <> ''),
        description text NOT NULL CHECK (btrim(description) <> '' AND char_length(description) <= 5000),
        priority varchar(16) NOT NULL DEFAULT 'medium' CHECK (priority IN ('low', 'medium', 'high', 'urgent')),
        status varchar(16) NOT NULL DEFAULT 'open'
          CHECK (status IN ('open', 'in_progress', 'resolved', 'closed')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // A customer's tickets, newest first.
    await runner.query(
      'CREATE INDEX tickets_customer_id_created_at_idx ON tickets (customer_id, created_at DESC)',
    );

    await createEventTables(runner);
  }

  async down(runner: QueryRunner): Promise<void> {
    await dropEventTables(runner);
    await runner.query('DROP TABLE tickets');
  }
}
