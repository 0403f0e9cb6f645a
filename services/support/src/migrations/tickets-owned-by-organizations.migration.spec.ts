import { randomUUID } from 'node:crypto';
import { asMigration, startForSuite } from '@portal/testing';
import { startSupport } from '../test/support-harness';
import { TicketsOwnedByOrganizations1765000000000 } from './1765000000000-TicketsOwnedByOrganizations';

describe('migration 1765000000000-TicketsOwnedByOrganizations', () => {
  const stack = startForSuite(startSupport);
  const query = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    stack().service.dataSource.query(sql, params) as Promise<T[]>;

  /** Runs the migration's `up` once more, in a transaction, as TypeORM runs a migration. */
  const migrateAgain = () =>
    asMigration(stack().service.dataSource, (runner) =>
      new TicketsOwnedByOrganizations1765000000000().up(runner),
    );

  /** A ticket as it was stored before organizations owned data. */
  async function legacyTicket(customerId: string, organizationId: string | null): Promise<string> {
    const [row] = await query<{ id: string }>(
      `INSERT INTO tickets (customer_id, organization_id, title, description)
       VALUES ($1, $2, 'Calls drop', 'After a minute.') RETURNING id`,
      [customerId, organizationId],
    );
    return row.id;
  }
  const organizationOf = async (ticketId: string) =>
    (
      await query<{ organization_id: string | null }>('SELECT organization_id FROM tickets WHERE id = $1', [
        ticketId,
      ])
    )[0].organization_id;

  it("gives a customer's tickets without organization the one organization their other tickets name, and only that, twice alike", async () => {
    const [known, twoOrgs, unknown, x, y] = Array.from({ length: 5 }, () => randomUUID());
    const knownTickets = [await legacyTicket(known, null), await legacyTicket(known, null)];
    await legacyTicket(known, x);
    const ambiguous = await legacyTicket(twoOrgs, null);
    await legacyTicket(twoOrgs, x);
    await legacyTicket(twoOrgs, y);
    const unknownTicket = await legacyTicket(unknown, null);

    for (let run = 0; run < 2; run++) {
      await migrateAgain();
      for (const id of knownTickets) expect(await organizationOf(id)).toBe(x);
      expect(await organizationOf(ambiguous)).toBeNull();
      expect(await organizationOf(unknownTicket)).toBeNull();
    }
  });

  it('indexes the tickets by organization and counts the hourly limit per organization', async () => {
    const [index] = await query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE indexname = 'tickets_organization_id_created_at_id_idx'`,
    );
    expect(index.indexdef).toContain('(organization_id, created_at, id)');
    await query(`INSERT INTO ticket_attempts (kind, subject) VALUES ('ticket:organization', $1)`, [
      randomUUID(),
    ]);
    await expect(
      query(`INSERT INTO ticket_attempts (kind, subject) VALUES ('ticket:anything', $1)`, [randomUUID()]),
    ).rejects.toThrow('ticket_attempts_kind_check');
  });
});
