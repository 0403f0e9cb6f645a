import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext } from '@playwright/test';
import type {
  ApiErrorBody,
  CallbackSigningSecret,
  CreatedApiKey,
  RollApiKeyResponse,
  V1Ticket,
  V1TicketList,
  V1CreatedWebhookEndpoint,
  V1WebhookEndpoint,
  V1WebhookEndpointList,
} from '@portal/contracts';
import { fromPublicId } from '@portal/contracts';
import { ok } from '../support/api';
import { CUSTOMER_PASSWORD, uniqueEmail } from '../support/customer';
import { staffAccount } from '../support/staff-account.mjs';

// The documented API (/v1) as a customer's developer uses it: keys made on the Developers API, then
// tickets created and read with them through the gateway, limits and all.

async function signUp(request: APIRequestContext, name: string) {
  const { token } = await ok<{ token: string }>(
    'sign-up',
    request.post('/api/auth/register', {
      data: { name, email: uniqueEmail('api'), password: CUSTOMER_PASSWORD },
    }),
  );
  return { Authorization: `Bearer ${token}` };
}

async function createKey(request: APIRequestContext, auth: Record<string, string>, scopes: string[]) {
  return ok<CreatedApiKey>(
    'create key',
    request.post('/api/developers/keys', {
      headers: auth,
      data: { name: `Key ${scopes.join(' ')}`, scopes },
    }),
  );
}

const withKey = (key: string) => ({ Authorization: `Bearer ${key}` });

async function expectError(
  response: Awaited<ReturnType<APIRequestContext['get']>>,
  status: number,
  type: string,
) {
  expect(response.status()).toBe(status);
  const body = (await response.json()) as ApiErrorBody;
  expect(body.error.type).toBe(type);
  expect(body.error.request_id).toBe(response.headers()['x-request-id']);
  return body.error;
}

test('a developer creates a ticket with an API key, reads it back, and sees it in the dashboard', async ({
  request,
}) => {
  const auth = await signUp(request, 'Dana Whitfield');
  const { key, prefix } = await createKey(request, auth, ['tickets:read', 'tickets:write']);
  expect(key.startsWith(prefix)).toBe(true);
  // The key is shown once: the list names its prefix only.
  const listed = await ok<{ prefix: string }[]>(
    'keys',
    request.get('/api/developers/keys', { headers: auth }),
  );
  expect(JSON.stringify(listed)).not.toContain(key);

  const created = await request.post('/v1/tickets', {
    headers: { ...withKey(key), 'Idempotency-Key': `e2e-${Date.now()}` },
    data: {
      customer_id: 'cus_48213',
      subject: 'Order arrived damaged',
      priority: 'high',
      description: 'Customer reports a cracked screen on order #10482.',
    },
  });
  expect(created.status()).toBe(201);
  expect(created.headers()['x-ratelimit-limit']).toBe('1000');
  expect(Number(created.headers()['x-ratelimit-remaining'])).toBeLessThan(1000);
  expect(Number(created.headers()['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
  const ticket = (await created.json()) as V1Ticket;
  expect(ticket).toMatchObject({
    object: 'ticket',
    status: 'open',
    priority: 'high',
    customer_id: 'cus_48213',
  });
  expect(ticket.id).toMatch(/^tkt_[0-9a-f]{32}$/);

  const fetched = await ok<V1Ticket>(
    'get ticket',
    request.get(`/v1/tickets/${ticket.id}`, { headers: withKey(key) }),
  );
  expect(fetched).toEqual(ticket);
  const list = await ok<V1TicketList>('list', request.get('/v1/tickets?limit=5', { headers: withKey(key) }));
  expect(list.data.map((each) => each.id)).toContain(ticket.id);

  // The organization's members see it in the dashboard's Support tab.
  const tickets = await ok<{ title: string }[]>(
    'dashboard tickets',
    request.get('/api/support/tickets', { headers: auth }),
  );
  expect(tickets.map((each) => each.title)).toContain('Order arrived damaged');
});

test('keys act for their organization only, within their scopes', async ({ request }) => {
  const ownerA = await signUp(request, 'Avery Stone');
  const ownerB = await signUp(request, 'Blake Moreno');
  const keyA = (await createKey(request, ownerA, ['tickets:read', 'tickets:write'])).key;
  const keyB = (await createKey(request, ownerB, ['tickets:read'])).key;
  const ticket = await ok<V1Ticket>(
    'create',
    request.post('/v1/tickets', {
      headers: withKey(keyA),
      data: { customer_id: 'c-1', subject: 'Only for A' },
    }),
  );

  await expectError(
    await request.get(`/v1/tickets/${ticket.id}`, { headers: withKey(keyB) }),
    404,
    'not_found_error',
  );
  const listB = await ok<V1TicketList>('list B', request.get('/v1/tickets', { headers: withKey(keyB) }));
  expect(listB.data).toEqual([]);
  const forbidden = await expectError(
    await request.post('/v1/tickets', { headers: withKey(keyB), data: { customer_id: 'c', subject: 's' } }),
    403,
    'permission_error',
  );
  expect(forbidden.message).toContain('tickets:write');
  await expectError(await request.get('/v1/agents', { headers: withKey(keyB) }), 403, 'permission_error');
});

test('a key with webhooks:manage manages its organization’s webhook endpoints, and only those', async ({
  request,
}) => {
  const ownerA = await signUp(request, 'Harper Quinn');
  const ownerB = await signUp(request, 'Rowan Ellis');
  const keyA = (await createKey(request, ownerA, ['webhooks:manage'])).key;
  const keyB = (await createKey(request, ownerB, ['webhooks:manage'])).key;
  const ticketsOnly = (await createKey(request, ownerA, ['tickets:read'])).key;
  // The e2e stack allows loopback URLs (WEBHOOK_ALLOW_PRIVATE_URLS); nothing is delivered here.
  const created = await ok<V1CreatedWebhookEndpoint>(
    'create endpoint',
    request.post('/v1/webhook_endpoints', {
      headers: withKey(keyA),
      data: { url: 'http://127.0.0.1:9/hooks', events: ['ticket.created'], description: 'Helpdesk' },
    }),
  );
  expect(created).toMatchObject({ object: 'webhook_endpoint', status: 'active', description: 'Helpdesk' });
  expect(created.id).toMatch(/^we_[0-9a-f]{32}$/);
  expect(created.secret).toMatch(/^whsec_/);

  const list = await ok<V1WebhookEndpointList>(
    'list',
    request.get('/v1/webhook_endpoints', { headers: withKey(keyA) }),
  );
  expect(list.data.map((each) => each.id)).toEqual([created.id]);
  expect(list.data[0]).not.toHaveProperty('secret');
  const updated = await ok<V1WebhookEndpoint>(
    'update',
    request.post(`/v1/webhook_endpoints/${created.id}`, {
      headers: withKey(keyA),
      data: { events: ['call.completed'], enabled: false },
    }),
  );
  expect(updated).toMatchObject({ id: created.id, events: ['call.completed'], status: 'disabled' });

  // The dashboard shows the same endpoint.
  const page = await ok<{ id: string }[]>(
    'dashboard list',
    request.get('/api/developers/webhooks', { headers: ownerA }),
  );
  expect(page.map((each) => each.id)).toEqual([fromPublicId('webhook_endpoint', created.id)]);

  await expectError(
    await request.get(`/v1/webhook_endpoints/${created.id}`, { headers: withKey(keyB) }),
    404,
    'not_found_error',
  );
  await expectError(
    await request.delete(`/v1/webhook_endpoints/${created.id}`, { headers: withKey(keyB) }),
    404,
    'not_found_error',
  );
  await expectError(
    await request.get('/v1/webhook_endpoints', { headers: withKey(ticketsOnly) }),
    403,
    'permission_error',
  );
  await expectError(await request.get('/v1/webhook_endpoints'), 401, 'authentication_error');
  const invalid = await expectError(
    await request.post('/v1/webhook_endpoints', {
      headers: withKey(keyA),
      data: { url: 'not a url', events: ['ticket.created'] },
    }),
    400,
    'invalid_request_error',
  );
  expect(invalid.param).toBe('url');

  const deleted = await request.delete(`/v1/webhook_endpoints/${created.id}`, { headers: withKey(keyA) });
  expect(deleted.status()).toBe(200);
  expect(deleted.headers()['x-ratelimit-limit']).toBe('1000');
  await expectError(
    await request.get(`/v1/webhook_endpoints/${created.id}`, { headers: withKey(keyA) }),
    404,
    'not_found_error',
  );
});

test('a revoked key is refused at once, a rolled one after its grace', async ({ request }) => {
  const auth = await signUp(request, 'Casey Lindqvist');
  const revoked = await createKey(request, auth, ['tickets:read']);
  expect((await request.get('/v1/tickets', { headers: withKey(revoked.key) })).status()).toBe(200);
  await ok('revoke', request.delete(`/api/developers/keys/${revoked.id}`, { headers: auth }));
  await expect
    .poll(async () => (await request.get('/v1/tickets', { headers: withKey(revoked.key) })).status(), {
      timeout: 5000,
    })
    .toBe(401);

  const old = await createKey(request, auth, ['tickets:read']);
  expect((await request.get('/v1/tickets', { headers: withKey(old.key) })).status()).toBe(200);
  const withGrace = await ok<RollApiKeyResponse>(
    'roll with grace',
    request.post(`/api/developers/keys/${old.id}/roll`, { headers: auth, data: { graceHours: 1 } }),
  );
  // Within the grace both work.
  expect((await request.get('/v1/tickets', { headers: withKey(old.key) })).status()).toBe(200);
  expect((await request.get('/v1/tickets', { headers: withKey(withGrace.key.key) })).status()).toBe(200);
  // Rolled again at once: the replaced key stops now.
  const now = await ok<RollApiKeyResponse>(
    'roll now',
    request.post(`/api/developers/keys/${withGrace.key.id}/roll`, { headers: auth, data: { graceHours: 0 } }),
  );
  await expect
    .poll(async () => (await request.get('/v1/tickets', { headers: withKey(withGrace.key.key) })).status(), {
      timeout: 5000,
    })
    .toBe(401);
  expect((await request.get('/v1/tickets', { headers: withKey(now.key.key) })).status()).toBe(200);
  const unknown = await expectError(
    await request.get('/v1/tickets', { headers: withKey(`mcx_live_${'x'.repeat(40)}`) }),
    401,
    'authentication_error',
  );
  expect(unknown.code).toBe('invalid_api_key');
});

test('the 1,001st request of the hour is refused with 429 and the rate-limit headers', async ({
  request,
}) => {
  test.setTimeout(120_000);
  const auth = await signUp(request, 'Drew Okafor');
  const { key } = await createKey(request, auth, ['agents:read']);
  for (let sent = 0; sent < 1000; sent += 50) {
    const statuses = await Promise.all(
      Array.from({ length: 50 }, async () =>
        (await request.get('/v1/agents', { headers: withKey(key) })).status(),
      ),
    );
    expect(statuses.every((status) => status === 200)).toBe(true);
  }
  const refused = await request.get('/v1/agents', { headers: withKey(key) });
  await expectError(refused, 429, 'rate_limit_error');
  expect(refused.headers()['x-ratelimit-limit']).toBe('1000');
  expect(refused.headers()['x-ratelimit-remaining']).toBe('0');
  expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(3000);
  expect(Number(refused.headers()['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000 + 3000);
});

test('the OpenAPI document is served at /v1/openapi.json with the portal’s own base URL', async ({
  request,
}) => {
  const document = await ok<{ openapi: string; servers: { url: string }[]; paths: Record<string, unknown> }>(
    'openapi',
    request.get('/v1/openapi.json'),
  );
  expect(document.openapi).toBe('3.1.0');
  expect(document.servers[0]!.url).toMatch(/\/v1$/);
  expect(Object.keys(document.paths)).toEqual([
    '/tickets',
    '/tickets/{id}',
    '/agents',
    '/webhook_endpoints',
    '/webhook_endpoints/{id}',
  ]);
  const anonymous = await request.get('/v1/tickets');
  expect(anonymous.status()).toBe(401);
});

test('a ticket’s callback_url gets a signed ticket.updated when staff change its status', async ({
  request,
}) => {
  // A receiver on this machine (the e2e stack allows loopback callbacks: WEBHOOK_ALLOW_PRIVATE_URLS).
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/tickets/hook`;
    const auth = await signUp(request, 'Callback Developer');
    const { key } = await createKey(request, auth, ['tickets:read', 'tickets:write']);
    const created = await ok<V1Ticket>(
      'create with a callback',
      request.post('/v1/tickets', {
        headers: withKey(key),
        data: { customer_id: 'cus_77', subject: 'Refund not received', callback_url: callbackUrl },
      }),
    );
    expect(created.callback_url).toBe(callbackUrl);

    const { token } = await ok<{ token: string }>(
      'staff sign-in',
      request.post('/api/auth/login', {
        data: { email: staffAccount.email, password: staffAccount.password },
      }),
    );
    const uuid = fromPublicId('ticket', created.id)!;
    await ok(
      'staff change the status',
      request.patch(`/api/support/staff/tickets/${uuid}`, {
        headers: { Authorization: `Bearer ${token}` },
        data: { status: 'in_progress' },
      }),
    );

    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    const [got] = received;
    const payload = JSON.parse(got.body) as { id: string; event: string; data: { object: V1Ticket } };
    expect(payload.event).toBe('ticket.updated');
    expect(got.headers['x-portal-event-id']).toBe(payload.id);
    const shown = await ok<V1Ticket>(
      'read it',
      request.get(`/v1/tickets/${created.id}`, { headers: withKey(key) }),
    );
    expect(payload.data.object).toEqual(shown);
    expect(shown.status).toBe('in_progress');

    // Signed with the organization's callback secret, as the Developers page reveals it.
    const { signingSecret } = await ok<CallbackSigningSecret>(
      'callback secret',
      request.get('/api/developers/callbacks/secret', { headers: auth }),
    );
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(got.headers['x-portal-signature'] as string) ?? [];
    const expected = createHmac('sha256', signingSecret).update(`${t}.${got.body}`).digest();
    expect(timingSafeEqual(Buffer.from(v1, 'hex'), expected)).toBe(true);
    expect(Math.abs(Date.now() / 1000 - Number(t))).toBeLessThan(300);
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
