import { closedPort, type ServiceHarness, testNatsUrl } from '@portal/testing';
import { startCrm } from '../test/crm-harness';

describe('GET /health', () => {
  let harness: ServiceHarness | undefined;

  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  it('answers 200 ok with the database up and NATS not configured', async () => {
    harness = await startCrm();
    const res = await fetch(`${harness.baseUrl}/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok', checks: { database: 'up', nats: 'not-configured' } });
  });

  it('reports NATS up once the outbox relay is connected', async () => {
    harness = await startCrm({ natsUrl: testNatsUrl() });
    const url = `${harness.baseUrl}/health`;
    const deadline = Date.now() + 10_000;
    let body: unknown;
    do {
      await new Promise((resolve) => setTimeout(resolve, 50));
      body = await (await fetch(url)).json();
    } while ((body as { status: string }).status !== 'ok' && Date.now() < deadline);
    expect(body).toEqual({ status: 'ok', checks: { database: 'up', nats: 'up' } });
  });

  it('stays 200 but degraded while NATS is unreachable, and 503 once the database is gone', async () => {
    harness = await startCrm({ natsUrl: `nats://127.0.0.1:${await closedPort()}` });
    const degraded = await fetch(`${harness.baseUrl}/health`);
    expect(degraded.status).toBe(200);
    expect(await degraded.json()).toEqual({ status: 'degraded', checks: { database: 'up', nats: 'down' } });

    await harness.database.drop();
    const down = await fetch(`${harness.baseUrl}/health`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: 'degraded', checks: { database: 'down', nats: 'down' } });
  });
});
