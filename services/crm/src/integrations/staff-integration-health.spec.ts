import { randomUUID } from 'node:crypto';
import {
  inboundMessages,
  integrationHealthMessages,
  integrationHealthResponseSchema,
  staffIntegrationListResponseSchema,
} from '@portal/contracts';
import { request, type SignedInUser, startForSuite } from '@portal/testing';
import { connectIntegration } from '../test/connect-integration';
import { startCrm } from '../test/crm-harness';
import { inboundSignatureHeader } from './inbound-signature';

describe("staff: integrations' health (GET /api/crm/staff/integrations, /health)", () => {
  const crm = startForSuite(startCrm);
  let staff: SignedInUser;
  let alice: SignedInUser;
  let bob: SignedInUser;

  const call = (path: string, who: SignedInUser | null = staff) =>
    request<Record<string, unknown>>(crm().baseUrl, 'GET', path, { token: who?.token });
  const connect = (who: SignedInUser, name: string) =>
    connectIntegration(crm(), who, { type: 'dialpad', name, apiKey: `key-${randomUUID()}` });
  const send = async (integrationId: string, secret: string | null, payload: unknown) => {
    const raw = JSON.stringify(payload);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (secret) headers['x-portal-signature'] = inboundSignatureHeader(secret, raw, Math.floor(Date.now() / 1000));
    return (await fetch(`${crm().baseUrl}/api/crm/inbound/${integrationId}`, { method: 'POST', headers, body: raw }))
      .status;
  };
  const call_ = (callId = randomUUID()) => ({
    type: 'call.completed',
    data: { call_id: `call-${callId}`, duration: 60 },
  });

  beforeAll(async () => {
    [staff, alice, bob] = await Promise.all([crm().signIn('admin'), crm().signIn(), crm().signIn()]);
  });

  it("shows an organization's integrations with their last event and last refused delivery", async () => {
    const dialer = await connect(alice, 'B dialer');
    const quiet = await connect(alice, 'A quiet CRM');
    const before = Date.now();

    expect(await send(dialer.id, dialer.signingSecret, call_())).toBe(202);
    expect(await send(dialer.id, null, call_())).toBe(401);

    const response = await call(`/api/crm/staff/integrations?organizationId=${alice.organizationId}`);
    expect(response.status).toBe(200);
    const { integrations } = staffIntegrationListResponseSchema.parse(response.body);
    expect(integrations.map((each) => each.name)).toEqual(['A quiet CRM', 'B dialer']);
    expect(integrations[0]).toMatchObject({ id: quiet.id, lastEvent: null, lastError: null });
    expect(integrations[1]).toMatchObject({
      id: dialer.id,
      organizationId: alice.organizationId,
      customerId: alice.id,
      lastEvent: { type: 'call.completed' },
      lastError: { status: 401, message: inboundMessages.signatureInvalid },
    });
    expect(Date.parse(integrations[1].lastEvent!.at)).toBeGreaterThanOrEqual(before - 1000);
    expect(JSON.stringify(response.body)).not.toContain(dialer.signingSecret);

    // A bad body is the newest error; a disconnected integration refuses, and that is recorded too.
    expect(await send(dialer.id, dialer.signingSecret, { type: 'call.completed', data: {} })).toBe(400);
    let health = staffIntegrationListResponseSchema.parse(
      (await call(`/api/crm/staff/integrations?organizationId=${alice.organizationId}`)).body,
    );
    expect(health.integrations[1].lastError).toMatchObject({ status: 400, message: 'call_id is required' });
    await request(crm().baseUrl, 'PATCH', `/api/crm/staff/integrations/${dialer.id}`, {
      token: staff.token,
      body: { isActive: false },
    });
    expect(await send(dialer.id, dialer.signingSecret, call_())).toBe(404);
    health = staffIntegrationListResponseSchema.parse(
      (await call(`/api/crm/staff/integrations?organizationId=${alice.organizationId}`)).body,
    );
    expect(health.integrations[1]).toMatchObject({
      isActive: false,
      lastError: { status: 404, message: inboundMessages.integrationUnavailable },
    });
  });

  it('sums up each organization asked for, in order, with zeros for one without integrations', async () => {
    const carol = await crm().signIn();
    const dialer = await connect(carol, 'Dialer');
    await connect(carol, 'CRM');
    expect(await send(dialer.id, dialer.signingSecret, call_())).toBe(202);
    expect(await send(dialer.id, 'not-the-secret', call_())).toBe(401);
    const nobody = randomUUID();

    const response = await call(
      `/api/crm/staff/integrations/health?organizationId=${nobody}&organizationId=${carol.organizationId}`,
    );
    expect(response.status).toBe(200);
    const { organizations } = integrationHealthResponseSchema.parse(response.body);
    expect(organizations).toEqual([
      { organizationId: nobody, configured: 0, active: 0, lastEventAt: null, lastError: null },
      {
        organizationId: carol.organizationId,
        configured: 2,
        active: 2,
        lastEventAt: expect.any(String),
        lastError: {
          integrationId: dialer.id,
          at: expect.any(String),
          status: 401,
          message: inboundMessages.signatureInvalid,
        },
      },
    ]);
  });

  it('refuses a missing or malformed organization id with a 400 that says so', async () => {
    for (const path of [
      '/api/crm/staff/integrations',
      '/api/crm/staff/integrations?organizationId=nope',
      '/api/crm/staff/integrations?organizationId=a&organizationId=b',
    ]) {
      expect(await call(path)).toMatchObject({
        status: 400,
        body: { message: integrationHealthMessages.organizationIdRequired },
      });
    }
    for (const path of ['/api/crm/staff/integrations/health', '/api/crm/staff/integrations/health?organizationId=x']) {
      expect(await call(path)).toMatchObject({
        status: 400,
        body: { message: integrationHealthMessages.organizationIdsRequired },
      });
    }
    const many = Array.from({ length: 101 }, () => `organizationId=${randomUUID()}`).join('&');
    expect((await call(`/api/crm/staff/integrations/health?${many}`)).status).toBe(400);
  });

  it('is for staff only: a customer gets 403 even for their own organization, nobody 401', async () => {
    for (const path of [
      `/api/crm/staff/integrations?organizationId=${bob.organizationId}`,
      `/api/crm/staff/integrations/health?organizationId=${bob.organizationId}`,
    ]) {
      expect((await call(path, bob)).status).toBe(403);
      expect((await call(path, null)).status).toBe(401);
    }
  });
});
