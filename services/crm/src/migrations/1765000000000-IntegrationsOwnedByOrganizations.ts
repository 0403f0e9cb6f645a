import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Integrations belong to their organization (ADR 0184): the Integrations tab reads them by
 * organization, newest first (the events they received follow them by their integration). An
 * integration connected before organizations owned data takes the organization its customer's other
 * rows here name (integrations, the kickoff call), when they name exactly one; the rest, and kickoff
 * calls booked outside any organization, wait for identity's `portal.memberships.changed` with
 * `claimsLegacyData`. Set-based and idempotent: a second run finds nothing to backfill.
 */
export class IntegrationsOwnedByOrganizations1765000000000 implements MigrationInterface {
  name = 'IntegrationsOwnedByOrganizations1765000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      'CREATE INDEX IF NOT EXISTS integrations_organization_id_created_at_id_idx ON integrations (organization_id, created_at, id)',
    );
    await runner.query(`
      UPDATE integrations SET organization_id = known.organization_id
      FROM (
        SELECT customer_id, (array_agg(DISTINCT organization_id))[1] AS organization_id
        FROM (
          SELECT customer_id, organization_id FROM integrations WHERE organization_id IS NOT NULL
          UNION ALL
          SELECT customer_id, organization_id FROM kickoff_calls WHERE organization_id IS NOT NULL
        ) AS rows
        GROUP BY customer_id
        HAVING count(DISTINCT organization_id) = 1
      ) AS known
      WHERE integrations.customer_id = known.customer_id AND integrations.organization_id IS NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX IF EXISTS integrations_organization_id_created_at_id_idx');
  }
}
