import { startGateway, type RunningGateway } from '../testing/gateway';
import { closedPort, startUpstream, type Upstream } from '../testing/upstream';

const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const natsUrl = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
const redisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

// The gateway's own dependencies are required; the services are reported, not required (ADR 0209).
const up = { status: 'up', latencyMs: expect.any(Number), required: true };
const serviceUp = { ...up, required: false };

/** GET /api/readyz as a caller at `remoteAddress` would get it (Fastify's inject, no socket). */
async function readyzFrom(gateway: RunningGateway, remoteAddress: string) {
  const response = await gateway.app
    .getHttpAdapter()
    .getInstance()
    .inject({ method: 'GET', url: '/api/readyz', remoteAddress });
  return { status: response.statusCode, body: response.json() as unknown };
}

/** GET /api/readyz from this machine, and how long it took to answer. */
async function readyz(gateway: RunningGateway) {
  const started = performance.now();
  const response = await fetch(`${gateway.url}/api/readyz`);
  const answeredInMs = performance.now() - started;
  return { answeredInMs, answer: { status: response.status, body: (await response.json()) as unknown } };
}
const down = { status: 'down', latencyMs: expect.any(Number), required: true };
const serviceDown = { ...down, required: false };

describe('health endpoints', () => {
  let healthyIdentity: Upstream;
  let healthyCrm: Upstream;
  let healthyCommerce: Upstream;
  let healthySupport: Upstream;
  let healthyKpi: Upstream;
  /** Every service's URL variable, each to a service whose /health answers 200. */
  const allServicesUp = () => ({
    IDENTITY_URL: healthyIdentity.url,
    COMMERCE_URL: healthyCommerce.url,
    CRM_URL: healthyCrm.url,
    SUPPORT_URL: healthySupport.url,
    KPI_URL: healthyKpi.url,
  });
  const otherServicesUp = { commerce: serviceUp, crm: serviceUp, support: serviceUp, kpi: serviceUp };

  beforeAll(async () => {
    [healthyIdentity, healthyCrm, healthyCommerce, healthySupport, healthyKpi] = await Promise.all(
      [0, 1, 2, 3, 4].map(() =>
        startUpstream((request, response) => {
          response.writeHead(request.url === '/health' ? 200 : 404, { 'content-type': 'application/json' });
          response.end('{"status":"ok","checks":{"database":"up","nats":"up"}}');
        }),
      ),
    );
  });

  afterAll(() =>
    Promise.all(
      [healthyIdentity, healthyCrm, healthyCommerce, healthySupport, healthyKpi].map((each) => each.close()),
    ),
  );

  describe('with every dependency up', () => {
    let gateway: RunningGateway;

    beforeAll(async () => {
      gateway = await startGateway({
        ...allServicesUp(),
        DATABASE_URL: postgresUrl,
        NATS_URL: natsUrl,
        REDIS_URL: redisUrl,
      });
    });

    afterAll(() => gateway.close());

    it('GET /api/healthz answers 200 {status: ok}', async () => {
      const response = await fetch(`${gateway.url}/api/healthz`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({ status: 'ok' });
    });

    it('GET /api/readyz answers 200 with every service, PostgreSQL, NATS and Redis up', async () => {
      expect((await readyz(gateway)).answer).toEqual({
        status: 200,
        body: {
          status: 'ok',
          checks: { identity: serviceUp, ...otherServicesUp, postgres: up, nats: up, redis: up },
        },
      });
      expect(healthyIdentity.received.some((r) => r.url === '/health')).toBe(true);
    });

    it('GET /api/readyz tells anyone but a caller on this machine only the status', async () => {
      for (const headers of [{ 'x-forwarded-for': '203.0.113.7' }, { forwarded: 'for=203.0.113.7' }]) {
        const viaProxy = await fetch(`${gateway.url}/api/readyz`, { headers });
        expect(viaProxy.status).toBe(200);
        expect(viaProxy.headers.get('cache-control')).toBe('no-store');
        expect(await viaProxy.json()).toEqual({ status: 'ok' });
      }
      for (const remoteAddress of ['203.0.113.7', '10.0.0.5', '::ffff:10.0.0.5', 'fd00::2']) {
        expect(await readyzFrom(gateway, remoteAddress)).toEqual({ status: 200, body: { status: 'ok' } });
      }
      expect(await readyzFrom(gateway, '::1')).toMatchObject({
        status: 200,
        body: { checks: expect.any(Object) },
      });
    });

    it('stays ready on repeated checks (the NATS connection and the pool are reused)', async () => {
      for (let i = 0; i < 3; i++) {
        expect((await readyz(gateway)).answer.status).toBe(200);
      }
    });
  });

  it('GET /api/readyz answers 503 unavailable, within a second, when every dependency is down', async () => {
    const [identityPort, commercePort, crmPort, supportPort, kpiPort, postgresPort, natsPort, redisPort] =
      await Promise.all(Array.from({ length: 8 }, () => closedPort()));
    const gateway = await startGateway({
      IDENTITY_URL: `http://127.0.0.1:${identityPort}`,
      COMMERCE_URL: `http://127.0.0.1:${commercePort}`,
      CRM_URL: `http://127.0.0.1:${crmPort}`,
      SUPPORT_URL: `http://127.0.0.1:${supportPort}`,
      KPI_URL: `http://127.0.0.1:${kpiPort}`,
      DATABASE_URL: `postgres://postgres@127.0.0.1:${postgresPort}/postgres`,
      NATS_URL: `nats://127.0.0.1:${natsPort}`,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    });
    try {
      const { answeredInMs, answer } = await readyz(gateway);
      expect(answeredInMs).toBeLessThan(1000);
      expect(answer).toEqual({
        status: 503,
        body: {
          status: 'unavailable',
          checks: {
            identity: serviceDown,
            commerce: serviceDown,
            crm: serviceDown,
            support: serviceDown,
            kpi: serviceDown,
            postgres: down,
            nats: down,
            redis: down,
          },
        },
      });
      // Others learn that it is not ready, not what is down.
      expect(await readyzFrom(gateway, '203.0.113.7')).toEqual({
        status: 503,
        body: { status: 'unavailable' },
      });
      // Liveness does not depend on anything.
      expect((await fetch(`${gateway.url}/api/healthz`)).status).toBe(200);
    } finally {
      await gateway.close();
    }
  });

  it('reports a service that accepts the connection but never answers as down, within a second, and stays ready', async () => {
    const hanging = await startUpstream(() => {});
    const gateway = await startGateway({
      ...allServicesUp(),
      IDENTITY_URL: hanging.url,
      DATABASE_URL: postgresUrl,
    });
    try {
      const { answeredInMs, answer } = await readyz(gateway);
      expect(answeredInMs).toBeLessThan(1000);
      expect(answer).toEqual({
        status: 200,
        body: { status: 'degraded', checks: { identity: serviceDown, ...otherServicesUp, postgres: up } },
      });
    } finally {
      await gateway.close();
      await hanging.close();
    }
  });

  it('reports a service whose own /health answers 503 as down, the others as up, and stays ready', async () => {
    const degradedIdentity = await startUpstream((_request, response) => {
      response.writeHead(503, { 'content-type': 'application/json' });
      response.end('{"status":"degraded","checks":{"database":"down","nats":"up"}}');
    });
    const gateway = await startGateway({
      ...allServicesUp(),
      IDENTITY_URL: degradedIdentity.url,
      DATABASE_URL: postgresUrl,
      NATS_URL: natsUrl,
    });
    try {
      expect((await readyz(gateway)).answer).toEqual({
        status: 200,
        body: {
          status: 'degraded',
          checks: { identity: serviceDown, ...otherServicesUp, postgres: up, nats: up },
        },
      });
    } finally {
      await gateway.close();
      await degradedIdentity.close();
    }
  });

  it('checks only what is configured: no PostgreSQL or NATS check without their URLs', async () => {
    const gateway = await startGateway({
      ...allServicesUp(),
    });
    try {
      expect((await readyz(gateway)).answer).toEqual({
        status: 200,
        body: { status: 'ok', checks: { identity: serviceUp, ...otherServicesUp } },
      });
    } finally {
      await gateway.close();
    }
  });
});
