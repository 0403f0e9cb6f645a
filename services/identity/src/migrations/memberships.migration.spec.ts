import { randomUUID } from 'node:crypto';
import { membershipChangedDataSchema, organizationCreatedDataSchema, subjects } from '@portal/contracts';
import { asMigration, startForSuite } from '@portal/testing';
import { startIdentity } from '../test/identity-harness';
import { backfillMemberships, Memberships1763900000000 } from './1763900000000-Memberships';

/**
 * The customers of before organizations had members: the migration makes each the owner of an
 * organization (theirs, or a new one named after them), announces it, and does it once.
 */
describe('migration 1763900000000-Memberships: every customer becomes an owner', () => {
  const harness = startForSuite(() => startIdentity({ seed: false }));

  /** A user row as it was before memberships (no membership, maybe no organization). */
  async function legacyUser(role: string, name: string, organizationId: string | null = null) {
    const id = randomUUID();
    await harness().dataSource.query(
      `INSERT INTO public_users (id, name, email, role, organization_id) VALUES ($1, $2, $3, $4, $5)`,
      [id, name, `${id}@example.com`, role, organizationId],
    );
    return id;
  }
  async function legacyOrganization(name: string) {
    const [row] = await harness().dataSource.query(
      'INSERT INTO organizations (name) VALUES ($1) RETURNING id',
      [name],
    );
    return row.id as string;
  }
  const membershipsOf = (userId: string) =>
    harness().dataSource.query('SELECT organization_id, role, version FROM memberships WHERE user_id = $1', [
      userId,
    ]);
  const eventsAbout = async (subject: string, key: string, value: string) =>
    (
      await harness().dataSource.query(`SELECT data FROM outbox WHERE subject = $1 AND data->>$2 = $3`, [
        subject,
        key,
        value,
      ])
    ).map((row: { data: unknown }) => row.data);
  const counts = async () =>
    (
      await harness().dataSource.query(
        `SELECT (SELECT count(*)::int FROM organizations) AS organizations,
                (SELECT count(*)::int FROM memberships) AS memberships,
                (SELECT count(*)::int FROM outbox) AS events`,
      )
    )[0];

  it('makes each customer the owner of their organization, or of a new one, announced; staff get nothing', async () => {
    const shared = await legacyOrganization('Legacy Shared Co');
    const withOrganization = await legacyUser('customer', 'Lee Legacy', shared);
    const alsoThere = await legacyUser('user', 'Max Legacy', shared);
    const without = await legacyUser('customer', '  Nia Orphan  ');
    const staff = await legacyUser('admin', 'Ora Staff');

    expect(await asMigration(harness().dataSource, backfillMemberships)).toEqual({
      organizations: 1,
      memberships: 3,
    });

    const [leeMembership] = await membershipsOf(withOrganization);
    expect(leeMembership).toMatchObject({ organization_id: shared, role: 'owner' });
    expect(await membershipsOf(alsoThere)).toEqual([
      expect.objectContaining({ organization_id: shared, role: 'owner' }),
    ]);
    expect(await membershipsOf(staff)).toEqual([]);

    const [nia] = await harness().dataSource.query('SELECT organization_id FROM public_users WHERE id = $1', [
      without,
    ]);
    const [organization] = await harness().dataSource.query('SELECT * FROM organizations WHERE id = $1', [
      nia.organization_id,
    ]);
    expect(organization).toMatchObject({
      name: 'Nia Orphan',
      plan_id: 'scale',
      timezone: 'America/New_York',
    });
    expect(await membershipsOf(without)).toEqual([
      expect.objectContaining({ organization_id: nia.organization_id, role: 'owner' }),
    ]);
    const [created] = await eventsAbout(subjects.organizationCreated, 'organizationId', nia.organization_id);
    expect(organizationCreatedDataSchema.parse(created)).toEqual({
      organizationId: nia.organization_id,
      name: 'Nia Orphan',
      planId: 'scale',
      timezone: 'America/New_York',
      createdAt: organization.created_at.toISOString(),
    });

    const [changed] = await eventsAbout(subjects.membershipChanged, 'userId', withOrganization);
    expect(membershipChangedDataSchema.parse(changed)).toEqual({
      organizationId: shared,
      userId: withOrganization,
      role: 'owner',
      version: Number(leeMembership.version),
      claimsLegacyData: true,
      changedAt: expect.any(String),
    });
    // Queued for the relay like any event: unpublished, with the catalog's type and version.
    const [row] = await harness().dataSource.query(
      `SELECT type, version, published_at FROM outbox WHERE subject = $1 AND data->>'userId' = $2`,
      [subjects.membershipChanged, withOrganization],
    );
    expect(row).toEqual({ type: 'membership.changed', version: 1, published_at: null });
    expect(await eventsAbout(subjects.membershipChanged, 'userId', staff)).toEqual([]);
  });

  it('creates nothing the second time, run as the backfill or as the whole migration', async () => {
    await legacyUser('customer', 'Pat Twice');
    await asMigration(harness().dataSource, backfillMemberships);
    const before = await counts();
    expect(await asMigration(harness().dataSource, backfillMemberships)).toEqual({
      organizations: 0,
      memberships: 0,
    });
    await asMigration(harness().dataSource, (runner) => new Memberships1763900000000().up(runner));
    expect(await counts()).toEqual(before);
  });

  it('leaves a customer who is already a member alone, wherever their last-used organization points', async () => {
    const [{ id: userId }] = await harness().dataSource.query(
      `SELECT u.id FROM public_users u JOIN memberships m ON m.user_id = u.id LIMIT 1`,
    );
    const before = await membershipsOf(userId);
    await harness().dataSource.query('UPDATE public_users SET organization_id = NULL WHERE id = $1', [
      userId,
    ]);
    await asMigration(harness().dataSource, backfillMemberships);
    expect(await membershipsOf(userId)).toEqual(before);
  });

  it('backfills 100,000 customers in seconds', async () => {
    await harness().dataSource.query(
      `INSERT INTO organizations (id, name)
       SELECT ('00000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid, 'Bulk ' || i
         FROM generate_series(1, 50000) AS i`,
    );
    // Half with an organization of their own, half without.
    await harness().dataSource.query(
      `INSERT INTO public_users (name, email, role, organization_id)
       SELECT 'Bulk User ' || i, 'bulk-' || i || '@example.com', 'customer',
              CASE WHEN i <= 50000 THEN ('00000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid END
         FROM generate_series(1, 100000) AS i`,
    );
    const started = performance.now();
    const done = await asMigration(harness().dataSource, backfillMemberships);
    const seconds = (performance.now() - started) / 1000;
    expect(done).toEqual({ organizations: 50000, memberships: 100000 });
    // About 5 s here (set-based: one statement per step, whatever the number of users).
    expect(seconds).toBeLessThan(30);
    const [{ missing }] = await harness().dataSource.query(
      `SELECT count(*)::int AS missing FROM public_users u
        WHERE u.email LIKE 'bulk-%'
          AND NOT EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = u.id AND m.organization_id = u.organization_id)`,
    );
    expect(missing).toBe(0);
  }, 120_000);
});
