import { randomUUID } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import { createEventEnvelope, eventTypes } from '@portal/contracts';
import { testNatsUrl, uniqueSubjectSpace, waitFor } from '@portal/testing';
import { closedPort, echo, startUpstream, type ReceivedRequest, type Upstream } from '../testing/upstream';
import { startGateway, type RunningGateway } from '../testing/gateway';

const key = (char: string) => `mcx_live_${char.repeat(40)}`;
const GOOD = key('a');
const OTHER = key('b');
const UNKNOWN = key('z');

/** identity's exchange as the gateway sees it: a grant for the keys it knows, 401 for the rest. */
function identityKnowing(known: Map<string, { keyId: string; token: string }>) {
  return (request: ReceivedRequest, response: import('node:http').ServerResponse) => {
    if (request.url !== '/internal/api-keys/exchange') return echo(request, response);
    const { key: asked } = JSON.parse(request.body.toString('utf8')) as { key: string };
    const grant = known.get(asked);
    if (!grant) {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ statusCode: 401, message: 'invalid' }));
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        keyId: grant.keyId,
        organizationId: randomUUID(),
        scopes: ['tickets:read'],
        keyExpiresAt: null,
        token: grant.token,
        tokenExpiresAt: new Date(Date.now() + 300_000).toISOString(),
      }),
    );
  };
}

const exchanges = (identity: Upstream) =>
  identity.received.filter((request) => request.url === '/internal/api-keys/exchange');

async function expectV1Error(response: Response, status: number, type: string, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as { error: Record<string, unknown> };
  expect(body.error).toMatchObject({ type, code, request_id: response.headers.get('x-request-id') });
  expect(typeof body.error.message).toBe('string');
  return body.error;
}

describe('the public API at /v1', () => {
  const space = uniqueSubjectSpace();
  const known = new Map<string, { keyId: string; token: string }>();
  let identity: Upstream;
  let support: Upstream;
  let gateway: RunningGateway;
  let nats: Awaited<ReturnType<typeof connect>>;
  const goodKeyId = randomUUID();

  beforeAll(async () => {
    known.set(GOOD, { keyId: goodKeyId, token: 'api.token.good' });
    known.set(OTHER, { keyId: randomUUID(), token: 'api.token.other' });
    identity = await startUpstream(identityKnowing(known));
    support = await startUpstream();
    nats = await connect({ servers: testNatsUrl() });
    gateway = await startGateway(
      {
        IDENTITY_URL: identity.url,
        SUPPORT_URL: support.url,
        NATS_URL: testNatsUrl(),
        PUBLIC_SITE_URL: 'https://portal.example.com',
      },
      {
        v1RateLimit: { limit: 3, windowMs: 60_000 },
        apiKeyChangesSubject: `${space.prefix}.apikeys.changed`,
      },
    );
  });

  afterAll(async () => {
    await gateway.close();
    await Promise.all([identity.close(), support.close(), nats.close()]);
  });

  beforeEach(() => {
    identity.received.length = 0;
    support.received.length = 0;
  });

  const call = (path: string, apiKey?: string, init: RequestInit = {}) =>
    fetch(`${gateway.url}${path}`, {
      ...init,
      headers: { ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}), ...(init.headers ?? {}) },
    });

  it('serves its OpenAPI document without a key, naming the configured base URL', async () => {
    const response = await call('/v1/openapi.json');
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; servers: { url: string }[] };
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: 'https://portal.example.com/v1' }]);
  });

  it('refuses a request without a key, or with a malformed one, without asking identity', async () => {
    const missing = await call('/v1/tickets');
    expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="v1"');
    await expectV1Error(missing, 401, 'authentication_error', 'invalid_api_key');
    await expectV1Error(
      await call('/v1/tickets', 'not-a-key'),
      401,
      'authentication_error',
      'invalid_api_key',
    );
    expect(exchanges(identity)).toHaveLength(0);
    expect(support.received).toHaveLength(0);
  });

  it('refuses a key identity does not know, and does not ask again for it at once', async () => {
    await expectV1Error(await call('/v1/agents', UNKNOWN), 401, 'authentication_error', 'invalid_api_key');
    await expectV1Error(await call('/v1/agents', UNKNOWN), 401, 'authentication_error', 'invalid_api_key');
    expect(exchanges(identity)).toHaveLength(1);
    expect(support.received).toHaveLength(0);
  });

  it('forwards a known key’s request to support with the API token in its place, counting it', async () => {
    const response = await call('/v1/tickets?limit=2', OTHER, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'token=abc', 'idempotency-key': 'k-1' },
      body: '{"customer_id":"c1","subject":"Hi"}',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-limit')).toBe('3');
    expect(response.headers.get('x-ratelimit-remaining')).toBe('2');
    expect(Number(response.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000 + 50);
    const [forwarded] = support.received;
    expect(forwarded).toMatchObject({ method: 'POST', url: '/v1/tickets?limit=2' });
    expect(forwarded!.headers.authorization).toBe('Bearer api.token.other');
    expect(forwarded!.headers.cookie).toBeUndefined();
    expect(forwarded!.headers['idempotency-key']).toBe('k-1');
    expect(forwarded!.headers['x-request-id']).toBe(response.headers.get('x-request-id'));
    expect(forwarded!.body.toString('utf8')).toBe('{"customer_id":"c1","subject":"Hi"}');

    // The grant is kept: two more requests do not ask identity again.
    await call('/v1/agents', OTHER);
    await call('/v1/tickets/tkt_1', OTHER);
    expect(exchanges(identity)).toHaveLength(1);
    expect(support.received.map((request) => request.url)).toEqual([
      '/v1/tickets?limit=2',
      '/v1/agents',
      '/v1/tickets/tkt_1',
    ]);
  });

  it('answers 429 with Retry-After once the key has used its window, without forwarding', async () => {
    for (let i = 0; i < 3; i++) expect((await call('/v1/agents', GOOD)).status).toBe(200);
    const refused = await call('/v1/agents', GOOD);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(50);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(61);
    await expectV1Error(refused, 429, 'rate_limit_error', 'rate_limit_exceeded');
    expect(support.received).toHaveLength(3);
  });

  it('forgets a key the moment identity announces it revoked', async () => {
    const revokedKey = key('r');
    const keyId = randomUUID();
    known.set(revokedKey, { keyId, token: 'api.token.revoked' });
    expect((await call('/v1/agents', revokedKey)).status).toBe(200);
    known.delete(revokedKey);
    nats.publish(
      `${space.prefix}.apikeys.changed`,
      JSON.stringify(
        createEventEnvelope(eventTypes.apiKeyChanged, {
          keyId,
          organizationId: randomUUID(),
          revokedAt: new Date().toISOString(),
          expiresAt: null,
        }),
      ),
    );
    await waitFor(
      async () => (await call('/v1/agents', revokedKey)).status === 401,
      'the revoked key refused',
    );
    expect(exchanges(identity).length).toBeGreaterThanOrEqual(2);
  });

  it('answers an unknown /v1 path with a 404 in the documented shape', async () => {
    const error = await expectV1Error(
      await call('/v1/charges', GOOD),
      404,
      'invalid_request_error',
      'route_not_found',
    );
    expect(error.message).toBe('No such endpoint: GET /v1/charges');
    await expectV1Error(await call('/v1'), 404, 'invalid_request_error', 'route_not_found');
  });
});

describe('the public API when a service is down', () => {
  it('serves requests uncounted, without rate-limit headers, while Redis is down', async () => {
    const identity = await startUpstream(
      identityKnowing(new Map([[GOOD, { keyId: randomUUID(), token: 't' }]])),
    );
    const support = await startUpstream();
    const gateway = await startGateway({
      IDENTITY_URL: identity.url,
      SUPPORT_URL: support.url,
      REDIS_URL: `redis://127.0.0.1:${await closedPort()}`,
    });
    try {
      const started = performance.now();
      const response = await fetch(`${gateway.url}/v1/agents`, {
        headers: { authorization: `Bearer ${GOOD}` },
      });
      expect(response.status).toBe(200);
      expect(performance.now() - started).toBeLessThan(400);
      expect(response.headers.get('x-ratelimit-limit')).toBeNull();
      expect(support.received).toHaveLength(1);
    } finally {
      await gateway.close();
      await Promise.all([identity.close(), support.close()]);
    }
  });

  it('answers 503 in the documented shape when identity or support cannot be reached', async () => {
    const support = await startUpstream();
    const identityDown = await startGateway({
      IDENTITY_URL: `http://127.0.0.1:${await closedPort()}`,
      SUPPORT_URL: support.url,
    });
    try {
      await expectV1Error(
        await fetch(`${identityDown.url}/v1/agents`, { headers: { authorization: `Bearer ${GOOD}` } }),
        503,
        'api_error',
        'service_unavailable',
      );
    } finally {
      await identityDown.close();
      await support.close();
    }

    const identity = await startUpstream(
      identityKnowing(new Map([[GOOD, { keyId: randomUUID(), token: 't' }]])),
    );
    const supportDown = await startGateway({
      IDENTITY_URL: identity.url,
      SUPPORT_URL: `http://127.0.0.1:${await closedPort()}`,
    });
    try {
      const error = await expectV1Error(
        await fetch(`${supportDown.url}/v1/agents`, { headers: { authorization: `Bearer ${GOOD}` } }),
        503,
        'api_error',
        'service_unavailable',
      );
      expect(error.message).toBe('Service support is unavailable');
    } finally {
      await supportDown.close();
      await identity.close();
    }
  });
});
