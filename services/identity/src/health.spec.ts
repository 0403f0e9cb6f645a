import { closedPort, type ServiceHarness, testNatsUrl, waitFor } from '@portal/testing';
import { startIdentity } from './test/identity-harness';

describe('GET /health', () => {
  let harness: ServiceHarness | undefined;

  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  it('answers 200 ok with the database up and NATS not configured', async () => {
    harness = await startIdentity({ seed: false });
    const res = await fetch(`${harness.baseUrl}/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok', checks: { database: 'up', nats: 'not-configured' } });
  });

  it('reports NATS up once the outbox relay is connected', async () => {
    harness = await startIdentity({ seed: false, natsUrl: testNatsUrl() });
    const url = `${harness.baseUrl}/health`;
    await waitFor(
      async () => ((await (await fetch(url)).json()) as { status: string }).status === 'ok',
      'the outbox relay to connect',
    );
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', checks: { database: 'up', nats: 'up' } });
  });

  it('stays 200 but degraded while NATS is unreachable', async () => {
    harness = await startIdentity({ seed: false, natsUrl: `nats://127.0.0.1:${await closedPort()}` });
    const res = await fetch(`${harness.baseUrl}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'degraded', checks: { database: 'up', nats: 'down' } });
  });

  it('answers 503 degraded once the database is gone', async () => {
    harness = await startIdentity({ seed: false });
    await harness.database.drop();
    const started = Date.now();
    const res = await fetch(`${harness.baseUrl}/health`);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      status: 'degraded',
      checks: { database: 'down', nats: 'not-configured' },
    });
  });
});
