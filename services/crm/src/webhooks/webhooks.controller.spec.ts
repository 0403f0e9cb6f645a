import { randomUUID } from 'node:crypto';
import {
  type CreatedWebhookEndpoint,
  createdWebhookEndpointSchema,
  WEBHOOK_ENDPOINTS_PER_ORGANIZATION,
  type WebhookEndpoint,
  webhookEndpointListResponseSchema,
  type WebhookDeliveryPage,
  webhookMessages,
} from '@portal/contracts';
import { authenticationRequired, request, type SignedInUser, startForSuite, waitFor } from '@portal/testing';
import { startCrm } from '../test/crm-harness';
import { webhookSecretContext } from './webhook-options';
import { type HostResolver, systemResolver } from '@portal/nest-http';

/** Names the test points elsewhere (a DNS answer that changes: rebinding). */
const rebound = new Map<string, string>();
/**
 * `*.example.com` resolves to an address that is not private (TEST-NET-1, which reaches nothing: no DNS
 * or network in tests), unless `rebound` says otherwise; anything else as the system resolves it.
 */
const resolve: HostResolver = async (host) => {
  const address = rebound.get(host);
  if (address) return [{ address, family: 4 }];
  return host.endsWith('.example.com') ? [{ address: '192.0.2.10', family: 4 }] : systemResolver(host);
};

const PATH = '/api/developers/webhooks';

describe('crm: webhook endpoints of the Developers page', () => {
  // Private targets refused, as in production.
  const crm = startForSuite(() =>
    startCrm({ webhooks: { webhookResolve: resolve, webhookSchedule: { timeoutMs: 500 } } }),
  );
  const call = (who: SignedInUser | undefined, method: string, path: string, body?: unknown) =>
    request(crm().baseUrl, method, `${PATH}${path}`, { token: who?.token, body });
  const create = async (who: SignedInUser, body: Record<string, unknown>) => {
    const response = await call(who, 'POST', '', body);
    expect(response.status).toBe(201);
    return createdWebhookEndpointSchema.parse(response.body) as CreatedWebhookEndpoint;
  };

  it('creates an endpoint with a signing secret shown once, sealed at rest, and lists it without it', async () => {
    const owner = await crm().signIn();
    const created = await create(owner, {
      url: 'https://hooks.example.com/millstone',
      events: ['call.completed', 'ticket.created'],
      description: '  Our helpdesk  ',
    });
    expect(created).toMatchObject({
      url: 'https://hooks.example.com/millstone',
      events: ['call.completed', 'ticket.created'],
      description: 'Our helpdesk',
      status: 'active',
      failingSince: null,
    });
    expect(created.signingSecret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

    const [row] = await crm().dataSource.query(
      'SELECT signing_secret, organization_id, created_by FROM webhook_endpoints WHERE id = $1',
      [created.id],
    );
    expect(row.signing_secret).not.toContain(created.signingSecret);
    expect(crm().secrets.decrypt(row.signing_secret, webhookSecretContext(created.id))).toBe(
      created.signingSecret,
    );
    expect(row).toMatchObject({ organization_id: owner.organizationId, created_by: owner.id });

    const list = await call(owner, 'GET', '');
    expect(list.status).toBe(200);
    const endpoints = webhookEndpointListResponseSchema.parse(list.body);
    expect(endpoints.map((each) => each.id)).toEqual([created.id]);
    expect(JSON.stringify(list.body)).not.toContain('whsec_');
  });

  it('updates url, events and description, disables and enables again, and deletes', async () => {
    const owner = await crm().signIn();
    const { id } = await create(owner, { url: 'https://a.example.com/hook', events: ['ticket.created'] });
    const patched = await call(owner, 'PATCH', `/${id}`, {
      url: 'https://b.example.com/hook',
      events: ['call.completed'],
      description: 'Dialer sync',
      enabled: false,
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      url: 'https://b.example.com/hook',
      events: ['call.completed'],
      description: 'Dialer sync',
      status: 'disabled',
    });
    const enabled = await call(owner, 'PATCH', `/${id}`, { enabled: true, description: '' });
    expect(enabled.body).toMatchObject({
      status: 'active',
      description: null,
      url: 'https://b.example.com/hook',
    });
    expect((await call(owner, 'POST', `/${id}/test`)).status).toBe(202);
    await call(owner, 'PATCH', `/${id}`, { enabled: false });
    expect(await call(owner, 'POST', `/${id}/test`)).toMatchObject({
      status: 409,
      body: { message: webhookMessages.endpointDisabled },
    });

    expect((await call(owner, 'DELETE', `/${id}`)).status).toBe(204);
    expect((await call(owner, 'GET', '')).body).toEqual([]);
    expect(await call(owner, 'DELETE', `/${id}`)).toMatchObject({
      status: 404,
      body: { message: webhookMessages.endpointNotFound },
    });
  });

  it.each([
    ['http://127.0.0.1:8080/hook'],
    ['https://10.0.0.1/hook'],
    ['http://169.254.169.254/latest/meta-data/'],
    ['http://[::1]:3000/hook'],
    ['http://localhost:3000/hook'],
  ])('refuses %s (SSRF) with a 400, on create and on update', async (url) => {
    const owner = await crm().signIn();
    expect(await call(owner, 'POST', '', { url, events: ['ticket.created'] })).toMatchObject({
      status: 400,
      body: { statusCode: 400, message: webhookMessages.urlRefused },
    });
    const { id } = await create(owner, { url: 'https://ok.example.com/hook', events: ['ticket.created'] });
    expect(await call(owner, 'PATCH', `/${id}`, { url })).toMatchObject({
      status: 400,
      body: { message: webhookMessages.urlRefused },
    });
    expect(((await call(owner, 'GET', '')).body as unknown as WebhookEndpoint[])[0].url).toBe(
      'https://ok.example.com/hook',
    );
  });

  it('answers 400 in the contracts’ words for a bad body, an unresolvable host and a bad cursor', async () => {
    const owner = await crm().signIn();
    expect(
      await call(owner, 'POST', '', { url: 'https://nowhere.invalid/hook', events: ['ticket.created'] }),
    ).toMatchObject({
      status: 400,
      body: { message: webhookMessages.urlUnresolvable },
    });
    expect(
      await call(owner, 'POST', '', { url: 'ftp://files.example.com', events: ['ticket.created'] }),
    ).toMatchObject({
      status: 400,
      body: { message: webhookMessages.urlInvalid },
    });
    expect(await call(owner, 'POST', '', { url: 'https://a.example.com/hook', events: [] })).toMatchObject({
      status: 400,
      body: { message: webhookMessages.eventsRequired },
    });
    expect(
      (
        await call(owner, 'POST', '', {
          url: 'https://a.example.com/hook',
          events: ['ticket.created'],
          secret: 'x',
        })
      ).status,
    ).toBe(400);
    const { id } = await create(owner, { url: 'https://a.example.com/hook', events: ['ticket.created'] });
    expect(await call(owner, 'GET', `/${id}/deliveries?before=nonsense!`)).toMatchObject({
      status: 400,
      body: { message: webhookMessages.cursorInvalid },
    });
    expect(await call(owner, 'GET', `/${id}/deliveries`)).toMatchObject({
      status: 200,
      body: { items: [], nextCursor: null },
    });
  });

  it(`keeps an organization to ${WEBHOOK_ENDPOINTS_PER_ORGANIZATION} endpoints`, async () => {
    const owner = await crm().signIn();
    await Promise.all(
      Array.from({ length: WEBHOOK_ENDPOINTS_PER_ORGANIZATION }, (_, i) =>
        create(owner, { url: `https://n${i}.example.com/hook`, events: ['ticket.created'] }),
      ),
    );
    expect(
      await call(owner, 'POST', '', { url: 'https://one-more.example.com/hook', events: ['ticket.created'] }),
    ).toMatchObject({
      status: 409,
      body: { message: webhookMessages.tooManyEndpoints },
    });
  });

  it("never shows or changes another organization's endpoints or deliveries: 404 as for an unknown one", async () => {
    const [ann, ben] = await Promise.all([crm().signIn(), crm().signIn()]);
    const annsEndpoint = await create(ann, {
      url: 'https://ann.example.com/hook',
      events: ['ticket.created'],
    });
    const test = await call(ann, 'POST', `/${annsEndpoint.id}/test`);
    expect(test.status).toBe(202);
    const deliveryId = (test.body as { id: string }).id;

    expect((await call(ben, 'GET', '')).body).toEqual([]);
    const notFound = { status: 404, body: { statusCode: 404, message: webhookMessages.endpointNotFound } };
    expect(await call(ben, 'PATCH', `/${annsEndpoint.id}`, { enabled: false })).toMatchObject(notFound);
    expect(await call(ben, 'DELETE', `/${annsEndpoint.id}`)).toMatchObject(notFound);
    expect(await call(ben, 'POST', `/${annsEndpoint.id}/test`)).toMatchObject(notFound);
    expect(await call(ben, 'GET', `/${annsEndpoint.id}/deliveries`)).toMatchObject(notFound);
    expect(await call(ben, 'POST', `/${annsEndpoint.id}/deliveries/${deliveryId}/resend`)).toMatchObject(
      notFound,
    );
    // Ben's own endpoint does not open Ann's delivery either.
    const bens = await create(ben, { url: 'https://ben.example.com/hook', events: ['ticket.created'] });
    expect(await call(ben, 'POST', `/${bens.id}/deliveries/${deliveryId}/resend`)).toMatchObject({
      status: 404,
      body: { message: webhookMessages.deliveryNotFound },
    });
    expect(await call(ben, 'GET', `/${randomUUID()}/deliveries`)).toMatchObject(notFound);
    expect(await call(ben, 'GET', '/not-a-uuid/deliveries')).toMatchObject(notFound);

    const [row] = await crm().dataSource.query('SELECT status FROM webhook_endpoints WHERE id = $1', [
      annsEndpoint.id,
    ]);
    expect(row.status).toBe('active');
    expect(
      ((await call(ann, 'GET', `/${annsEndpoint.id}/deliveries`)).body as { items: unknown[] }).items,
    ).toHaveLength(1);
  });

  it('is for members who manage developers: 401 without a token, 403 for a billing member', async () => {
    expect(await call(undefined, 'GET', '')).toMatchObject(authenticationRequired);
    const billing = await crm().signIn('customer', { orgRole: 'billing' });
    expect((await call(billing, 'GET', '')).status).toBe(403);
    expect(
      (await call(billing, 'POST', '', { url: 'https://a.example.com/hook', events: ['ticket.created'] }))
        .status,
    ).toBe(403);
    const manager = await crm().signIn('customer', { orgRole: 'crm_manager' });
    expect((await call(manager, 'GET', '')).status).toBe(200);
  });

  it('checks the address again at send time: a name rebound to loopback after it was saved is not contacted', async () => {
    const owner = await crm().signIn();
    const { id } = await create(owner, {
      url: 'http://rebinding.example.com:9/hook',
      events: ['ticket.created'],
    });
    rebound.set('rebinding.example.com', '127.0.0.1');
    const test = await call(owner, 'POST', `/${id}/test`);
    expect(test.status).toBe(202);
    const attempt = await waitFor(async () => {
      const page = await call(owner, 'GET', `/${id}/deliveries`);
      const [delivery] = (page.body as unknown as WebhookDeliveryPage).items;
      return delivery?.attempts[0];
    }, 'the attempt');
    expect(attempt).toMatchObject({
      responseStatus: null,
      durationMs: 0,
      error: 'Not sent: rebinding.example.com resolves to 127.0.0.1, an address webhooks may not reach',
    });
  });

  it('keeps a failing endpoint failing on other changes, and makes it active when enabled again', async () => {
    const owner = await crm().signIn();
    const { id } = await create(owner, { url: 'https://down.example.com/hook', events: ['ticket.created'] });
    await crm().dataSource.query(
      `UPDATE webhook_endpoints SET status = 'failing', failing_since = now() - interval '1 hour' WHERE id = $1`,
      [id],
    );
    const described = await call(owner, 'PATCH', `/${id}`, { description: 'Helpdesk' });
    expect(described.body).toMatchObject({ status: 'failing', failingSince: expect.any(String) });
    const enabled = await call(owner, 'PATCH', `/${id}`, { enabled: true });
    expect(enabled.body).toMatchObject({ status: 'active', failingSince: null, description: 'Helpdesk' });
  });
});
