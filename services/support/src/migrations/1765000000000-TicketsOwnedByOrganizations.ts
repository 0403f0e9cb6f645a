import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tickets belong to their organization (ADR 0184): the Support tab reads them by organization, newest
 * first; a ticket opened before organizations owned data takes the organization its customer's other
 * tickets name, when they name exactly one (the rest waits for identity's
 * `portal.memberships.changed` with `claimsLegacyData`). The hourly limit on new tickets counts per
 * organization (`ticket:organization`; the per-customer counts age out within the hour). Set-based and
 * idempotent: a second run finds nothing to backfill and everything in place.
 */
export class TicketsOwnedByOrganizations1765000000000 implements MigrationInterface {
  name = 'TicketsOwnedByOrganizations1765000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      'CREATE INDEX IF NOT EXISTS tickets_organization_id_created_at_id_idx ON tickets (organization_id, created_at, id)',
    );
    await runner.query(`
      UPDATE tickets SET organization_id = known.organization_id
      FROM (
        SELECT customer_id, (array_agg(DISTINCT organization_id))[1] AS organization_id
        FROM tickets
        WHERE organization_id IS NOT NULL
        GROUP BY customer_id
        HAVING count(DISTINCT organization_id) = 1
      ) AS known
      WHERE tickets.customer_id = known.customer_id AND tickets.organization_id IS NULL`);
    await runner.query('ALTER TABLE ticket_attempts DROP CONSTRAINT IF EXISTS ticket_attempts_kind_check');
    await runner.query(`
      ALTER TABLE ticket_attempts ADD CONSTRAINT ticket_attempts_kind_check
        CHECK (kind IN ('ticket:customer', 'ticket:organization'))`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DELETE FROM ticket_attempts WHERE kind = 'ticket:organization'`);
    await runner.query('ALTER TABLE ticket_attempts DROP CONSTRAINT ticket_attempts_kind_check');
    await runner.query(
      `ALTER TABLE ticket_attempts ADD CONSTRAINT ticket_attempts_kind_check CHECK (kind IN ('ticket:customer'))`,
    );
    await runner.query('DROP INDEX IF EXISTS tickets_organization_id_created_at_id_idx');
  }
}
