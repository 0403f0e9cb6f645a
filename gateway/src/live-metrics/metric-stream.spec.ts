import { MembershipVersions, SessionRevocations } from '@portal/auth';
import { createEventEnvelope, eventTypes, type MetricRecordedData, teamMessages } from '@portal/contracts';

import { testNatsUrl } from '@portal/testing';
import { EventStream } from '../testing/event-stream';
import { startGateway } from '../testing/gateway';
import { liveStreamSuite, waitUntil } from '../testing/live-stream-suite';
import { MetricFeed } from './metric-feed';

describe('GET /api/kpi/stream: the dashboard’s live metrics', () => {
  const streamsPerUser = 3;
  const suite = liveStreamSuite('gateway-live', { streamsPerUser });
  const subject = `${suite.prefix}.metrics.recorded`;

  /** A new user, the owner of a new organization (a customer unless `role` says otherwise). */
  const customer = (role = 'customer') => suite.identity.signIn(role);
  /** kpi's announcement of a metric of `organizationId` (counted for one of its members, or none). */
  const announce = (
    organizationId: string | null,
    metricType: MetricRecordedData['metricType'],
    customerId: string = crypto.randomUUID(),
  ) => {
    const data: MetricRecordedData = {
      metricId: crypto.randomUUID(),
      customerId,
      organizationId,
      metricType,
      occurredAt: new Date().toISOString(),
    };
    suite.nats.publish(subject, JSON.stringify(createEventEnvelope(eventTypes.metricRecorded, data)));
    return data;
  };
  const openStreams = () => suite.gateway.app.get(MetricFeed).openStreams();

  it("streams only the metrics of the caller's organization, as server-sent events, as they are announced", async () => {
    const [ann, bob] = await Promise.all([customer(), customer()]);
    const { response, stream } = await EventStream.open(suite.gateway.url, ann.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    try {
      expect(await stream!.next()).toBe('retry: 3000\nevent: ready\ndata: {}');
      await waitUntil(() => openStreams() === 1);

      announce(bob.organizationId, 'calls', bob.id);
      const started = performance.now();
      const call = announce(ann.organizationId, 'calls', ann.id);
      expect(await stream!.next()).toBe(
        `event: metric\ndata: ${JSON.stringify({ metricType: 'calls', occurredAt: call.occurredAt })}`,
      );
      expect(performance.now() - started).toBeLessThan(500);

      // Bob's organization's metric never reached Ann's stream: her next event is her organization's lead.
      const lead = announce(ann.organizationId, 'leads', ann.id);
      expect(await stream!.next()).toBe(
        `event: metric\ndata: ${JSON.stringify({ metricType: 'leads', occurredAt: lead.occurredAt })}`,
      );
    } finally {
      stream?.close();
    }
    await waitUntil(() => openStreams() === 0);
  });

  it("streams the organization's metrics to every member's stream, and to no other organization's member", async () => {
    const owner = await customer();
    const colleague = await suite.identity.signIn('customer', {
      org: owner.organizationId,
      orgRole: 'member',
    });
    const outsider = await customer();
    const [ownerStream, colleagueStream, outsiderStream] = await Promise.all(
      [owner, colleague, outsider].map(
        async ({ token }) => (await EventStream.open(suite.gateway.url, token)).stream!,
      ),
    );
    try {
      for (const stream of [ownerStream, colleagueStream, outsiderStream]) await stream.next();
      await waitUntil(() => openStreams() === 3);
      // Counted for the colleague, or for nobody in particular: it is the organization's.
      const call = announce(owner.organizationId, 'calls', colleague.id);
      const expected = `event: metric\ndata: ${JSON.stringify({ metricType: 'calls', occurredAt: call.occurredAt })}`;
      expect(await ownerStream.next()).toBe(expected);
      expect(await colleagueStream.next()).toBe(expected);
      // A metric without an organization reaches nobody.
      announce(null, 'leads', outsider.id);
      await expect(outsiderStream.next(300)).rejects.toThrow('no event in time');
    } finally {
      for (const stream of [ownerStream, colleagueStream, outsiderStream]) stream.close();
    }
    await waitUntil(() => openStreams() === 0);
  });

  it('ignores a malformed announcement and keeps streaming', async () => {
    const cal = await customer();
    const { stream } = await EventStream.open(suite.gateway.url, cal.token);
    try {
      await stream!.next();
      await waitUntil(() => openStreams() === 1);
      suite.nats.publish(subject, 'not json');
      suite.nats.publish(
        subject,
        JSON.stringify(
          createEventEnvelope(eventTypes.metricRecorded, {
            customerId: cal.id,
            organizationId: cal.organizationId,
          }),
        ),
      );
      announce(cal.organizationId, 'conversions', cal.id);
      expect(await stream!.next()).toContain('"metricType":"conversions"');
    } finally {
      stream?.close();
    }
  });

  it('closes the streams of a signed-out session as soon as the revocation arrives, and no other', async () => {
    const dee = await customer();
    const deeElsewhere = await suite.identity.signIn('customer', { sub: dee.id, org: dee.organizationId });
    const [first, second, other] = await Promise.all([
      EventStream.open(suite.gateway.url, dee.token),
      EventStream.open(suite.gateway.url, dee.token),
      EventStream.open(suite.gateway.url, deeElsewhere.token),
    ]);
    for (const { stream } of [first, second, other]) await stream!.next();
    await waitUntil(() => openStreams() === 3);
    const started = performance.now();
    // What the revocation feed does when identity's `portal.sessions.revoked` arrives over NATS.
    suite.gateway.app.get(SessionRevocations).revoke(dee.sessionId, new Date(Date.now() + 60_000));
    expect(await first.stream!.next()).toBeNull();
    expect(await second.stream!.next()).toBeNull();
    expect(performance.now() - started).toBeLessThan(500);
    await waitUntil(() => openStreams() === 1);
    // The same user's other session keeps its stream.
    const call = announce(dee.organizationId, 'calls', dee.id);
    expect(await other.stream!.next()).toContain(call.occurredAt);
    other.stream!.close();
    await waitUntil(() => openStreams() === 0);
  });

  it("closes a member's streams in an organization when their membership changes there, and no other", async () => {
    const owner = await customer();
    const gus = await suite.identity.signIn('customer', {
      org: owner.organizationId,
      orgRole: 'admin',
      mv: 4,
    });
    // Gus in an organization of his own, and his token issued after the change (re-roled to member).
    const gusElsewhere = await suite.identity.signIn('customer', { sub: gus.id, mv: 4 });
    const gusAfter = await suite.identity.signIn('customer', {
      sub: gus.id,
      org: owner.organizationId,
      orgRole: 'member',
      mv: 7,
    });
    const opened = await Promise.all(
      [gus, gusElsewhere, gusAfter, owner].map(
        async ({ token }) => (await EventStream.open(suite.gateway.url, token)).stream!,
      ),
    );
    // Gus holds as many streams as one user may (3).
    const [before, elsewhere, after, owners] = opened;
    try {
      for (const stream of opened) await stream.next();
      await waitUntil(() => openStreams() === 4);
      const memberships = suite.gateway.app.get(MembershipVersions);
      const changeOf = (organizationId: string, version: number) => ({
        organizationId,
        userId: gus.id,
        version,
        changedAt: new Date().toISOString(),
      });
      // A change his streams' tokens already carry ends nothing.
      memberships.record(changeOf(owner.organizationId!, 4));
      const started = performance.now();
      // What the membership feed does when identity's `portal.memberships.changed` arrives over NATS.
      memberships.record(changeOf(owner.organizationId!, 7));
      expect(await before.next()).toBeNull();
      expect(performance.now() - started).toBeLessThan(500);
      await waitUntil(() => openStreams() === 3);
      // His stream of his own organization, the one opened with the new token, and the owner's stay.
      const call = announce(owner.organizationId, 'calls');
      expect(await after.next()).toContain(call.occurredAt);
      expect(await owners.next()).toContain(call.occurredAt);
      const lead = announce(gusElsewhere.organizationId, 'leads');
      expect(await elsewhere.next()).toContain(lead.occurredAt);

      // The token of before the change opens no new stream: the dashboard asks identity for a fresh one.
      const refused = await EventStream.open(suite.gateway.url, gus.token);
      expect(refused.response.status).toBe(401);
      expect(await refused.response.json()).toEqual({
        statusCode: 401,
        message: teamMessages.membershipChanged,
      });

      // Removed from his own organization: that stream ends too.
      memberships.record(changeOf(gusElsewhere.organizationId!, 5));
      expect(await elsewhere.next()).toBeNull();
    } finally {
      for (const stream of opened) stream?.close();
    }
    await waitUntil(() => openStreams() === 0);
  });

  it(`answers 429 to a user's stream beyond ${streamsPerUser}, and a closed one frees its slot`, async () => {
    const [eve, fay] = await Promise.all([customer(), customer()]);
    const opened = await Promise.all(
      Array.from({ length: streamsPerUser }, () => EventStream.open(suite.gateway.url, eve.token)),
    );
    try {
      expect(opened.map(({ response }) => response.status)).toEqual(Array(streamsPerUser).fill(200));
      for (const { stream } of opened) await stream!.next();

      const refused = await EventStream.open(suite.gateway.url, eve.token);
      expect(refused.response.status).toBe(429);
      expect(refused.response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(refused.response.headers.get('retry-after')).toBe('10');
      expect(await refused.response.json()).toEqual({
        statusCode: 429,
        message: 'Too many live updates are open for your account. Please close one and try again.',
      });
      // Another user is not held back by Eve's streams.
      const fays = await EventStream.open(suite.gateway.url, fay.token);
      expect(fays.response.status).toBe(200);
      fays.stream!.close();

      opened[0].stream!.close();
      await waitUntil(() => openStreams() === streamsPerUser - 1);
      const again = await EventStream.open(suite.gateway.url, eve.token);
      expect(again.response.status).toBe(200);
      opened[0] = again;
    } finally {
      for (const { stream } of opened) stream?.close();
    }
    await waitUntil(() => openStreams() === 0);
  });

  it('answers 401 without a valid token, and 403 to staff and to a customer outside any organization, as JSON', async () => {
    const anonymous = await fetch(`${suite.gateway.url}/api/kpi/stream`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ statusCode: 401, message: 'Authentication required' });
    expect((await EventStream.open(suite.gateway.url, 'not-a-token')).response.status).toBe(401);
    const staff = await EventStream.open(suite.gateway.url, (await customer('admin')).token);
    expect(staff.response.status).toBe(403);
    const alone = await suite.identity.signIn('customer', { org: null, orgRole: null });
    const outside = await EventStream.open(suite.gateway.url, alone.token);
    expect(outside.response.status).toBe(403);
    expect(await outside.response.json()).toEqual({ statusCode: 403, message: teamMessages.noOrganization });
  });

  it('ends open streams when the gateway shuts down, so it stops at once', async () => {
    const other = await startGateway(
      { IDENTITY_URL: suite.identity.baseUrl, NATS_URL: testNatsUrl() },
      { liveMetricsSubject: subject },
    );
    const { stream } = await EventStream.open(other.url, (await customer()).token);
    await stream!.next();
    const started = performance.now();
    await other.close();
    expect(performance.now() - started).toBeLessThan(2000);
    expect(await stream!.next()).toBeNull();
  });
});
