import { randomUUID } from 'node:crypto';
import { asMigration, startForSuite } from '@portal/testing';
import { startKpi } from '../test/kpi-harness';
import { MetricsKeyedByOrganization1765000000000 } from './1765000000000-MetricsKeyedByOrganization';

describe('migration 1765000000000-MetricsKeyedByOrganization', () => {
  const stack = startForSuite(startKpi);
  const query = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    stack().service.dataSource.query(sql, params) as Promise<T[]>;

  /** Runs the migration's `up` once more, in a transaction, as TypeORM runs a migration. */
  const migrateAgain = () =>
    asMigration(stack().service.dataSource, (runner) =>
      new MetricsKeyedByOrganization1765000000000().up(runner),
    );

  /** A metric as counted before organizations owned data. */
  async function legacyMetric(customerId: string, organizationId: string | null): Promise<string> {
    const [row] = await query<{ id: string }>(
      `INSERT INTO metrics (customer_id, organization_id, metric_type, occurred_at, source_event_id)
       VALUES ($1, $2, 'calls', now(), $3) RETURNING id`,
      [customerId, organizationId, randomUUID()],
    );
    return row.id;
  }
  const organizationOf = async (id: string) =>
    (
      await query<{ organization_id: string | null }>('SELECT organization_id FROM metrics WHERE id = $1', [
        id,
      ])
    )[0].organization_id;

  it("gives a customer's metrics without organization the one organization their other metrics name, and only that, twice alike", async () => {
    const [known, twoOrgs, unknown, x, y] = Array.from({ length: 5 }, () => randomUUID());
    const knownOnes = [await legacyMetric(known, null), await legacyMetric(known, null)];
    await legacyMetric(known, x);
    const ambiguous = await legacyMetric(twoOrgs, null);
    await legacyMetric(twoOrgs, x);
    await legacyMetric(twoOrgs, y);
    const unknownOne = await legacyMetric(unknown, null);

    for (let run = 0; run < 2; run++) {
      await migrateAgain();
      for (const id of knownOnes) expect(await organizationOf(id)).toBe(x);
      expect(await organizationOf(ambiguous)).toBeNull();
      expect(await organizationOf(unknownOne)).toBeNull();
    }
    const [index] = await query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE indexname = 'metrics_organization_id_occurred_at_idx'`,
    );
    expect(index.indexdef).toContain('(organization_id, occurred_at)');
  });
});
