import { BadRequestException } from '@nestjs/common';
import { organizationCreatedDataSchema, organizationSchema, subjects } from '@portal/contracts';
import { startForSuite } from '@portal/testing';
import { startIdentity } from '../test/identity-harness';
import { OrganizationsService } from './organizations.service';

describe('OrganizationsService.create', () => {
  const harness = startForSuite(() => startIdentity({ seed: false }));
  let organizations: OrganizationsService;

  beforeAll(async () => {
    organizations = harness().app.get(OrganizationsService);
  });

  const outboxFor = (organizationId: string) =>
    harness().dataSource.query(`SELECT * FROM outbox WHERE data->>'organizationId' = $1`, [organizationId]);

  it('writes the organization with its defaults and its portal.organizations.created event together', async () => {
    const organization = await organizations.create('  Acme Contact Co  ');
    expect(organizationSchema.parse(organization)).toEqual({
      id: expect.any(String),
      name: 'Acme Contact Co',
      planId: 'scale',
      timezone: 'America/New_York',
      createdAt: expect.any(String),
    });

    const [row] = await harness().dataSource.query('SELECT * FROM organizations WHERE id = $1', [
      organization.id,
    ]);
    expect(row).toMatchObject({ name: 'Acme Contact Co', plan_id: 'scale', timezone: 'America/New_York' });

    const events = await outboxFor(organization.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      subject: subjects.organizationCreated,
      type: 'organization.created',
      version: 1,
      published_at: null,
    });
    expect(organizationCreatedDataSchema.parse(events[0].data)).toEqual({
      organizationId: organization.id,
      name: 'Acme Contact Co',
      planId: 'scale',
      timezone: 'America/New_York',
      createdAt: organization.createdAt,
    });
  });

  it('joins the caller transaction: a rollback leaves neither the organization nor its event', async () => {
    let createdId = '';
    await expect(
      harness().dataSource.transaction(async (manager) => {
        createdId = (await organizations.create('Rolled Back Inc', manager)).id;
        throw new Error('registration failed later');
      }),
    ).rejects.toThrow('registration failed later');
    expect(createdId).not.toBe('');
    expect(
      await harness().dataSource.query('SELECT id FROM organizations WHERE id = $1', [createdId]),
    ).toEqual([]);
    expect(await outboxFor(createdId)).toEqual([]);
  });

  it('refuses a name PostgreSQL cannot store (NUL, a lone surrogate) with a 400', async () => {
    for (const name of ['Nul\u0000Co', 'Half \ud800 Co']) {
      await expect(organizations.create(name)).rejects.toThrow(
        new BadRequestException('Contains a character that cannot be saved'),
      );
    }
  });

  it('refuses an empty name with a 400 and writes nothing', async () => {
    const [{ before }] = await harness().dataSource.query('SELECT count(*)::int AS before FROM outbox');
    await expect(organizations.create('   ')).rejects.toThrow(
      new BadRequestException('Organization name is required'),
    );
    const [{ after }] = await harness().dataSource.query('SELECT count(*)::int AS after FROM outbox');
    expect(after).toBe(before);
  });
});
