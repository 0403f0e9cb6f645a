import { startGateway, type RunningGateway } from '../testing/gateway';
import { closedPort, startUpstream, type Upstream } from '../testing/upstream';

const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const natsUrl = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

const up = { status: 'up', latencyMs: expect.any(Number) };
const down = { status: 'down', latencyMs: expect.any(Number) };

describe('health endpoints', () => {
  let healthyIdentity: Upstream;
  let healthyCrm: Upstream;
  let healthyCommerce: Upstream;

  beforeAll(async () => {
    [healthyIdentity, healthyCrm, healthyCommerce] = await Promise.all(
      [0, 1, 2].map(() =>
        startUpstream((request, response) => {
          response.writeHead(request.url === '/health' ? 200 : 404, { 'content-type': 'application/json' });
          response.end('{"status":"ok","checks":{"database":"up","nats":"up"}}');
        }),
      ),
    );
  });

  afterAll(() => Promise.all([healthyIdentity.close(), healthyCrm.close(), healthyCommerce.close()]));

  describe('with every dependency up', () => {
    let gateway: RunningGateway;

    beforeAll(async () => {
      gateway = await startGateway({
        IDENTITY_URL: healthyIdentity.url,
        COMMERCE_URL: healthyCommerce.url,
        CRM_URL: healthyCrm.url,
        DATABASE_URL: postgresUrl,
        NATS_URL: natsUrl,
      });
    });

    afterAll(() => gateway.close());

    it('GET /api/healthz answers 200 {status: ok}', async () => {
      const response = await fetch(`${gateway.url}/api/healthz`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({ status: 'ok' });
    });

    it('GET /api/readyz answers 200 with identity, commerce, crm, PostgreSQL and NATS up', async () => {
      const response = await fetch(`${gateway.url}/api/readyz`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        status: 'ok',
        checks: { identity: up, commerce: up, crm: up, postgres: up, nats: up },
      });
      expect(healthyIdentity.received.some((r) => r.url === '/health')).toBe(true);
    });

    it('stays ready on repeated checks (the NATS connection and the pool are reused)', async () => {
      for (let i = 0; i < 3; i++) {
        const response = await fetch(`${gateway.url}/api/readyz`);
        expect(response.status).toBe(200);
      }
    });
  });

  it('GET /api/readyz answers 503 degraded, within a second, when every dependency is down', async () => {
    const [identityPort, commercePort, crmPort, postgresPort, natsPort] = await Promise.all([
      closedPort(),
      closedPort(),
      closedPort(),
      closedPort(),
      closedPort(),
    ]);
    const gateway = await startGateway({
      IDENTITY_URL: `http://127.0.0.1:${identityPort}`,
      COMMERCE_URL: `http://127.0.0.1:${commercePort}`,
      CRM_URL: `http://127.0.0.1:${crmPort}`,
      DATABASE_URL: `postgres://postgres@127.0.0.1:${postgresPort}/postgres`,
      NATS_URL: `nats://127.0.0.1:${natsPort}`,
    });
    try {
      const started = performance.now();
      const response = await fetch(`${gateway.url}/api/readyz`);
      expect(performance.now() - started).toBeLessThan(1000);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        status: 'degraded',
        checks: { identity: down, commerce: down, crm: down, postgres: down, nats: down },
      });
      // Liveness does not depend on anything.
      expect((await fetch(`${gateway.url}/api/healthz`)).status).toBe(200);
    } finally {
      await gateway.close();
    }
  });

  it('reports a service that accepts the connection but never answers as down, within a second', async () => {
    const hanging = await startUpstream(() => {});
    const gateway = await startGateway({
      IDENTITY_URL: hanging.url,
      COMMERCE_URL: healthyCommerce.url,
      CRM_URL: healthyCrm.url,
      DATABASE_URL: postgresUrl,
    });
    try {
      const started = performance.now();
      const response = await fetch(`${gateway.url}/api/readyz`);
      expect(performance.now() - started).toBeLessThan(1000);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        status: 'degraded',
        checks: { identity: down, commerce: up, crm: up, postgres: up },
      });
    } finally {
      await gateway.close();
      await hanging.close();
    }
  });

  it('reports a service whose own /health answers 503 as down, the others as up', async () => {
    const degradedIdentity = await startUpstream((_request, response) => {
      response.writeHead(503, { 'content-type': 'application/json' });
      response.end('{"status":"degraded","checks":{"database":"down","nats":"up"}}');
    });
    const gateway = await startGateway({
      IDENTITY_URL: degradedIdentity.url,
      COMMERCE_URL: healthyCommerce.url,
      CRM_URL: healthyCrm.url,
      DATABASE_URL: postgresUrl,
      NATS_URL: natsUrl,
    });
    try {
      const response = await fetch(`${gateway.url}/api/readyz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        status: 'degraded',
        checks: { identity: down, commerce: up, crm: up, postgres: up, nats: up },
      });
    } finally {
      await gateway.close();
      await degradedIdentity.close();
    }
  });

  it('checks only what is configured: no PostgreSQL or NATS check without their URLs, no planned services', async () => {
    const gateway = await startGateway({
      IDENTITY_URL: healthyIdentity.url,
      COMMERCE_URL: healthyCommerce.url,
      CRM_URL: healthyCrm.url,
    });
    try {
      const response = await fetch(`${gateway.url}/api/readyz`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        status: 'ok',
        checks: { identity: up, commerce: up, crm: up },
      });
    } finally {
      await gateway.close();
    }
  });
});
