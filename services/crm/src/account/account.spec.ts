import { randomUUID } from 'node:crypto';
import {
  accountExportPartSchema,
  type CreateIntegrationResponse,
  type Integration,
  KICKOFF_PATH,
  type UserDeletedData,
} from '@portal/contracts';
import {
  authenticationRequired,
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

  it("erases a deleted account's integrations with their events and secrets, and the organisation's once it goes too", async () => {
    const organizationId = randomUUID();
    const cat = await stack().crm.signIn('customer', { org: organizationId });
    const dan = await stack().crm.signIn('customer', { org: organizationId });
    const stranger = await stack().crm.signIn('customer', { org: null });
    const cats = await connect(cat, 'Cat line');
    await postCall(cats, 'call-of-cat-1');
    const dans = await connect(dan, 'Dan line');
    await postCall(dans, 'call-of-dan-1');
    await bookKickoff(dan); // the organisation's kickoff call
    const strangers = await connect(stranger, 'Stranger line');
    await bookKickoff(stranger); // booked outside any organisation: the stranger's own

    const first = await stack().events.publish('userDeleted', userDeletedData(cat, false));
    await waitFor(
      async () => (await count('integrations', 'id', cats.id)) === 0,
      "cat's integration to be erased",
    );
    expect(await count('integration_events', 'integration_id', cats.id)).toBe(0);
    // dan stays in the organisation: dan's integration and the organisation's kickoff call remain.
    expect(await count('integrations', 'id', dans.id)).toBe(1);
    expect(await count('kickoff_calls', 'owner_id', organizationId)).toBe(1);
    expect(await dataOf(cat)).toMatchObject({ integrations: [], integrationEvents: [] });

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
    expect(await count('integration_events', 'integration_id', dans.id)).toBe(0);
    expect(await count('kickoff_calls', 'owner_id', organizationId)).toBe(0);

    // The stranger is untouched until they go, then their own kickoff call goes with them.
    expect(await count('integrations', 'id', strangers.id)).toBe(1);
    expect(await count('kickoff_calls', 'owner_id', stranger.id)).toBe(1);
    await stack().events.publish('userDeleted', userDeletedData(stranger, false));
    await waitFor(
      async () => (await count('kickoff_calls', 'owner_id', stranger.id)) === 0,
      "the stranger's kickoff",
    );
    expect(await count('integrations', 'id', strangers.id)).toBe(0);
  });
});
