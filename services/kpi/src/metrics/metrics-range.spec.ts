import { randomUUID } from 'node:crypto';
import {
  type CallCompletedData,
  kpiRangeMessages,
  metricsResponseSchema,
  type MetricsResponse,
} from '@portal/contracts';
import { sleep, startForSuite } from '@portal/testing';
import { type Customer, startKpi } from '../test/kpi-harness';

describe('kpi: GET /api/kpi/metrics over a range, and its CSV export', () => {
  const stack = startForSuite(startKpi);

  const call = (who: Customer, occurredAt: string): CallCompletedData => ({
    integrationId: randomUUID(),
    customerId: who.id,
    organizationId: who.organizationId,
    occurredAt,
    callId: randomUUID(),
    durationSeconds: 60,
    resolution: 'resolved',
    agentId: 'agent-1',
  });

  async function metricsOf(who: Customer, query?: string): Promise<MetricsResponse> {
    const response = await stack().metrics(who, query);
    expect(response.status).toBe(200);
    return metricsResponseSchema.parse(response.body);
  }

  /** Counted calls of `who` once `total` of them are in the range of `query`, or after 10 s. */
  async function metricsWhen(who: Customer, query: string, total: number) {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const metrics = await metricsOf(who, query);
      const calls = metrics.daily.reduce((sum, day) => sum + day.calls, 0);
      if (calls >= total || Date.now() > deadline) return metrics;
      await sleep(50);
    }
  }

  // 15:00 UTC on 2026-11-24 is 10:00 that day in New York.
  const NOW = new Date('2026-11-24T15:00:00Z');

  it('answers each preset with its days, oldest first, ending today, and today whatever the range', async () => {
    stack().clock.current = NOW;
    const ann = await stack().signIn();
    const cases = [
      ['range=7d', '7d', '2026-11-18', 7],
      ['', '30d', '2026-10-26', 30],
      ['range=30d', '30d', '2026-10-26', 30],
      ['range=90d', '90d', '2026-08-27', 90],
      ['range=month', 'month', '2026-11-01', 24],
    ] as const;
    for (const [query, preset, from, days] of cases) {
      const metrics = await metricsOf(ann, query);
      expect(metrics.range).toEqual({ preset, from, to: '2026-11-24' });
      expect(metrics.daily).toHaveLength(days);
      expect(metrics.daily[0].date).toBe(from);
      expect(metrics.daily.at(-1)?.date).toBe('2026-11-24');
      expect(metrics.today.date).toBe('2026-11-24');
    }
  });

  it('counts a custom range of past days by the organization’s calendar, and still tells today', async () => {
    stack().clock.current = NOW;
    const bea = await stack().signIn();
    for (const at of [
      '2025-12-01T04:59:00Z', // Nov 30, 23:59 in New York: outside the range
      '2025-12-01T05:00:00Z', // Dec 1, 00:00: the range's first day
      '2025-12-31T12:00:00Z',
      '2026-01-01T04:59:59Z', // Dec 31, 23:59:59: its last day
      '2026-01-01T05:00:00Z', // Jan 1: outside
      '2026-11-24T14:00:00Z', // today
    ]) {
      await stack().publish('callCompleted', call(bea, at));
    }
    const query = 'range=custom&from=2025-12-01&to=2025-12-31';
    const metrics = await metricsWhen(bea, query, 3);
    expect(metrics.range).toEqual({ preset: 'custom', from: '2025-12-01', to: '2025-12-31' });
    expect(metrics.daily).toHaveLength(31);
    expect(metrics.daily[0]).toEqual({ date: '2025-12-01', calls: 1, leads: 0, conversions: 0 });
    expect(metrics.daily.at(-1)).toEqual({ date: '2025-12-31', calls: 2, leads: 0, conversions: 0 });
    expect(metrics.daily.reduce((sum, day) => sum + day.calls, 0)).toBe(3);
    // Today is outside the range, and its count is still there for the cards.
    await sleep(200);
    expect((await metricsOf(bea, query)).today).toEqual({
      date: '2026-11-24',
      calls: 1,
      leads: 0,
      conversions: 0,
    });
  });

  it('takes a custom range of 13 months and refuses a longer one', async () => {
    stack().clock.current = NOW;
    const cal = await stack().signIn();
    const longest = await metricsOf(cal, 'range=custom&from=2025-10-24&to=2026-11-24');
    expect(longest.daily).toHaveLength(397);
    // The 31st of a month ending 13 months later in a shorter month: its last day.
    expect((await stack().metrics(cal, 'range=custom&from=2025-02-28&to=2026-03-31')).status).toBe(200);
    for (const query of [
      'range=custom&from=2025-10-23&to=2026-11-24',
      'range=custom&from=2025-02-27&to=2026-03-31',
    ]) {
      expect(await stack().metrics(cal, query)).toMatchObject({
        status: 400,
        body: { statusCode: 400, message: kpiRangeMessages.tooLong },
      });
    }
  });

  it('answers 400 with a message to a range it cannot show', async () => {
    stack().clock.current = NOW;
    const dee = await stack().signIn();
    const refused: [string, string | RegExp][] = [
      ['range=custom&from=2026-11-01&to=2026-11-25', kpiRangeMessages.inFuture],
      ['range=custom&from=2026-11-10&to=2026-11-01', kpiRangeMessages.fromAfterTo],
      ['range=custom&from=2026-11-01', kpiRangeMessages.fromAndToRequired],
      ['range=7d&from=2026-11-01&to=2026-11-02', kpiRangeMessages.fromAndToOnlyForCustom],
      ['range=custom&from=2026-02-30&to=2026-03-02', kpiRangeMessages.badDate],
      ['range=custom&from=yesterday&to=2026-11-02', kpiRangeMessages.badDate],
      ['range=365d', 'range must be 7d, 30d, 90d, month or custom'],
      ['range=7d&organizationId=x', /organizationId/],
    ];
    for (const [query, message] of refused) {
      const response = await stack().metrics(dee, query);
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
      expect((response.body as { message: string }).message).toEqual(
        message instanceof RegExp ? expect.stringMatching(message) : message,
      );
    }
    // The same answer from the export, as JSON.
    const response = await stack().exportCsv(dee, 'range=custom&from=2026-11-01&to=2026-11-25');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ statusCode: 400, message: kpiRangeMessages.inFuture });
  });

  it("exports the range's daily rows as a CSV download named after the range, and only the organization's", async () => {
    stack().clock.current = NOW;
    const [eve, stranger] = await Promise.all([stack().signIn(), stack().signIn()]);
    await stack().publish('callCompleted', call(eve, '2026-11-20T15:00:00Z'));
    await stack().publish('callCompleted', call(eve, '2026-11-20T16:00:00Z'));
    await stack().publish('leadGenerated', {
      ...call(eve, '2026-11-24T12:00:00Z'),
      leadId: randomUUID(),
      source: null,
    });
    await stack().publish('callCompleted', call(stranger, '2026-11-21T15:00:00Z'));
    await metricsWhen(eve, 'range=7d', 2);
    await metricsWhen(stranger, 'range=7d', 1);
    await sleep(200);

    const response = await stack().exportCsv(eve, 'range=7d');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="kpis-2026-11-18-to-2026-11-24.csv"',
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toBe(
      [
        'Date,Calls,Leads,Conversions',
        '2026-11-18,0,0,0',
        '2026-11-19,0,0,0',
        '2026-11-20,2,0,0',
        '2026-11-21,0,0,0',
        '2026-11-22,0,0,0',
        '2026-11-23,0,0,0',
        '2026-11-24,0,1,0',
        '',
      ].join('\r\n'),
    );

    const custom = await stack().exportCsv(eve, 'range=custom&from=2026-11-20&to=2026-11-20');
    expect(custom.headers.get('content-disposition')).toBe(
      'attachment; filename="kpis-2026-11-20-to-2026-11-20.csv"',
    );
    expect(await custom.text()).toBe('Date,Calls,Leads,Conversions\r\n2026-11-20,2,0,0\r\n');
  });

  it('answers the export 401 without a token, 403 to staff and to a customer outside any organization', async () => {
    expect((await stack().exportCsv()).status).toBe(401);
    expect((await stack().exportCsv(await stack().signIn('admin'))).status).toBe(403);
    const alone = await stack().signIn('customer', { org: null, orgRole: null });
    expect((await stack().exportCsv(alone)).status).toBe(403);
  });
});
