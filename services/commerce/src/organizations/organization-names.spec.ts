import { randomUUID } from 'node:crypto';
import type { OrganizationCreatedData } from '@portal/contracts';
import { sleep, startForSuite, startOnTestEventSpace, waitFor } from '@portal/testing';
import { startCommerce } from '../test/commerce-harness';

describe("commerce: organizations' names from identity's events", () => {
  const stack = startForSuite(() => startOnTestEventSpace('commerce', (events) => startCommerce({ events })));
  const row = async (organizationId: string) =>
    (
      (await stack().commerce.service.dataSource.query(
        'SELECT name, erased_at AS "erasedAt" FROM organization_names WHERE organization_id = $1',
        [organizationId],
      )) as { name: string | null; erasedAt: Date | null }[]
    )[0];
  const created = (organizationId: string, name: string): OrganizationCreatedData => ({
    organizationId,
    name,
    planId: 'scale',
    timezone: 'America/New_York',
    createdAt: new Date().toISOString(),
  });
  const deleted = (organizationId: string, organizationDeleted: boolean) =>
    stack().events.publish('userDeleted', {
      userId: randomUUID(),
      organizationId,
      organizationDeleted,
      deletedAt: '2026-11-26T09:00:00.000Z',
    });
  const named = (organizationId: string, name: string) =>
    waitFor(async () => (await row(organizationId))?.name === name, `${name} to be learnt`);
  const erased = (organizationId: string) =>
    waitFor(async () => (await row(organizationId))?.erasedAt, `${organizationId}'s name to be erased`);

  it('learns a new organization’s name once, whatever the redeliveries', async () => {
    const organizationId = randomUUID();
    const event = await stack().events.publish(
      'organizationCreated',
      created(organizationId, 'Harbor & Sons'),
    );
    await named(organizationId, 'Harbor & Sons');
    expect(await row(organizationId)).toEqual({ name: 'Harbor & Sons', erasedAt: null });

    // Delivered again: handled once only.
    const processed = async () =>
      (
        (await stack().commerce.service.dataSource.query(
          `SELECT count(*)::int AS n FROM processed_events WHERE consumer LIKE '%organization_names'`,
        )) as { n: number }[]
      )[0].n;
    const handled = await processed();
    await stack().events.publish('organizationCreated', event.data as OrganizationCreatedData, event);
    await sleep(300);
    expect(await processed()).toBe(handled);
  });

  it('erases the name of an organization deleted with its last member, and keeps it erased whichever event comes last', async () => {
    const [gone, goneFirst, kept] = [randomUUID(), randomUUID(), randomUUID()];
    await stack().events.publish('organizationCreated', created(gone, 'Gone Ltd'));
    await stack().events.publish('organizationCreated', created(kept, 'Kept Inc'));
    await named(gone, 'Gone Ltd');
    await named(kept, 'Kept Inc');

    await deleted(gone, true);
    // A member leaving (the organization stays) erases nothing.
    await deleted(kept, false);
    await erased(gone);
    expect(await row(gone)).toEqual({ name: null, erasedAt: new Date('2026-11-26T09:00:00.000Z') });

    // The deletion handled before the creation (each has its consumer, which reads the stream from its
    // start when it is new): the name never comes back.
    await deleted(goneFirst, true);
    await erased(goneFirst);
    await stack().events.publish('organizationCreated', created(goneFirst, 'Late Ltd'));
    await stack().events.publish('organizationCreated', created(gone, 'Gone Ltd'));
    const later = randomUUID();
    await stack().events.publish('organizationCreated', created(later, 'Later LLC'));
    await named(later, 'Later LLC');
    expect(await row(goneFirst)).toMatchObject({ name: null });
    expect(await row(gone)).toMatchObject({ name: null });
    expect(await row(kept)).toEqual({ name: 'Kept Inc', erasedAt: null });
  });
});
