import { randomUUID } from 'node:crypto';
import {
  integrationListResponseSchema,
  integrationMessages,
  staffIntegrationMessages,
  staffIntegrationSchema,
} from '@portal/contracts';
import { request, type SignedInUser, startForSuite } from '@portal/testing';
import { connectIntegration } from '../test/connect-integration';
import { startCrm } from '../test/crm-harness';

describe('PATCH /api/crm/staff/integrations/{id}', () => {
  const crm = startForSuite(startCrm);
  let alice: SignedInUser;
  let admin: SignedInUser;

  const call = (method: string, path: string, who?: SignedInUser, body?: unknown) =>
    request<Record<string, unknown>>(crm().baseUrl, method, path, { token: who?.token, body });
  const connect = (who: SignedInUser) =>
    connectIntegration(crm(), who, {
      type: 'twilio',
      name: 'Twilio · Support line',
      apiKey: `SK${randomUUID()}`,
    });
  const setActive = (id: string, body: unknown, who: SignedInUser = admin) =>
    call('PATCH', `/api/crm/staff/integrations/${id}`, who, body);
  const alicesView = async (id: string) =>
    integrationListResponseSchema
      .parse((await call('GET', '/api/crm/integrations', alice)).body)
      .find((each) => each.id === id);

  beforeAll(async () => {
    [alice, admin] = await Promise.all([crm().signIn(), crm().signIn('crm_manager')]);
  });

  it("disconnects and reconnects a customer's integration, which the customer then sees", async () => {
    const integration = await connect(alice);

    const off = await setActive(integration.id, { isActive: false });
    expect(off.status).toBe(200);
    expect(staffIntegrationSchema.parse(off.body)).toMatchObject({
      id: integration.id,
      isActive: false,
      customerId: alice.id,
    });
    expect(off.body).not.toHaveProperty('signingSecret');
    expect(JSON.stringify(off.body)).not.toContain(integration.signingSecret);
    expect(await alicesView(integration.id)).toMatchObject({ isActive: false });

    expect((await setActive(integration.id, { isActive: true })).body).toMatchObject({ isActive: true });
    expect(await alicesView(integration.id)).toMatchObject({ isActive: true });
  });

  it('refuses anything but a boolean isActive, and any other field', async () => {
    const integration = await connect(alice);
    for (const body of [
      {},
      { isActive: 'false' },
      { isActive: null },
      { isActive: false, customerId: admin.id },
    ]) {
      expect((await setActive(integration.id, body)).status).toBe(400);
    }
    expect((await setActive(integration.id, { isActive: 0 })).body).toMatchObject({
      statusCode: 400,
      message: staffIntegrationMessages.isActiveRequired,
    });
    expect(await alicesView(integration.id)).toMatchObject({ isActive: true });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      expect(await setActive(id, { isActive: false })).toMatchObject({
        status: 404,
        body: { statusCode: 404, message: integrationMessages.integrationNotFound },
      });
    }
  });

  it('is for staff only: 403 for a customer, even on their own integration; 401 without a token', async () => {
    const integration = await connect(alice);
    expect((await setActive(integration.id, { isActive: false }, alice)).status).toBe(403);
    expect(
      (await call('PATCH', `/api/crm/staff/integrations/${integration.id}`, undefined, { isActive: false }))
        .status,
    ).toBe(401);
    expect(await alicesView(integration.id)).toMatchObject({ isActive: true });
  });
});
