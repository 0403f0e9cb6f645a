import { type SupportStack, startSupport } from './test/support-harness';

// The controller is libs/events' ServiceHealthModule, tested in full through identity; this checks
// that support mounts it.
describe('GET /health', () => {
  let stack: SupportStack;
  beforeAll(async () => {
    stack = await startSupport();
  });
  afterAll(() => stack.close());

  it('answers 200 ok with the database up and NATS not configured, without a token', async () => {
    const res = await fetch(`${stack.service.baseUrl}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', checks: { database: 'up', nats: 'not-configured' } });
  });
});
