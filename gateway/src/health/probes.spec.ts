import { type InternalListener, listenInternal, Readiness } from '@portal/nest-http';
import { startGateway, type RunningGateway } from '../testing/gateway';
import { closedPort, startUpstream, type Upstream } from '../testing/upstream';

const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The value of the one series of `name` whose labels include every one of `labels`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const has = Object.entries(labels).every(([key, value]) =>
      (match[2] ?? '').includes(`${key}="${value}"`),
    );
    if (has) return Number(match[3]);
  }
  return undefined;
}

/**
 * ADR 0209: one service down takes away its own routes (503), not the gateway's readiness nor any
 * other route; the details of the dependencies and the metrics are on the internal port only.
 */
describe('the gateway with one service down', () => {
  let services: Upstream[];
  let gateway: RunningGateway;
  let internal: InternalListener;

  beforeAll(async () => {
    services = await Promise.all(
      [0, 1, 2, 3].map(() =>
        startUpstream((_request, response) => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end('{"status":"ok"}');
        }),
      ),
    );
    const [identity, crm, support, kpi] = services;
    gateway = await startGateway({
      IDENTITY_URL: identity.url,
      COMMERCE_URL: `http://127.0.0.1:${await closedPort()}`,
      CRM_URL: crm.url,
      SUPPORT_URL: support.url,
      KPI_URL: kpi.url,
      DATABASE_URL: postgresUrl,
    });
    internal = await listenInternal({ port: 0, host: '127.0.0.1', readiness: gateway.app.get(Readiness) });
  });

  afterAll(async () => {
    await internal?.close();
    await gateway?.close();
    await Promise.all(services.map((service) => service.close()));
  });

  it("answers 503 on the dead service's routes and keeps serving every other route", async () => {
    for (const path of ['/api/packages', '/api/user/orders', '/api/account/export/commerce']) {
      const dead = await fetch(`${gateway.url}${path}`);
      expect({ path, status: dead.status, body: await dead.json() }).toEqual({
        path,
        status: 503,
        body: { statusCode: 503, message: 'Service commerce is unavailable' },
      });
    }
    for (const path of ['/api/identity/features', '/api/crm/x', '/api/support/tickets', '/api/kpi/metrics']) {
      const alive = await fetch(`${gateway.url}${path}`);
      expect({ path, status: alive.status }).toEqual({ path, status: 200 });
    }
  });

  it('stays ready: the main port says ok, the internal port names the dead service', async () => {
    const main = await fetch(`${gateway.url}/readyz`);
    expect(main.status).toBe(200);
    expect(main.headers.get('cache-control')).toBe('no-store');
    expect(await main.json()).toEqual({ status: 'ok' });
    expect(await (await fetch(`${gateway.url}/livez`)).json()).toEqual({ status: 'ok' });

    const detailed = await fetch(`${internal.url}/readyz`);
    expect(detailed.status).toBe(200);
    const report = (await detailed.json()) as { status: string; checks: Record<string, unknown> };
    expect(report.status).toBe('degraded');
    expect(report.checks).toMatchObject({
      commerce: { status: 'down', required: false },
      identity: { status: 'up', required: false },
      postgres: { status: 'up', required: true },
    });
  });

  it('serves its metrics on the internal port only, by route template, labelled gateway', async () => {
    // The public port has no /metrics route (any page it answers there is the site's, not the metrics).
    expect(await (await fetch(`${gateway.url}/metrics`)).text()).not.toContain('http_server_request');
    const response = await fetch(`${internal.url}/metrics`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(
      sample(text, 'http_server_request_duration_seconds_count', {
        service: 'gateway',
        method: 'GET',
        route: '/api/packages',
        status_code: '503',
      }),
    ).toBe(1);
    expect(
      sample(text, 'http_server_request_duration_seconds_count', {
        route: '/api/support/*',
        status_code: '200',
      }),
    ).toBe(1);
    expect(text).not.toContain('route="/api/support/tickets"');
    expect(sample(text, 'live_streams_open', { service: 'gateway' })).toBe(0);
    expect(sample(text, 'process_resident_memory_bytes', { service: 'gateway' })).toBeGreaterThan(0);
  });

  it('fails readiness at once when draining (SIGTERM), on both ports', async () => {
    gateway.app.get(Readiness).markDraining();
    const main = await fetch(`${gateway.url}/readyz`);
    expect({ status: main.status, body: await main.json() }).toEqual({
      status: 503,
      body: { status: 'unavailable' },
    });
    expect((await fetch(`${internal.url}/readyz`)).status).toBe(503);
    expect((await fetch(`${gateway.url}/api/healthz`)).status).toBe(200);
  });
});
