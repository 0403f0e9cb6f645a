import { type KpiStack, startKpi } from './test/kpi-harness';

// The controller is libs/events' ServiceHealthModule; this checks that kpi mounts it.
describe('GET /health', () => {
  let stack: KpiStack;
  beforeAll(async () => {
    stack = await startKpi();
  });
  afterAll(() => stack.close());

  it('answers 200 ok with the database up', async () => {
    const res = await fetch(`${stack.service.baseUrl}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', checks: { database: 'up', nats: 'not-configured' } });
  });
});
