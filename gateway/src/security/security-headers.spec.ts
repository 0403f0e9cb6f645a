import http from 'node:http';
import { startGateway, type RunningGateway } from '../testing/gateway';
import { closedPort, startUpstream, type Upstream } from '../testing/upstream';

function directives(policy: string | null): Map<string, string[]> {
  return new Map(
    (policy ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((tokens) => tokens[0])
      .map(([name, ...values]) => [name, values]),
  );
}

/** A request fetch cannot send: a path the router cannot decode. */
function rawGet(url: string) {
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    http
      .get(url, (response) => {
        response.resume();
        resolve(response);
      })
      .on('error', reject);
  });
}

describe('security headers and request ids', () => {
  let identity: Upstream;
  let gateway: RunningGateway;

  beforeAll(async () => {
    identity = await startUpstream();
    gateway = await startGateway({
      IDENTITY_URL: identity.url,
      COMMERCE_URL: `http://127.0.0.1:${await closedPort()}`,
    });
  });

  afterAll(async () => {
    await gateway.close();
    await identity.close();
  });

  it('sends a Content-Security-Policy allowing only self, Stripe and the scheduler', async () => {
    const response = await fetch(`${gateway.url}/api/healthz`);
    const csp = directives(response.headers.get('content-security-policy'));

    const expected: Record<string, string[]> = {
      'default-src': ["'self'"],
      'script-src': [
        "'self'",
        'https://js.stripe.com',
        'https://*.js.stripe.com',
        'https://assets.calendly.com',
      ],
      'connect-src': ["'self'", 'https://api.stripe.com', 'https://calendly.com'],
      'frame-src': [
        'https://js.stripe.com',
        'https://*.js.stripe.com',
        'https://hooks.stripe.com',
        'https://calendly.com',
      ],
      'style-src': ["'self'", "'unsafe-inline'", 'https://assets.calendly.com'],
      'img-src': ["'self'", 'data:'],
      'frame-ancestors': ["'none'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
    };
    expect(Object.fromEntries(Object.keys(expected).map((name) => [name, csp.get(name)]))).toEqual(expected);
    // Scripts never run inline or from strings.
    for (const [name, values] of csp) {
      if (name.startsWith('script-src'))
        expect(values).not.toEqual(expect.arrayContaining(["'unsafe-inline'"]));
      expect(values).not.toContain("'unsafe-eval'");
      expect(values).not.toContain('*');
    }
  });

  it('sends HSTS, no-sniff, a referrer policy and frame denial', async () => {
    const response = await fetch(`${gateway.url}/api/healthz`);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it.each([
    ['a proxied answer', '/api/identity/features', 200],
    ['an unknown API path', '/api/nothing-here', 404],
    ['a service that is down', '/api/packages', 503],
    // Ready although commerce is down: a service's outage fails its own routes only (ADR 0209).
    ['the readiness check', '/api/readyz', 200],
  ])('sends the headers and an x-request-id on %s', async (_what, path, status) => {
    const response = await fetch(`${gateway.url}${path}`);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('strict-transport-security')).toBeTruthy();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends them on a request the router refuses (undecodable path)', async () => {
    const response = await rawGet(`${gateway.url}/api/identity/%E0%A4%A`);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('keeps a plain incoming x-request-id and replaces an unsafe one', async () => {
    const kept = await fetch(`${gateway.url}/api/healthz`, { headers: { 'x-request-id': 'trace-42.a:b' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-42.a:b');

    const unsafe = await fetch(`${gateway.url}/api/identity/features`, {
      headers: { 'x-request-id': 'evil id" injected=1' },
    });
    const id = unsafe.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(identity.received.at(-1)?.headers['x-request-id']).toBe(id);
  });
});
