import { randomUUID } from 'node:crypto';
import {
  type Incident,
  type MailRequestedData,
  STATUS_SUBSCRIBE_PER_EMAIL_PER_HOUR,
  statusMessages,
  statusPageSchema,
} from '@portal/contracts';
import {
  authenticationRequired,
  fromNewClientAddress,
  request,
  startForSuite,
  startOnTestEventSpace,
  uniqueEmail,
  waitFor,
} from '@portal/testing';
import { type Customer, startSupport } from '../test/support-harness';
import { StatusPageService } from './status-page.service';
import { StatusSamplesService } from './status-samples.service';

jest.setTimeout(60_000);

describe('support: the public status page', () => {
  const stack = startForSuite(() => startOnTestEventSpace('support', (events) => startSupport({ events })));
  const service = () => stack().support.service;
  const rows = <T>(sql: string, params: unknown[] = []) =>
    service().dataSource.query(sql, params) as Promise<T[]>;
  const call = <T = Record<string, unknown> & { message?: string }>(
    method: string,
    path: string,
    options: { who?: Customer; body?: unknown; headers?: Record<string, string> } = {},
  ) =>
    request<T>(service().baseUrl, method, path, {
      token: options.who?.token,
      body: options.body,
      headers: options.headers,
    });
  const freshPage = () => service().app.get(StatusPageService).build();
  const samples = () => service().app.get(StatusSamplesService);
  const mailsTo = async (email: string): Promise<MailRequestedData[]> =>
    (
      await rows<{ data: MailRequestedData }>(
        `SELECT data FROM outbox WHERE type = 'mail.requested' AND data->>'to' = $1 ORDER BY seq`,
        [email],
      )
    ).map((row) => row.data);

  let staff: Customer;
  let customer: Customer;
  beforeAll(async () => {
    [staff, customer] = await Promise.all([stack().support.signIn('admin'), stack().support.signIn()]);
  });
  beforeEach(async () => {
    await rows('DELETE FROM status_samples');
  });

  describe('samples and uptime', () => {
    it('keeps one row per service and minute whatever the replicas and redeliveries send, with the worst state seen', async () => {
      const minute = new Date(Date.now() - 5 * 60_000);
      minute.setUTCSeconds(0, 0);
      const at = (seconds: number) => new Date(minute.getTime() + seconds * 1000).toISOString();
      const sample = (seconds: number, state: 'operational' | 'degraded' | 'outage') => ({
        sampledAt: at(seconds),
        services: [
          { service: 'api' as const, state },
          { service: 'website' as const, state: 'operational' as const },
        ],
      });
      // Two gateway replicas, each twice in the minute; one saw the API degraded; the same event twice.
      const events = stack().events;
      const twice = await events.publish('statusSampled', sample(1, 'operational'));
      await events.publish('statusSampled', sample(1, 'operational'), twice);
      await events.publish('statusSampled', sample(20, 'degraded'));
      await events.publish('statusSampled', sample(31, 'operational'));
      await events.publish('statusSampled', sample(50, 'operational'));
      await waitFor(
        async () =>
          (
            await rows<{ sampled_at: Date }>(`SELECT sampled_at FROM status_samples WHERE service = 'api'`)
          ).some((row) => new Date(row.sampled_at).toISOString() === at(50)),
        'the last sample recorded',
        20_000,
      );
      const recorded = await rows<{ service: string; minute: Date; state: string }>(
        'SELECT service, minute, state FROM status_samples ORDER BY service',
      );
      expect(recorded.map(({ service, state }) => [service, state])).toEqual([
        ['api', 'degraded'],
        ['website', 'operational'],
      ]);
      expect(recorded.every((row) => new Date(row.minute).getTime() === minute.getTime())).toBe(true);

      // A later operational sample of the same minute does not make it better.
      await samples().record(sample(55, 'operational'));
      expect(
        (await rows<{ state: string }>(`SELECT state FROM status_samples WHERE service = 'api'`))[0].state,
      ).toBe('degraded');
    });

    it('computes daily uptime from the sampled minutes, leaves unsampled days as no data, and shows the current state', async () => {
      const now = new Date();
      const today = now.toISOString().slice(0, 10);
      const dayAgo = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000);
      // Two days ago: 10 minutes of the integrations ingest, 1 in outage, 2 degraded. Yesterday: nothing.
      for (let index = 0; index < 10; index += 1) {
        await samples().record({
          sampledAt: new Date(dayAgo(2).getTime() + index * 60_000 + 5_000).toISOString(),
          services: [
            {
              service: 'integrations-ingest',
              state: index === 3 ? 'outage' : index >= 8 ? 'degraded' : 'operational',
            },
          ],
        });
      }
      // Just now: live metrics down, the others operational (no sample of the API: unknown).
      await samples().record({
        sampledAt: new Date(now.getTime() - 10_000).toISOString(),
        services: [
          { service: 'website', state: 'operational' },
          { service: 'customer-portal', state: 'operational' },
          { service: 'integrations-ingest', state: 'operational' },
          { service: 'live-metrics', state: 'outage' },
        ],
      });

      const page = statusPageSchema.parse(await freshPage());
      const ingest = page.services.find((entry) => entry.id === 'integrations-ingest')!;
      expect(ingest.days).toHaveLength(90);
      expect(ingest.days.at(-1)!.date).toBe(today);
      expect(ingest.days.at(-3)).toEqual({
        date: dayAgo(2).toISOString().slice(0, 10),
        uptime: 90,
        sampledMinutes: 10,
        degradedMinutes: 2,
      });
      expect(ingest.days.at(-2)).toMatchObject({ uptime: null, sampledMinutes: 0 });
      expect(ingest.days.at(-1)).toMatchObject({ uptime: 100, sampledMinutes: 1 });
      expect(ingest.days[0]).toMatchObject({ uptime: null });
      expect(ingest.uptime).toBeCloseTo((10 / 11) * 100, 2);
      expect(ingest.state).toBe('operational');

      const byId = Object.fromEntries(page.services.map((entry) => [entry.id, entry]));
      expect(byId['live-metrics']).toMatchObject({ state: 'outage', measured: 'outage', uptime: 0 });
      expect(byId.api).toMatchObject({ state: 'unknown', measured: null, uptime: null });
      expect(page.overall).toBe('outage');
      // 14 sampled minutes in all (10 two days ago, 4 services just now), 2 in outage.
      expect(page.uptime).toBeCloseTo((12 / 14) * 100, 2);
    });

    it('serves GET /api/status to anyone, cached briefly', async () => {
      const response = await call('GET', '/api/status');
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=15');
      expect(statusPageSchema.parse(response.body).services.map((entry) => entry.id)).toEqual([
        'website',
        'customer-portal',
        'api',
        'integrations-ingest',
        'live-metrics',
      ]);
    });
  });

  describe('incidents', () => {
    const open = (who: Customer | undefined, body: unknown) =>
      call<{ incident: Incident; message?: string }>('POST', '/api/support/staff/incidents', { who, body });
    const update = (who: Customer | undefined, id: string, body: unknown) =>
      call<{ incident: Incident; message?: string }>('POST', `/api/support/staff/incidents/${id}/updates`, {
        who,
        body,
      });

    it('lets staff open, update and resolve an incident, which the page shows and applies to the services it names', async () => {
      await samples().record({
        sampledAt: new Date().toISOString(),
        services: [{ service: 'api', state: 'operational' }],
      });
      const title = `API errors ${randomUUID().slice(0, 6)}`;
      const opened = await open(staff, {
        title,
        services: ['api'],
        impact: 'outage',
        message: 'Some API calls answer 502. We are looking into it.',
      });
      expect(opened.status).toBe(201);
      expect(opened.body.incident).toMatchObject({
        title,
        status: 'investigating',
        impact: 'outage',
        resolvedAt: null,
      });
      const id = opened.body.incident.id;

      let page = await call<{ incidents: Incident[]; services: { id: string; state: string }[] }>(
        'GET',
        '/api/status',
      );
      expect(page.body.incidents[0]).toMatchObject({ id, title });
      expect(page.body.services.find((entry) => entry.id === 'api')?.state).toBe('outage');

      const identified = await update(staff, id, {
        status: 'identified',
        message: 'A bad deploy; rolling back.',
        impact: 'degraded',
      });
      expect(identified.status).toBe(201);
      expect(identified.body.incident).toMatchObject({ status: 'identified', impact: 'degraded' });
      expect(identified.body.incident.updates.map((entry) => entry.status)).toEqual([
        'identified',
        'investigating',
      ]);

      const resolved = await update(staff, id, {
        status: 'resolved',
        message: 'Rolled back; all calls answer.',
      });
      expect(resolved.status).toBe(201);
      expect(resolved.body.incident.resolvedAt).not.toBeNull();
      page = await call('GET', '/api/status');
      expect(page.body.incidents.find((incident) => incident.id === id)).toMatchObject({
        status: 'resolved',
      });
      expect(page.body.services.find((entry) => entry.id === 'api')?.state).toBe('operational');

      expect(await update(staff, id, { status: 'monitoring', message: 'again' })).toMatchObject({
        status: 409,
        body: { message: statusMessages.incidentResolved },
      });
      const listed = await call<{ incidents: Incident[] }>('GET', '/api/support/staff/incidents', {
        who: staff,
      });
      expect(listed.status).toBe(200);
      expect(listed.body.incidents.some((incident) => incident.id === id)).toBe(true);
    });

    it('keeps incidents to staff: customers get 403, visitors 401', async () => {
      const body = { title: 'x', services: ['api'], impact: 'outage', message: 'y' };
      expect((await open(customer, body)).status).toBe(403);
      expect(await open(undefined, body)).toMatchObject(authenticationRequired);
      expect((await call('GET', '/api/support/staff/incidents', { who: customer })).status).toBe(403);
      expect((await call('GET', '/api/support/staff/incidents')).status).toBe(401);
      expect((await update(customer, randomUUID(), { status: 'resolved', message: 'x' })).status).toBe(403);
    });

    it('refuses invalid incidents and updates with a message (400), and an unknown incident (404)', async () => {
      for (const [body, message] of [
        [{ title: ' ', services: ['api'], impact: 'outage', message: 'm' }, statusMessages.titleRequired],
        [{ title: 't', services: [], impact: 'outage', message: 'm' }, statusMessages.servicesRequired],
        [{ title: 't', services: ['mainframe'], impact: 'outage', message: 'm' }, 'Unknown service'],
        [{ title: 't', services: ['api'], impact: 'meh', message: 'm' }, 'Impact must be degraded or outage'],
        [{ title: 't', services: ['api'], impact: 'outage', message: '' }, statusMessages.messageRequired],
        [{ title: 't', services: ['api'], impact: 'outage', message: 'm', extra: 1 }, undefined],
      ] as const) {
        const answer = await open(staff, body);
        expect(answer.status).toBe(400);
        if (message) expect(String(answer.body.message)).toContain(message);
      }
      expect(await update(staff, randomUUID(), { status: 'resolved', message: 'x' })).toMatchObject({
        status: 404,
        body: { message: statusMessages.incidentNotFound },
      });
      expect((await update(staff, 'not-a-uuid', { status: 'resolved', message: 'x' })).status).toBe(404);
      const opened = await open(staff, {
        title: 'Ingest slow',
        services: ['integrations-ingest'],
        impact: 'degraded',
        message: 'm',
      });
      expect((await update(staff, opened.body.incident.id, { status: 'fixed', message: 'x' })).status).toBe(
        400,
      );
      await update(staff, opened.body.incident.id, { status: 'resolved', message: 'done' });
    });
  });

  describe('subscriptions', () => {
    const subscribe = (email: string, headers = fromNewClientAddress()) =>
      call('POST', '/api/status/subscriptions', { body: { email }, headers });
    const tokenOf = (link: string, parameter: string) => new URL(link).searchParams.get(parameter)!;

    it('confirms a subscriber by the mailed link before any incident mail, mails each change with an unsubscribe link, and unsubscribes', async () => {
      const email = uniqueEmail('status');
      expect(await subscribe(email)).toMatchObject({
        status: 202,
        body: { message: statusMessages.subscribeAccepted },
      });
      const [confirmation] = await mailsTo(email);
      expect(confirmation.content.template).toBe('status-subscription-confirmation');
      const link = (confirmation.content as { link: string }).link;
      expect(link.startsWith('http://localhost:8080/status?confirm=')).toBe(true);

      // Not confirmed yet: an incident mails nobody at this address.
      const early = await call<{ incident: Incident }>('POST', '/api/support/staff/incidents', {
        who: staff,
        body: { title: 'Before confirming', services: ['website'], impact: 'degraded', message: 'm' },
      });
      expect(await mailsTo(email)).toHaveLength(1);

      expect(
        await call('POST', '/api/status/subscriptions/confirm', {
          body: { token: tokenOf(link, 'confirm') },
        }),
      ).toMatchObject({
        status: 200,
        body: { message: statusMessages.confirmed },
      });
      // The link works once.
      expect(
        await call('POST', '/api/status/subscriptions/confirm', {
          body: { token: tokenOf(link, 'confirm') },
        }),
      ).toMatchObject({
        status: 404,
        body: { message: statusMessages.tokenInvalid },
      });
      // Subscribing again once confirmed sends nothing (and says the same).
      expect((await subscribe(email)).status).toBe(202);
      expect(await mailsTo(email)).toHaveLength(1);

      await call('POST', `/api/support/staff/incidents/${early.body.incident.id}/updates`, {
        who: staff,
        body: { status: 'resolved', message: 'The page loads fast again.' },
      });
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(2);
      const incidentMail = mails[1].content;
      expect(incidentMail).toMatchObject({
        template: 'status-incident',
        change: 'resolved',
        incidentTitle: 'Before confirming',
        services: ['Website'],
        message: 'The page loads fast again.',
        link: 'http://localhost:8080/status',
      });
      const unsubscribe = (incidentMail as { unsubscribeLink: string }).unsubscribeLink;
      expect(
        await call('POST', '/api/status/subscriptions/unsubscribe', {
          body: { token: tokenOf(unsubscribe, 'unsubscribe') },
        }),
      ).toMatchObject({
        status: 200,
        body: { message: statusMessages.unsubscribed },
      });
      expect(await rows('SELECT 1 FROM status_subscribers WHERE email = $1', [email])).toHaveLength(0);

      const later = await call<{ incident: Incident }>('POST', '/api/support/staff/incidents', {
        who: staff,
        body: { title: 'After unsubscribing', services: ['website'], impact: 'degraded', message: 'm' },
      });
      expect(await mailsTo(email)).toHaveLength(2);
      await call('POST', `/api/support/staff/incidents/${later.body.incident.id}/updates`, {
        who: staff,
        body: { status: 'resolved', message: 'done' },
      });
    });

    it('refuses a bad address or token (400), and bounds requests per email and per network (429)', async () => {
      expect(await subscribe('not-an-email')).toMatchObject({ status: 400 });
      expect(
        (await call('POST', '/api/status/subscriptions', { body: { email: uniqueEmail('x'), more: 1 } }))
          .status,
      ).toBe(400);
      expect(
        (await call('POST', '/api/status/subscriptions/confirm', { body: { token: '../x' } })).status,
      ).toBe(400);
      expect(
        (await call('POST', '/api/status/subscriptions/unsubscribe', { body: { token: 'a'.repeat(43) } }))
          .status,
      ).toBe(404);

      const email = uniqueEmail('spam');
      for (let index = 0; index < STATUS_SUBSCRIBE_PER_EMAIL_PER_HOUR; index += 1) {
        expect((await subscribe(email)).status).toBe(202);
      }
      const refused = await subscribe(email);
      expect(refused.status).toBe(429);
      expect(String(refused.body.message)).toContain('Too many subscription requests for this email');
      expect((await mailsTo(email.toLowerCase())).length).toBe(STATUS_SUBSCRIBE_PER_EMAIL_PER_HOUR);

      const network = fromNewClientAddress();
      let status = 202;
      let sent = 0;
      while (status === 202 && sent < 50) {
        status = (await subscribe(uniqueEmail('net'), network)).status;
        sent += 1;
      }
      expect(status).toBe(429);
      expect(sent).toBe(11);
    });
  });
});
