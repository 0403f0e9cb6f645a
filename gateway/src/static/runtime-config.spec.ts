import { gatewayPerTest } from '../testing/gateway';

describe('GET /runtime-config.json', () => {
  const startTestGateway = gatewayPerTest();

  it('says no scheduler is configured by default, never cached, with the security headers', async () => {
    const gateway = await startTestGateway({});
    const response = await fetch(`${gateway.url}/runtime-config.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await response.json()).toEqual({
      scheduler: null,
      payments: null,
      api: { baseUrl: 'http://localhost:8080/v1' },
    });
  });

  it("hands over SCHEDULER_URL as the scheduler's booking page", async () => {
    const gateway = await startTestGateway({
      SCHEDULER_URL: 'https://calendly.com/millstone-cx/discovery-call',
    });
    const response = await fetch(`${gateway.url}/runtime-config.json`);
    expect(await response.json()).toEqual({
      scheduler: { url: 'https://calendly.com/millstone-cx/discovery-call' },
      payments: null,
      api: { baseUrl: 'http://localhost:8080/v1' },
    });
  });

  it("hands over STRIPE_PUBLISHABLE_KEY as the payments' publishable key", async () => {
    const gateway = await startTestGateway({ STRIPE_PUBLISHABLE_KEY: 'pk_test_51AbcDEF' });
    const response = await fetch(`${gateway.url}/runtime-config.json`);
    expect(await response.json()).toEqual({
      scheduler: null,
      payments: { publishableKey: 'pk_test_51AbcDEF' },
      api: { baseUrl: 'http://localhost:8080/v1' },
    });
  });

  it('gives the public API’s base URL: PUBLIC_API_URL, else the public site’s origin and /v1', async () => {
    const onSite = await startTestGateway({ PUBLIC_SITE_URL: 'https://www.example.com' });
    expect(await (await fetch(`${onSite.url}/runtime-config.json`)).json()).toMatchObject({
      api: { baseUrl: 'https://www.example.com/v1' },
    });
  });
});
