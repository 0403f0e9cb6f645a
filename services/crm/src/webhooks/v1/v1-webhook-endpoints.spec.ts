import { randomUUID } from 'node:crypto';
import {
  type ApiKeyScope,
  fromPublicId,
  v1CreatedWebhookEndpointSchema,
  v1WebhookEndpointListSchema,
  v1WebhookEndpointSchema,
  webhookMessages,
} from '@portal/contracts';
import { type HostResolver, systemResolver } from '@portal/nest-http';
import { expectV1Error, request, startForSuite } from '@portal/testing';
import { startCrm } from '../../test/crm-harness';

/** `*.example.com` resolves to a public (TEST-NET-1) address; anything else as the system resolves it. */
const resolve: HostResolver = async (host) =>
  host.endsWith('.example.com') ? [{ address: '192.0.2.10', family: 4 }] : systemResolver(host);

interface Key {
  organizationId: string;
  creatorId: string;
  token: string;
}

describe('/v1/webhook_endpoints (the public API in crm)', () => {
  // Private targets refused, as in production.
  const crm = startForSuite(() => startCrm({ webhooks: { webhookResolve: resolve } }));

  const keyOf = async (
    organizationId: string = randomUUID(),
    scopes: ApiKeyScope[] = ['webhooks:manage'],
  ): Promise<Key> => {
    const { claims, token } = await crm().apiToken({ org: organizationId, scp: scopes });
    return { organizationId, creatorId: claims.usr, token };
  };

  const call = (method: string, path: string, key?: Key | string, body?: unknown) =>
    request<Record<string, unknown>>(crm().baseUrl, method, `/v1/webhook_endpoints${path}`, {
      token: typeof key === 'string' ? key : key?.token,
      body,
    });

  const create = async (key: Key, url = 'https://hooks.example.com/a') => {
    const response = await call('POST', '', key, { url, events: ['ticket.created'] });
    expect(response.status).toBe(201);
    return v1CreatedWebhookEndpointSchema.strict().parse(response.body);
  };

  it('honours Idempotency-Key on create: a retry gets the same endpoint and secret, another body a 400', async () => {
    const key = await keyOf();
    const body = { url: 'https://hooks.example.com/idem', events: ['ticket.created'] };
    const post = (payload: unknown, idempotencyKey: string) =>
      request<Record<string, unknown>>(crm().baseUrl, 'POST', '/v1/webhook_endpoints', {
        token: key.token,
        body: payload,
        headers: { 'idempotency-key': idempotencyKey },
      });
    const first = await post(body, 'create-hook-1');
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const retry = await post(
      { events: ['ticket.created'], url: 'https://hooks.example.com/idem' },
      'create-hook-1',
    );
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    const [{ count }] = await crm().dataSource.query(
      'SELECT count(*)::int AS count FROM webhook_endpoints WHERE organization_id = $1',
      [key.organizationId],
    );
    expect(count).toBe(1);

    expectV1Error(await post({ ...body, url: 'https://hooks.example.com/other' }, 'create-hook-1'), 400, {
      type: 'idempotency_error',
      code: 'idempotency_key_in_use',
    });
    // Another organization's same key is its own.
    const other = await keyOf();
    const theirs = await request<Record<string, unknown>>(crm().baseUrl, 'POST', '/v1/webhook_endpoints', {
      token: other.token,
      body,
      headers: { 'idempotency-key': 'create-hook-1' },
    });
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(first.body.id);
    // A refused URL keeps nothing for the key: the corrected request goes through with it.
    expectV1Error(await post({ ...body, url: 'http://10.0.0.5/hook' }, 'create-hook-2'), 400, {
      param: 'url',
    });
    expect((await post(body, 'create-hook-2')).status).toBe(201);
  });

  it('creates, lists, updates and deletes an endpoint of the key’s organization', async () => {
    const key = await keyOf();
    const created = await create(key);
    expect(created).toMatchObject({
      object: 'webhook_endpoint',
      url: 'https://hooks.example.com/a',
      events: ['ticket.created'],
      status: 'active',
      description: null,
    });
    expect(created.id).toMatch(/^we_[0-9a-f]{32}$/);
    expect(created.secret).toMatch(/^whsec_/);
    const [row] = await crm().dataSource.query(
      'SELECT organization_id, created_by FROM webhook_endpoints WHERE id = $1',
      [fromPublicId('webhook_endpoint', created.id)],
    );
    expect(row).toEqual({ organization_id: key.organizationId, created_by: key.creatorId });

    const fetched = await call('GET', `/${created.id}`, key);
    expect(fetched.status).toBe(200);
    expect(v1WebhookEndpointSchema.strict().parse(fetched.body)).not.toHaveProperty('secret');

    const updated = await call('POST', `/${created.id}`, key, {
      events: ['call.completed'],
      description: 'Helpdesk',
      enabled: false,
    });
    expect(updated.status).toBe(200);
    expect(v1WebhookEndpointSchema.strict().parse(updated.body)).toMatchObject({
      id: created.id,
      events: ['call.completed'],
      description: 'Helpdesk',
      status: 'disabled',
    });

    const deleted = await call('DELETE', `/${created.id}`, key);
    expect(deleted.body).toEqual({ id: created.id, object: 'webhook_endpoint', deleted: true });
    expectV1Error(await call('GET', `/${created.id}`, key), 404, {
      type: 'not_found_error',
      code: 'resource_missing',
      param: 'id',
    });
  });

  it('pages the list newest first with starting_after, has_more and next_cursor', async () => {
    const key = await keyOf();
    const first = await create(key, 'https://hooks.example.com/1');
    const second = await create(key, 'https://hooks.example.com/2');
    const third = await create(key, 'https://hooks.example.com/3');
    const page1 = v1WebhookEndpointListSchema.parse((await call('GET', '?limit=2', key)).body);
    expect(page1.data.map((e) => e.id)).toEqual([third.id, second.id]);
    expect(page1).toMatchObject({ has_more: true, next_cursor: second.id });
    const page2 = v1WebhookEndpointListSchema.parse(
      (await call('GET', `?limit=2&starting_after=${page1.next_cursor}`, key)).body,
    );
    expect(page2.data.map((e) => e.id)).toEqual([first.id]);
    expect(page2).toMatchObject({ has_more: false, next_cursor: null });
    expectV1Error(await call('GET', '?starting_after=nope', key), 400, { param: 'starting_after' });
    expectV1Error(await call('GET', '?limit=0', key), 400, { param: 'limit' });
  });

  it('answers 401 without a token or with a bad one, 403 for a key without webhooks:manage', async () => {
    expectV1Error(await call('GET', ''), 401, { type: 'authentication_error' });
    expectV1Error(await call('GET', '', 'not-a-token'), 401, { type: 'authentication_error' });
    const member = await crm().signIn();
    expectV1Error(await call('GET', '', member.token), 401, { type: 'authentication_error' });
    const readOnly = await keyOf(undefined, ['tickets:read', 'tickets:write', 'agents:read']);
    expectV1Error(await call('GET', '', readOnly), 403, { type: 'permission_error', code: 'missing_scope' });
    expectV1Error(
      await call('POST', '', readOnly, { url: 'https://hooks.example.com/x', events: ['ticket.created'] }),
      403,
      {
        code: 'missing_scope',
      },
    );
  });

  it("never shows, changes or deletes another organization's endpoint (404)", async () => {
    const a = await keyOf();
    const b = await keyOf();
    const ofB = await create(b);
    const missing = { type: 'not_found_error', code: 'resource_missing', param: 'id' } as const;
    expectV1Error(await call('GET', `/${ofB.id}`, a), 404, missing);
    expectV1Error(await call('POST', `/${ofB.id}`, a, { enabled: false }), 404, missing);
    expectV1Error(await call('DELETE', `/${ofB.id}`, a), 404, missing);
    expect(v1WebhookEndpointListSchema.parse((await call('GET', '', a)).body).data).toEqual([]);
    expectV1Error(await call('GET', `?starting_after=${ofB.id}`, a), 400, { param: 'starting_after' });
    const stillB = v1WebhookEndpointSchema.parse((await call('GET', `/${ofB.id}`, b)).body);
    expect(stillB.status).toBe('active');
  });

  it('refuses bad input with a 400 naming the field, and a URL reaching a private address', async () => {
    const key = await keyOf();
    expectV1Error(await call('POST', '', key, { events: ['ticket.created'] }), 400, {
      code: 'parameter_missing',
      param: 'url',
    });
    expectV1Error(
      await call('POST', '', key, { url: 'https://hooks.example.com/a', events: ['nope'] }),
      400,
      {
        code: 'parameter_invalid',
        param: 'events.0',
      },
    );
    expectV1Error(
      await call('POST', '', key, { url: 'https://hooks.example.com/a', events: ['ticket.created'], x: 1 }),
      400,
      { code: 'parameter_unknown', param: 'x' },
    );
    for (const url of ['http://127.0.0.1:9/hook', 'http://10.1.2.3/hook', 'http://169.254.169.254/latest']) {
      expectV1Error(await call('POST', '', key, { url, events: ['ticket.created'] }), 400, {
        type: 'invalid_request_error',
        param: 'url',
        message: webhookMessages.urlRefused,
      });
    }
    const created = await create(key);
    expectV1Error(await call('POST', `/${created.id}`, key, { url: 'http://127.0.0.1/x' }), 400, {
      param: 'url',
    });
    expectV1Error(await call('POST', `/${created.id}`, key, { enabled: 'yes' }), 400, { param: 'enabled' });
    const [{ count }] = await crm().dataSource.query(
      'SELECT count(*)::int AS count FROM webhook_endpoints WHERE organization_id = $1',
      [key.organizationId],
    );
    expect(count).toBe(1);
  });
});
