import { randomUUID } from 'node:crypto';
import {
  type CallCompletedData,
  type CustomerLeadData,
  METRIC_SERIES_DAYS,
  metricRecordedDataSchema,
  metricsResponseSchema,
  type MetricsResponse,
  subjects,
  teamMessages,
} from '@portal/contracts';
import { sleep, startForSuite, waitFor } from '@portal/testing';
import { type Customer, startKpi } from '../test/kpi-harness';

describe('kpi: metrics built from events, GET /api/kpi/metrics', () => {
  const stack = startForSuite(startKpi);

  const activity = (who: Customer, occurredAt: string) => ({
    integrationId: randomUUID(),
    customerId: who.id,
    organizationId: who.organizationId,
    occurredAt,
  });
  const call = (who: Customer, occurredAt: string): CallCompletedData => ({
    ...activity(who, occurredAt),
    callId: randomUUID(),
    durationSeconds: 184,
    resolution: 'resolved',
    agentId: 'agent-7',
  });
  const lead = (who: Customer, occurredAt: string): CustomerLeadData => ({
    ...activity(who, occurredAt),
    leadId: randomUUID(),
    source: 'inbound-call',
  });

  async function metricsOf(who: Customer): Promise<MetricsResponse> {
    const response = await stack().metrics(who);
    expect(response.status).toBe(200);
    return metricsResponseSchema.parse(response.body);
  }

  /** The counts once `done` holds, or the last answer after 10 s. */
  async function metricsWhen(who: Customer, done: (metrics: MetricsResponse) => boolean) {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const metrics = await metricsOf(who);
      if (done(metrics) || Date.now() > deadline) return metrics;
      await sleep(50);
    }
  }

  /** A customer of a new organization that identity announced in `timezone`. */
  async function customerOfNewOrganization(name: string, timezone: string): Promise<Customer> {
    const organizationId = randomUUID();
    const customer = await stack().signIn('customer', { org: organizationId });
    await stack().publish('organizationCreated', {
      organizationId,
      name,
      planId: 'scale',
      timezone,
      createdAt: new Date().toISOString(),
    });
    return customer;
  }

  const day = (metrics: MetricsResponse, date: string) => metrics.daily.find((each) => each.date === date);
  const processed = async () =>
    Number((await stack().service.dataSource.query('SELECT count(*)::int AS n FROM processed_events'))[0].n);

  it('answers 30 days of zeros, oldest first and ending today, to a customer without metrics', async () => {
    stack().clock.current = new Date('2026-11-24T15:00:00Z');
    const metrics = await metricsOf(await stack().signIn());
    expect(metrics.timezone).toBe('America/New_York');
    expect(metrics.daily).toHaveLength(METRIC_SERIES_DAYS);
    expect(metrics.daily[0]).toEqual({ date: '2026-10-26', calls: 0, leads: 0, conversions: 0 });
    expect(metrics.today).toEqual({ date: '2026-11-24', calls: 0, leads: 0, conversions: 0 });
    expect(metrics.daily.at(-1)).toEqual(metrics.today);
    expect(metrics.range).toEqual({ preset: '30d', from: '2026-10-26', to: '2026-11-24' });
  });

  it('counts calls, leads and conversions once each, however often an event is delivered, and announces each', async () => {
    stack().clock.current = new Date();
    const ann = await stack().signIn();
    const now = new Date().toISOString();
    const first = await stack().publish('callCompleted', call(ann, now));
    await stack().publish('callCompleted', first.data as CallCompletedData, first); // delivered again
    await stack().publish('callCompleted', call(ann, now));
    await stack().publish('leadGenerated', lead(ann, now));
    await stack().publish('leadConverted', lead(ann, now));

    const metrics = await metricsWhen(ann, (m) => m.today.calls >= 2 && m.today.conversions >= 1);
    expect(metrics.today).toMatchObject({ calls: 2, leads: 1, conversions: 1 });
    // The repeat has been handled (acknowledged) too, and still counted once.
    const before = await processed();
    await sleep(300);
    expect(await processed()).toBe(before);
    expect((await metricsOf(ann)).today).toMatchObject({ calls: 2, leads: 1, conversions: 1 });

    const announced = await stack().service.dataSource.query(
      `SELECT data FROM outbox WHERE subject = $1 AND data->>'customerId' = $2 ORDER BY seq`,
      [subjects.metricRecorded, ann.id],
    );
    // Calls and leads have consumers of their own, so only each type's count is in a set order.
    expect(
      announced.map((row: { data: unknown }) => metricRecordedDataSchema.parse(row.data).metricType).sort(),
    ).toEqual(['calls', 'calls', 'conversions', 'leads']);
  });

  it('counts by the New York calendar date around midnight UTC', async () => {
    const bea = await stack().signIn();
    // 2026-03-10 05:00 UTC is 01:00 on March 10 in New York (EDT, UTC-4 since March 8).
    stack().clock.current = new Date('2026-03-10T05:00:00Z');
    for (const at of [
      '2026-03-10T00:30:00Z', // March 9, 20:30 in New York, though March 10 in UTC
      '2026-03-10T03:59:59Z', // March 9, 23:59:59
      '2026-03-10T04:00:00Z', // March 10, 00:00
      '2026-03-10T04:45:00Z', // March 10, 00:45
      '2026-03-09T03:00:00Z', // March 8, 23:00
    ]) {
      await stack().publish('callCompleted', call(bea, at));
    }
    const metrics = await metricsWhen(
      bea,
      (m) => (day(m, '2026-03-08')?.calls ?? 0) >= 1 && m.today.calls >= 2,
    );
    expect(metrics.today).toEqual({ date: '2026-03-10', calls: 2, leads: 0, conversions: 0 });
    expect(day(metrics, '2026-03-09')?.calls).toBe(2);
    expect(day(metrics, '2026-03-08')?.calls).toBe(1);
  });

  it("uses the organisation's own time zone once identity announces it", async () => {
    const cam = await customerOfNewOrganization('Pacific Dental', 'America/Los_Angeles');
    // 08:30 UTC on March 10 is 01:30 in Los Angeles (PDT, UTC-7): still March 10 there...
    stack().clock.current = new Date('2026-03-10T08:30:00Z');
    await stack().publish('callCompleted', call(cam, '2026-03-10T07:30:00Z')); // 00:30 PDT, March 10
    await stack().publish('callCompleted', call(cam, '2026-03-10T06:30:00Z')); // 23:30 PDT, March 9
    const metrics = await metricsWhen(
      cam,
      (m) => m.timezone === 'America/Los_Angeles' && m.today.calls + (day(m, '2026-03-09')?.calls ?? 0) >= 2,
    );
    expect(metrics.timezone).toBe('America/Los_Angeles');
    expect(metrics.today).toMatchObject({ date: '2026-03-10', calls: 1 });
    expect(day(metrics, '2026-03-09')?.calls).toBe(1);
  });

  it('keeps the default zone for an organisation whose zone PostgreSQL does not know', async () => {
    const dee = await customerOfNewOrganization('Nowhere Inc', 'Mars/Olympus_Mons');
    const rows = await waitFor(async () => {
      const stored: { timezone: string }[] = await stack().service.dataSource.query(
        'SELECT timezone FROM organizations WHERE id = $1',
        [dee.organizationId],
      );
      return stored.length > 0 && stored;
    }, 'the organization to be stored');
    expect(rows).toEqual([{ timezone: 'America/New_York' }]);
    expect((await metricsOf(dee)).timezone).toBe('America/New_York');
  });

  it("shows a customer only their own metrics, and ignores the contact form's leads", async () => {
    stack().clock.current = new Date();
    const [eve, fay] = await Promise.all([stack().signIn(), stack().signIn()]);
    const now = new Date().toISOString();
    await stack().publish('callCompleted', call(eve, now));
    await stack().publish('leadCreated', {
      submissionId: randomUUID(),
      firstName: 'Gil',
      lastName: 'Hart',
      email: 'gil@example.com',
      company: null,
      message: 'Please call me back',
      createdAt: now,
    });
    await stack().publish('leadGenerated', lead(fay, now));
    await metricsWhen(fay, (m) => m.today.leads >= 1);
    expect((await metricsWhen(eve, (m) => m.today.calls >= 1)).today).toMatchObject({ calls: 1, leads: 0 });
    expect((await metricsOf(fay)).today).toMatchObject({ calls: 0, leads: 1, conversions: 0 });
  });

  it("shows every member of an organization, whatever their role, the organization's counts, and another organization none of them", async () => {
    stack().clock.current = new Date();
    const organizationId = randomUUID();
    const owner = await stack().signIn('customer', { org: organizationId, orgRole: 'owner' });
    const manager = await stack().signIn('customer', { org: organizationId, orgRole: 'crm_manager' });
    const now = new Date().toISOString();
    // Calls of integrations two members connected.
    await stack().publish('callCompleted', call(owner, now));
    await stack().publish('callCompleted', call(manager, now));
    await stack().publish('leadGenerated', lead(manager, now));
    for (const orgRole of ['owner', 'admin', 'billing', 'crm_manager', 'member'] as const) {
      const who = await stack().signIn('customer', { org: organizationId, orgRole });
      expect((await metricsWhen(who, (m) => m.today.calls >= 2 && m.today.leads >= 1)).today).toMatchObject({
        calls: 2,
        leads: 1,
        conversions: 0,
      });
    }
    // Organization B, even the same person acting in it.
    for (const outsider of [
      await stack().signIn('customer', { orgRole: 'member' }),
      await stack().signIn('customer', { sub: owner.id, orgRole: 'owner' }),
    ]) {
      expect((await metricsOf(outsider)).today).toMatchObject({ calls: 0, leads: 0, conversions: 0 });
    }
  });

  it('answers 403 to a customer outside any organization', async () => {
    expect(
      await stack().metrics(await stack().signIn('customer', { org: null, orgRole: null })),
    ).toMatchObject({
      status: 403,
      body: { statusCode: 403, message: teamMessages.noOrganization },
    });
  });

  it('answers 401 without a token and 403 to staff', async () => {
    expect(await stack().metrics()).toMatchObject({
      status: 401,
      body: { message: 'Authentication required' },
    });
    expect((await stack().metrics(await stack().signIn('admin'))).status).toBe(403);
  });
});
