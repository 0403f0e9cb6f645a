import { Controller, Get, Module, Param } from '@nestjs/common';
import { CreateEventTables1763830000000 } from '@portal/events';
import { type InternalListener, listenInternal, Readiness } from '@portal/nest-http';
import { type ServiceHarness, startServiceHarness } from '@portal/testing';
import { type PlatformConfig, serviceRootModule } from './service-module';

@Controller('api/widgets')
class WidgetsController {
  @Get(':id')
  read(@Param('id') id: string): { id: string } {
    return { id };
  }
}

@Module({ controllers: [WidgetsController] })
class WidgetsFeature {}

const WidgetService = serviceRootModule<PlatformConfig>('widgets', {
  configToken: Symbol('WIDGETS_CONFIG'),
  database: (url) => ({ url }),
  features: [WidgetsFeature],
});

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

describe('a service’s metrics and probes (ADR 0209)', () => {
  let harness: ServiceHarness;
  let internal: InternalListener;
  const metrics = async () => (await fetch(`${internal.url}/metrics`)).text();

  beforeAll(async () => {
    harness = await startServiceHarness({
      name: 'widgets',
      migrations: [CreateEventTables1763830000000],
      createModule: ({ databaseUrl }) => WidgetService.forRoot({ databaseUrl }),
    });
    internal = await listenInternal({ port: 0, host: '127.0.0.1', readiness: harness.app.get(Readiness) });
  });

  afterAll(async () => {
    await internal?.close();
    await harness?.close();
  });

  it('times requests by route template and status, every series labelled with the service', async () => {
    for (const id of ['a', 'b', 'c'])
      expect((await fetch(`${harness.baseUrl}/api/widgets/${id}`)).status).toBe(200);
    expect((await fetch(`${harness.baseUrl}/no/such/page`)).status).toBe(404);

    const response = await fetch(`${internal.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    const route = { service: 'widgets', method: 'GET', route: '/api/widgets/:id', status_code: '200' };
    expect(sample(text, 'http_server_request_duration_seconds_count', route)).toBe(3);
    expect(sample(text, 'http_server_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(3);
    // Never the raw URL: one series for every id, one for every unmatched path.
    expect(text).not.toContain('/api/widgets/a');
    expect(text).not.toContain('/no/such/page');
    expect(
      sample(text, 'http_server_request_duration_seconds_count', {
        route: '(unmatched)',
        status_code: '404',
      }),
    ).toBe(1);
    expect(sample(text, 'process_cpu_user_seconds_total', { service: 'widgets' })).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds', { service: 'widgets' })).toBeDefined();
  });

  it('measures the database pool and its queries', async () => {
    const text = await metrics();
    expect(
      sample(text, 'db_pool_connections', { service: 'widgets', state: 'total' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'db_pool_connections', { state: 'idle' })).toBeDefined();
    expect(sample(text, 'db_pool_connections', { state: 'waiting' })).toBe(0);
    // The outbox gauges' own query counts among them.
    expect(sample(text, 'db_query_duration_seconds_count', { service: 'widgets' })).toBeGreaterThan(0);
  });

  it('shows the outbox backlog and its lag grow while events wait, and fall once they are published', async () => {
    await harness.dataSource.query(
      `INSERT INTO outbox (id, subject, type, data, occurred_at)
       VALUES (gen_random_uuid(), 'portal.widgets.made', 'widgets.made', '{}', now() - interval '30 seconds'),
              (gen_random_uuid(), 'portal.widgets.made', 'widgets.made', '{}', now())`,
    );
    await new Promise((resolve) => setTimeout(resolve, 1100)); // past the one-scrape cache
    let text = await metrics();
    expect(sample(text, 'outbox_backlog', { service: 'widgets' })).toBe(2);
    expect(sample(text, 'outbox_relay_lag_seconds')).toBeGreaterThanOrEqual(30);

    await harness.dataSource.query('UPDATE outbox SET published_at = now()');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    text = await metrics();
    expect(sample(text, 'outbox_backlog')).toBe(0);
    expect(sample(text, 'outbox_relay_lag_seconds')).toBe(0);
  });

  it('answers /livez and /readyz on the main port with the status only', async () => {
    const livez = await fetch(`${harness.baseUrl}/livez`);
    expect(livez.status).toBe(200);
    expect(await livez.json()).toEqual({ status: 'ok' });
    const readyz = await fetch(`${harness.baseUrl}/readyz`);
    expect(readyz.status).toBe(200);
    expect(readyz.headers.get('cache-control')).toBe('no-store');
    expect(await readyz.json()).toEqual({ status: 'ok' });
  });

  it('details each dependency on the internal port only', async () => {
    const readyz = await fetch(`${internal.url}/readyz`);
    expect(readyz.status).toBe(200);
    expect(await readyz.json()).toEqual({
      status: 'ok',
      checks: { database: { status: 'up', latencyMs: expect.any(Number), required: true } },
    });
    expect(await (await fetch(`${internal.url}/livez`)).json()).toEqual({ status: 'ok' });
    // The main port does not serve the metrics.
    expect((await fetch(`${harness.baseUrl}/metrics`)).status).toBe(404);
  });

  it('fails readiness at once, on both ports, once draining (SIGTERM), while staying alive', async () => {
    harness.app.get(Readiness).markDraining();
    const main = await fetch(`${harness.baseUrl}/readyz`);
    expect(main.status).toBe(503);
    expect(await main.json()).toEqual({ status: 'unavailable' });
    const detailed = await fetch(`${internal.url}/readyz`);
    expect(detailed.status).toBe(503);
    expect(await detailed.json()).toEqual({ status: 'draining', checks: {} });
    expect((await fetch(`${harness.baseUrl}/livez`)).status).toBe(200);
    expect((await fetch(`${internal.url}/livez`)).status).toBe(200);
  });
});
