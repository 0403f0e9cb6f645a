import { randomUUID } from 'node:crypto';
import { authMessages } from '@portal/auth';
import { KICKOFF_PATH, kickoffMessages, kickoffResponseSchema, teamMessages } from '@portal/contracts';
import { request, type SignedInUser, startForSuite } from '@portal/testing';
import { startCrm } from '../test/crm-harness';

const EVENT_URI = 'https://api.calendly.com/scheduled_events/GBGBDCAADAEDCRZ2';

describe(KICKOFF_PATH, () => {
  const crm = startForSuite(startCrm);
  const call = (method: string, who?: SignedInUser, body?: unknown) =>
    request(crm().baseUrl, method, KICKOFF_PATH, { token: who?.token, body });
  const kickoffOf = async (who: SignedInUser) => {
    const response = await call('GET', who);
    expect(response.status).toBe(200);
    return kickoffResponseSchema.parse(response.body).kickoff;
  };

  it('is null until the organisation books it, then the booking for everyone in it, and no one else', async () => {
    const organizationId = randomUUID();
    const [owner, colleague, stranger] = await Promise.all([
      crm().signIn('customer', { org: organizationId }),
      crm().signIn('customer', { org: organizationId }),
      crm().signIn('customer', { org: randomUUID() }),
    ]);
    expect(await kickoffOf(owner)).toBeNull();

    const booked = await call('POST', owner, {});
    expect(booked.status).toBe(200);
    expect(kickoffResponseSchema.parse(booked.body).kickoff).toEqual({
      bookedAt: expect.any(String),
      eventUri: null,
    });

    expect(await kickoffOf(colleague)).toEqual(kickoffResponseSchema.parse(booked.body).kickoff);
    expect(await kickoffOf(stranger)).toBeNull();
  });

  it('keeps one booking per organisation, completed by the Calendly event when it comes', async () => {
    const customer = await crm().signIn();
    await call('POST', customer, {});
    const confirmed = await call('POST', customer, { eventUri: EVENT_URI });
    expect(kickoffResponseSchema.parse(confirmed.body).kickoff?.eventUri).toBe(EVENT_URI);
    // A second plain request does not forget the event.
    await call('POST', customer, {});
    expect((await kickoffOf(customer))?.eventUri).toBe(EVENT_URI);

    const rows = (await crm().dataSource.query(
      'SELECT owner_id, organization_id, customer_id FROM kickoff_calls WHERE customer_id = $1',
      [customer.id],
    )) as Record<string, unknown>[];
    expect(rows).toEqual([
      {
        owner_id: customer.organizationId,
        organization_id: customer.organizationId,
        customer_id: customer.id,
      },
    ]);
  });

  it('shows every member the booking, and lets only those who manage integrations book it', async () => {
    const organizationId = randomUUID();
    const member = (orgRole: 'owner' | 'admin' | 'billing' | 'crm_manager' | 'member') =>
      crm().signIn('customer', { org: organizationId, orgRole });
    for (const orgRole of ['billing', 'member'] as const) {
      const who = await member(orgRole);
      expect(await call('POST', who, {})).toMatchObject({
        status: 403,
        body: { statusCode: 403, message: teamMessages.notAllowed },
      });
      expect(await kickoffOf(who)).toBeNull();
    }
    const manager = await member('crm_manager');
    expect((await call('POST', manager, {})).status).toBe(200);
    for (const orgRole of ['owner', 'admin', 'billing', 'crm_manager', 'member'] as const) {
      expect(await kickoffOf(await member(orgRole))).toEqual({
        bookedAt: expect.any(String),
        eventUri: null,
      });
    }
    expect(await call('GET', await crm().signIn('customer', { org: null, orgRole: null }))).toMatchObject({
      status: 403,
      body: { statusCode: 403, message: teamMessages.noOrganization },
    });
  });

  it.each([
    ['an address that is not Calendly', { eventUri: 'https://evil.example.com/scheduled_events/1' }],
    ['plain http', { eventUri: 'http://api.calendly.com/scheduled_events/1' }],
    ['an unknown field', { when: 'tomorrow' }],
  ])('answers 400 to %s, recording nothing', async (_case, body) => {
    const customer = await crm().signIn();
    const response = await call('POST', customer, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ statusCode: 400, message: expect.any(String) });
    if ('eventUri' in body) expect(response.body.message).toContain(kickoffMessages.eventUriInvalid);
    expect(await kickoffOf(customer)).toBeNull();
  });

  it('answers 401 signed out and 403 to staff', async () => {
    expect((await call('GET')).body).toEqual({ statusCode: 401, message: authMessages.missingToken });
    const staff = await crm().signIn('admin');
    expect((await call('POST', staff, {})).body).toEqual({
      statusCode: 403,
      message: authMessages.forbidden,
    });
  });
});
