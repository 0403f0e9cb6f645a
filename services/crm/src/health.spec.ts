import type { ServiceHarness } from '@portal/testing';
import { startCrm } from './test/crm-harness';

// The controller is libs/events' ServiceHealthModule, tested in full through identity; this checks
// that crm mounts it.
describe('GET /health', () => {
  let harness: ServiceHarness;
  beforeAll(async () => {
    harness = await startCrm();
  });
  afterAll(() => harness.close());

  it('answers 200 ok with the database up and NATS not configured', async () => {
    const res = await fetch(`${harness.baseUrl}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', checks: { database: 'up', nats: 'not-configured' } });
  });
});
