import { randomUUID } from 'node:crypto';
import { asMigration, startForSuite } from '@portal/testing';
import { startCrm } from '../test/crm-harness';
import { IntegrationsOwnedByOrganizations1765000000000 } from './1765000000000-IntegrationsOwnedByOrganizations';

describe('migration 1765000000000-IntegrationsOwnedByOrganizations', () => {
  const crm = startForSuite(startCrm);
  const query = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    crm().dataSource.query(sql, params) as Promise<T[]>;

  /** Runs the migration's `up` once more, in a transaction, as TypeORM runs a migration. */
  const migrateAgain = () =>
    asMigration(crm().dataSource, (runner) => new IntegrationsOwnedByOrganizations1765000000000().up(runner));

  /** An integration as stored before organizations owned data (secrets sealed in form only). */
  async function legacyIntegration(customerId: string, organizationId: string | null): Promise<string> {
    const [row] = await query<{ id: string }>(
      `INSERT INTO integrations (customer_id, organization_id, type, name, access_token, signing_secret)
       VALUES ($1, $2, 'zoho', 'Legacy CRM', 'v1.sealed', 'v1.sealed') RETURNING id`,
      [customerId, organizationId],
    );
    return row.id;
  }
  const organizationOf = async (id: string) =>
    (
      await query<{ organization_id: string | null }>(
        'SELECT organization_id FROM integrations WHERE id = $1',
        [id],
      )
    )[0].organization_id;

  it("gives a customer's integrations without organization the one organization their other rows name, and only that, twice alike", async () => {
    const [known, byKickoff, twoOrgs, unknown, x, y] = Array.from({ length: 6 }, () => randomUUID());
    const knownOnes = [await legacyIntegration(known, null), await legacyIntegration(known, null)];
    await legacyIntegration(known, x);
    const kickoffKnown = await legacyIntegration(byKickoff, null);
    await query('INSERT INTO kickoff_calls (owner_id, organization_id, customer_id) VALUES ($1, $1, $2)', [
      y,
      byKickoff,
    ]);
    const ambiguous = await legacyIntegration(twoOrgs, null);
    await legacyIntegration(twoOrgs, x);
    await legacyIntegration(twoOrgs, y);
    const unknownOne = await legacyIntegration(unknown, null);

    for (let run = 0; run < 2; run++) {
      await migrateAgain();
      for (const id of knownOnes) expect(await organizationOf(id)).toBe(x);
      expect(await organizationOf(kickoffKnown)).toBe(y);
      expect(await organizationOf(ambiguous)).toBeNull();
      expect(await organizationOf(unknownOne)).toBeNull();
    }
    const [index] = await query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE indexname = 'integrations_organization_id_created_at_id_idx'`,
    );
    expect(index.indexdef).toContain('(organization_id, created_at, id)');
  });
});
