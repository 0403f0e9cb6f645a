import { randomUUID } from 'node:crypto';
import {
  accountExportPartSchema,
  type CreateIntegrationResponse,
  type Integration,
  KICKOFF_PATH,
  type MembershipChangedData,
  type UserDeletedData,
} from '@portal/contracts';
import {
  authenticationRequired,
  legacyOwnershipData,
  request,
  type SignedInUser,
  sleep,
  startForSuite,
  startOnTestEventSpace,
  userDeletedData,
  waitFor,
} from '@portal/testing';
import { inboundSignatureHeader } from '../integrations/inbound-signature';
import { connectIntegration } from '../test/connect-integration';
import { startCrm, testSiteUrl } from '../test/crm-harness';

describe('crm: the account export and erasure', () => {
  const stack = startForSuite(() =>
    startOnTestEventSpace('crm', (accountEvents) => startCrm({ accountEvents })),
  );
  const rows = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    stack().crm.dataSource.query(sql, params) as Promise<T[]>;

  const connect = (who: SignedInUser, name: string) =>
    connectIntegration(stack().crm, who, { type: 'dialpad', name, apiKey: `dp-live-${randomUUID()}` });
  /** A call the dialer posts to the integration's inbound URL, signed as a real dialer signs it. */
  const postCall = async (integration: CreateIntegrationResponse, callId: string) => {
    const raw = JSON.stringify({
      type: 'call.completed',
      occurred_at: '2026-03-02T09:15:30-05:00',
      data: { call_id: callId, duration: 312, resolution: 'resolved', agent_id: 'agent-7' },
    });
    const response = await fetch(`${stack().crm.baseUrl}/api/crm/inbound/${integration.id}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-portal-signature': inboundSignatureHeader(
          integration.signingSecret,
          raw,
          Math.floor(Date.now() / 1000),
        ),
      },
      body: raw,
    });
    expect(response.status).toBe(202);
  };
  const bookKickoff = async (who: SignedInUser) =>
    expect(
      (await request(stack().crm.baseUrl, 'POST', KICKOFF_PATH, { token: who.token, body: {} })).status,
    ).toBe(200);
  const exportOf = (who?: SignedInUser) =>
    request(stack().crm.baseUrl, 'GET', '/api/account/export/crm', { token: who?.token });
  const dataOf = async (who: SignedInUser) => accountExportPartSchema.parse((await exportOf(who)).body).data;
  const count = async (table: string, column: string, value: string | null) =>
    (await rows<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`, [value]))[0].n;

  it("answers the caller's integrations without secrets, their events and the kickoff call, never another's", async () => {
    const [ann, ben] = await Promise.all([stack().crm.signIn(), stack().crm.signIn()]);
    const dialer = await connect(ann, 'Front desk line');
    await postCall(dialer, 'call-of-ann-1');
    await bookKickoff(ann);
    const bens = await connect(ben, 'Sales line');
    await postCall(bens, 'call-of-ben-1');

    const response = await exportOf(ann);
    expect(response.status).toBe(200);
    const part = accountExportPartSchema.parse(response.body);
    expect(part.service).toBe('crm');
    expect(Date.now() - Date.parse(part.exportedAt)).toBeLessThan(60_000);
    expect(part.data.integrations).toEqual([
      {
        id: dialer.id,
        name: 'Front desk line',
        type: 'dialpad',
        isActive: true,
        webhookUrl: null,
        inboundUrl: `${testSiteUrl}/api/crm/inbound/${dialer.id}`,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      } satisfies Integration,
    ]);
    expect(part.data.integrationEvents).toEqual([
      {
        integrationId: dialer.id,
        type: 'call.completed',
        externalId: 'call-of-ann-1',
        occurredAt: '2026-03-02T14:15:30.000Z',
        receivedAt: expect.any(String),
        payload: expect.objectContaining({ type: 'call.completed' }),
      },
    ]);
    expect(part.data.kickoffCall).toEqual({ bookedAt: expect.any(String), eventUri: null });

    // No secret, sealed or plain, and nothing of ben's.
    const text = JSON.stringify(part);
    expect(text).not.toContain(dialer.signingSecret);
    expect(text).not.toMatch(/dp-live-|v1\.|accessToken|signingSecret|refreshToken/);
    expect(text).not.toContain(bens.id);
    expect(text).not.toContain('call-of-ben-1');
    expect(await dataOf(ben)).toMatchObject({
      integrations: [expect.objectContaining({ id: bens.id })],
      integrationEvents: [expect.objectContaining({ externalId: 'call-of-ben-1' })],
      kickoffCall: null,
    });
  });

  it('answers empty lists to an account crm knows nothing of, and 401 without a token', async () => {
    expect(await dataOf(await stack().crm.signIn())).toEqual({
      integrations: [],
      integrationEvents: [],
      kickoffCall: null,
    });
    expect(await exportOf()).toMatchObject(authenticationRequired);
  });

  /** An integration as connected before organizations owned data (secrets sealed in form only). */
  const legacyIntegration = async (customerId: string, organizationId: string | null) =>
    (
      await rows<{ id: string }>(
        `INSERT INTO integrations (customer_id, organization_id, type, name, access_token, signing_secret)
         VALUES ($1, $2, 'hubspot', 'Legacy CRM', 'v1.sealed', 'v1.sealed') RETURNING id`,
        [customerId, organizationId],
      )
    )[0].id;
  /** A kickoff call booked outside any organization. */
  const legacyKickoff = (customerId: string) =>
    rows('INSERT INTO kickoff_calls (owner_id, organization_id, customer_id) VALUES ($1, NULL, $1)', [
      customerId,
    ]);
  const organizationOf = async (integrationId: string) =>
    (
      await rows<{ organization_id: string | null }>(
        'SELECT organization_id FROM integrations WHERE id = $1',
        [integrationId],
      )
    )[0]?.organization_id;

  it("keeps a deleted member's integrations for the organisation that remains, and erases the organisation's once it goes too", async () => {
    const organizationId = randomUUID();
    const cat = await stack().crm.signIn('customer', { org: organizationId, orgRole: 'crm_manager' });
    const dan = await stack().crm.signIn('customer', { org: organizationId, orgRole: 'owner' });
    const stranger = await stack().crm.signIn();
    const cats = await connect(cat, 'Cat line');
    await postCall(cats, 'call-of-cat-1');
    const catsOwn = await legacyIntegration(cat.id, null); // connected outside any organisation
    const dans = await connect(dan, 'Dan line');
    await postCall(dans, 'call-of-dan-1');
    await bookKickoff(dan); // the organisation's kickoff call
    const hook = await request<{ id: string }>(stack().crm.baseUrl, 'POST', '/api/developers/webhooks', {
      token: dan.token,
      body: { url: 'https://93.184.215.14/hooks', events: ['ticket.created'] },
    });
    expect(hook.status).toBe(201);
    const strangers = await legacyIntegration(stranger.id, null);
    await legacyKickoff(stranger.id); // booked outside any organisation: the stranger's own

    const first = await stack().events.publish('userDeleted', userDeletedData(cat, false));
    await waitFor(
      async () => (await count('integrations', 'id', catsOwn)) === 0,
      "cat's own integration to go",
    );
    // The organisation remains: what cat connected for it stays its own, with its events.
    expect(await organizationOf(cats.id)).toBe(organizationId);
    expect(await count('integration_events', 'integration_id', cats.id)).toBe(1);
    const list = await request(stack().crm.baseUrl, 'GET', '/api/crm/integrations', { token: dan.token });
    expect((list.body as unknown as Integration[]).map((each) => each.id).sort()).toEqual(
      [cats.id, dans.id].sort(),
    );
    expect(await count('kickoff_calls', 'owner_id', organizationId)).toBe(1);
    expect(await count('webhook_endpoints', 'organization_id', organizationId)).toBe(1);

    const processed = async () =>
      (await rows<{ n: number }>('SELECT count(*)::int AS n FROM processed_events'))[0].n;
    const handled = await processed();
    await stack().events.publish('userDeleted', first.data as UserDeletedData, first); // delivered again
    await sleep(300);
    expect(await processed()).toBe(handled);

    await stack().events.publish('userDeleted', userDeletedData(dan, true));
    await waitFor(
      async () => (await count('integrations', 'id', dans.id)) === 0,
      "dan's integration to be erased",
    );
    expect(await count('integrations', 'id', cats.id)).toBe(0);
    expect(await count('integration_events', 'integration_id', dans.id)).toBe(0);
    expect(await count('integration_events', 'integration_id', cats.id)).toBe(0);
    expect(await count('kickoff_calls', 'owner_id', organizationId)).toBe(0);
    expect(await count('webhook_endpoints', 'id', hook.body.id)).toBe(0);

    // The stranger is untouched until they go, then their own kickoff call goes with them.
    expect(await count('integrations', 'id', strangers)).toBe(1);
    expect(await count('kickoff_calls', 'owner_id', stranger.id)).toBe(1);
    await stack().events.publish('userDeleted', userDeletedData(stranger, false));
    await waitFor(
      async () => (await count('kickoff_calls', 'owner_id', stranger.id)) === 0,
      "the stranger's kickoff",
    );
    expect(await count('integrations', 'id', strangers)).toBe(0);
  });

  it("moves a user's integrations and kickoff call of before organizations to the organization identity made them the owner of, once", async () => {
    const organizationId = randomUUID();
    const [owner, admin, stranger] = await Promise.all([
      stack().crm.signIn('customer', { org: organizationId, orgRole: 'owner' }),
      stack().crm.signIn('customer', { org: organizationId, orgRole: 'admin' }),
      stack().crm.signIn(),
    ]);
    const [first, second] = [
      await legacyIntegration(owner.id, null),
      await legacyIntegration(owner.id, null),
    ];
    const elsewhere = await legacyIntegration(owner.id, stranger.organizationId);
    const strangers = await legacyIntegration(stranger.id, null);
    await legacyKickoff(owner.id);
    const tab = async () =>
      (
        (await request(stack().crm.baseUrl, 'GET', '/api/crm/integrations', { token: admin.token }))
          .body as unknown as Integration[]
      ).map((each) => each.id);
    const kickoffOfAdmin = async () =>
      (await request(stack().crm.baseUrl, 'GET', KICKOFF_PATH, { token: admin.token })).body;
    expect(await tab()).toEqual([]);
    expect(await kickoffOfAdmin()).toEqual({ kickoff: null });

    await stack().events.publish('membershipChanged', {
      ...legacyOwnershipData(admin, organizationId),
      role: 'admin',
      claimsLegacyData: false,
    });
    const event = await stack().events.publish(
      'membershipChanged',
      legacyOwnershipData(owner, organizationId),
    );
    await waitFor(async () => (await organizationOf(second)) === organizationId, 'the legacy claim');
    expect(await organizationOf(first)).toBe(organizationId);
    expect(await organizationOf(elsewhere)).toBe(stranger.organizationId);
    expect(await organizationOf(strangers)).toBeNull();
    expect((await tab()).sort()).toEqual([first, second].sort());
    expect(await kickoffOfAdmin()).toEqual({ kickoff: { bookedAt: expect.any(String), eventUri: null } });
    expect(
      await rows('SELECT owner_id, organization_id, customer_id FROM kickoff_calls WHERE customer_id = $1', [
        owner.id,
      ]),
    ).toEqual([{ owner_id: organizationId, organization_id: organizationId, customer_id: owner.id }]);

    const processed = async () =>
      (await rows<{ n: number }>('SELECT count(*)::int AS n FROM processed_events'))[0].n;
    const handled = await processed();
    await stack().events.publish('membershipChanged', event.data as MembershipChangedData, event);
    await stack().events.publish('membershipChanged', legacyOwnershipData(owner, randomUUID(), 2));
    await waitFor(async () => (await processed()) === handled + 1, 'the second claim to be handled');
    expect(await organizationOf(first)).toBe(organizationId);
    expect(await count('kickoff_calls', 'owner_id', organizationId)).toBe(1);
  });
});
