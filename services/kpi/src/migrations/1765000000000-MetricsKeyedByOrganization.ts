import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * KPIs are counted per organization (ADR 0184): the dashboard's daily counts read an organization's
 * metrics over a range of days. A metric counted before organizations owned data takes the
 * organization its customer's other metrics name, when they name exactly one (the rest waits for
 * identity's `portal.memberships.changed` with `claimsLegacyData`). Set-based and idempotent: a second
 * run finds nothing to backfill.
 */
export class MetricsKeyedByOrganization1765000000000 implements MigrationInterface {
  name = 'MetricsKeyedByOrganization1765000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      'CREATE INDEX IF NOT EXISTS metrics_organization_id_occurred_at_idx ON metrics (organization_id, occurred_at)',
    );
    await runner.query(`
      UPDATE metrics SET organization_id = known.organization_id
      FROM (
        SELECT customer_id, (array_agg(DISTINCT organization_id))[1] AS organization_id
        FROM metrics
        WHERE organization_id IS NOT NULL
        GROUP BY customer_id
        HAVING count(DISTINCT organization_id) = 1
      ) AS known
      WHERE metrics.customer_id = known.customer_id AND metrics.organization_id IS NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX IF EXISTS metrics_organization_id_occurred_at_idx');
  }
}
