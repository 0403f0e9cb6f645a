import { randomUUID } from 'node:crypto';
import {
  accountExportPartSchema,
  type CallCompletedData,
  type MembershipChangedData,
  METRIC_SERIES_DAYS,
  type UserDeletedData,
} from '@portal/contracts';
import {
  authenticationRequired,
  legacyOwnershipData,
  request,
  sleep,
  startForSuite,
  userDeletedData,
  waitFor,
} from '@portal/testing';
import { type Customer, startKpi } from '../test/kpi-harness';

describe('kpi: the account export and erasure', () => {
  const stack = startForSuite(startKpi);
  const rows = <T>(sql: string, params: unknown[] = []) =>
    stack().service.dataSource.query(sql, params) as Promise<T[]>;

  const call = (who: Customer, occurredAt: string, integrationId = randomUUID()): CallCompletedData => ({
    integrationId,
    customerId: who.id,
    organizationId: who.organizationId,
    occurredAt,
    callId: randomUUID(),
    durationSeconds: 95,
    resolution: 'resolved',
    agentId: 'agent-3',
  });
  const exportOf = (who?: Customer) =>
    request(stack().service.baseUrl, 'GET', '/api/account/export/kpi', { token: who?.token });
  const metricsOf = async (who: Customer) =>
    (await rows<{ n: number }>('SELECT count(*)::int AS n FROM metrics WHERE customer_id = $1', [who.id]))[0]
      .n;

  it("answers the caller's own metrics and daily counts as the kpi part of the export, never another customer's", async () => {
    stack().clock.current = new Date('2026-11-24T15:00:00Z');
    const [ann, ben] = await Promise.all([stack().signIn(), stack().signIn()]);
    const integration = randomUUID();
    await stack().publish('callCompleted', call(ann, '2026-11-24T14:00:00Z', integration));
    await stack().publish('leadGenerated', {
      integrationId: integration,
      customerId: ann.id,
      organizationId: ann.organizationId,
      occurredAt: '2026-11-23T16:30:00Z',
      leadId: randomUUID(),
      source: 'web-form',
    });
    await stack().publish('callCompleted', call(ben, '2026-11-24T14:30:00Z'));
    await waitFor(async () => (await metricsOf(ann)) === 2 && (await metricsOf(ben)) === 1, 'the metrics');

    const response = await exportOf(ann);
    expect(response.status).toBe(200);
    const part = accountExportPartSchema.parse(response.body);
    expect(part.service).toBe('kpi');
    expect(part.exportedAt).toBe('2026-11-24T15:00:00.000Z');
    expect(part.data.timezone).toBe('America/New_York');
    expect(part.data.metrics).toEqual([
      { metricType: 'leads', occurredAt: '2026-11-23T16:30:00.000Z', integrationId: integration },
      { metricType: 'calls', occurredAt: '2026-11-24T14:00:00.000Z', integrationId: integration },
    ]);
    const daily = part.data.daily as { date: string; calls: number; leads: number }[];
    expect(daily).toHaveLength(METRIC_SERIES_DAYS);
    expect(daily.at(-1)).toEqual({ date: '2026-11-24', calls: 1, leads: 0, conversions: 0 });
    expect(daily.at(-2)).toEqual({ date: '2026-11-23', calls: 0, leads: 1, conversions: 0 });

    const bens = accountExportPartSchema.parse((await exportOf(ben)).body);
    expect(bens.data.metrics).toEqual([
      { metricType: 'calls', occurredAt: '2026-11-24T14:30:00.000Z', integrationId: expect.any(String) },
    ]);
    expect(JSON.stringify(bens)).not.toContain(integration);
  });

  it('answers 401 without a token, and an empty export to staff', async () => {
    expect(await exportOf()).toMatchObject(authenticationRequired);
    const staff = accountExportPartSchema.parse((await exportOf(await stack().signIn('admin'))).body);
    expect(staff.data.metrics).toEqual([]);
  });

  it("keeps a deleted member's metrics for the organisation that remains, erases those outside any, and the organisation's with its zone when it was the last member", async () => {
    stack().clock.current = new Date();
    const organizationId = randomUUID();
    const cat = await stack().signIn('customer', { org: organizationId });
    const dan = await stack().signIn('customer', { org: organizationId });
    await stack().publish('organizationCreated', {
      organizationId,
      name: 'Harbor Dental',
      planId: 'scale',
      timezone: 'America/Chicago',
      createdAt: new Date().toISOString(),
    });
    const now = new Date().toISOString();
    await stack().publish('callCompleted', call(cat, now));
    await stack().publish('callCompleted', call(cat, now));
    await stack().publish('callCompleted', call(dan, now));
    // A call of an integration cat connected before organizations owned data.
    await stack().publish('callCompleted', { ...call(cat, now), organizationId: null });
    await waitFor(async () => (await metricsOf(cat)) === 3 && (await metricsOf(dan)) === 1, 'the metrics');
    const zone = () => rows('SELECT timezone FROM organizations WHERE id = $1', [organizationId]);
    await waitFor(async () => (await zone()).length === 1, 'the organisation');

    // cat leaves first: dan is still a member, so the organisation keeps cat's calls and its zone.
    const first = await stack().publish('userDeleted', userDeletedData(cat, false));
    await waitFor(
      async () => (await metricsOf(cat)) === 2,
      "cat's metrics outside the organisation to be erased",
    );
    const counts = await request(stack().service.baseUrl, 'GET', '/api/kpi/metrics', { token: dan.token });
    expect(counts.body).toMatchObject({ today: { calls: 3 } });
    expect(await metricsOf(dan)).toBe(1);
    expect(await zone()).toEqual([{ timezone: 'America/Chicago' }]);

    // Delivered again: nothing more happens.
    const processed = async () =>
      (await rows<{ n: number }>('SELECT count(*)::int AS n FROM processed_events'))[0].n;
    const before = await processed();
    await stack().publish('userDeleted', first.data as UserDeletedData, first);
    await sleep(300);
    expect(await processed()).toBe(before);
    expect(await metricsOf(dan)).toBe(1);

    await stack().publish('userDeleted', userDeletedData(dan, true));
    await waitFor(async () => (await metricsOf(dan)) === 0, "dan's metrics to be erased");
    expect(await metricsOf(cat)).toBe(0);
    await waitFor(async () => (await zone()).length === 0, "the organisation's zone to be forgotten");
  });

  it("moves the metrics of a customer's integrations of before organizations to the organization identity made them the owner of, once", async () => {
    stack().clock.current = new Date();
    const organizationId = randomUUID();
    const [owner, member, stranger] = await Promise.all([
      stack().signIn('customer', { org: organizationId, orgRole: 'owner' }),
      stack().signIn('customer', { org: organizationId, orgRole: 'member' }),
      stack().signIn(),
    ]);
    const now = new Date().toISOString();
    await stack().publish('callCompleted', { ...call(owner, now), organizationId: null });
    await stack().publish('callCompleted', { ...call(owner, now), organizationId: null });
    await stack().publish('callCompleted', { ...call(owner, now), organizationId: stranger.organizationId });
    await stack().publish('callCompleted', { ...call(stranger, now), organizationId: null });
    await waitFor(
      async () => (await metricsOf(owner)) === 3 && (await metricsOf(stranger)) === 1,
      'the metrics',
    );
    const callsToday = async (who: Customer) =>
      (
        (await request(stack().service.baseUrl, 'GET', '/api/kpi/metrics', { token: who.token })).body as {
          today: { calls: number };
        }
      ).today.calls;
    expect(await callsToday(member)).toBe(0);

    await stack().publish('membershipChanged', {
      ...legacyOwnershipData(member, organizationId),
      role: 'member',
      claimsLegacyData: false,
    });
    const event = await stack().publish('membershipChanged', legacyOwnershipData(owner, organizationId));
    await waitFor(async () => (await callsToday(member)) === 2, 'the legacy claim');
    expect(await callsToday(owner)).toBe(2);
    const owners = await rows<{ organization_id: string | null; n: number }>(
      `SELECT organization_id, count(*)::int AS n FROM metrics WHERE customer_id = ANY($1)
       GROUP BY organization_id ORDER BY n DESC`,
      [[owner.id, stranger.id]],
    );
    expect(owners).toEqual(
      expect.arrayContaining([
        { organization_id: organizationId, n: 2 },
        { organization_id: stranger.organizationId, n: 1 },
        { organization_id: null, n: 1 },
      ]),
    );

    const processed = async () =>
      (await rows<{ n: number }>('SELECT count(*)::int AS n FROM processed_events'))[0].n;
    const handled = await processed();
    await stack().publish('membershipChanged', event.data as MembershipChangedData, event);
    await stack().publish('membershipChanged', legacyOwnershipData(owner, randomUUID(), 2));
    await waitFor(async () => (await processed()) === handled + 1, 'the second claim to be handled');
    expect(await callsToday(member)).toBe(2);
  });
});
