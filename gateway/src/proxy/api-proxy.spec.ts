import { APPLICATION_BODY_MAX_BYTES, CV_MAX_BYTES, JOB_APPLICATIONS_PATH } from '@portal/contracts';
import { closedPort, echo, startUpstream, type Upstream } from '../testing/upstream';
import { startGateway, type RunningGateway } from '../testing/gateway';

/** What the proxy sent to `upstream`: the gateway's own token checks (the live stream) read identity's JWKS too. */
const proxied = (upstream: Upstream) =>
  upstream.received.filter((request) => !request.url.endsWith('/jwks.json'));

/** The gateway's answer for a service it cannot reach: 503 and a JSON error naming the service. */
async function expectUnavailable(response: Response, service: string) {
  expect(response.status).toBe(503);
  expect(await response.json()).toEqual({ statusCode: 503, message: `Service ${service} is unavailable` });
}

describe('API proxy', () => {
  let identity: Upstream;
  let commerce: Upstream;
  let gateway: RunningGateway;

  beforeAll(async () => {
    identity = await startUpstream();
    commerce = await startUpstream();
    gateway = await startGateway({ IDENTITY_URL: identity.url, COMMERCE_URL: commerce.url });
  });

  afterAll(async () => {
    await gateway.close();
    await Promise.all([identity.close(), commerce.close()]);
  });

  beforeEach(() => {
    identity.received.length = 0;
    commerce.received.length = 0;
  });

  describe('route table', () => {
    it.each([
      ['/api/auth/login', 'identity'],
      ['/api/auth', 'identity'],
      ['/api/identity/features?enabled=true', 'identity'],
      ['/api/user/orders/42', 'commerce'],
      ['/api/packages', 'commerce'],
      ['/api/stripe/webhook', 'commerce'],
      ['/api/account', 'identity'],
      ['/api/account/export', 'identity'],
      ['/api/account/sessions/abc', 'identity'],
      ['/api/account/export/commerce', 'commerce'],
      ['/api/account/export/commerce?download=1', 'commerce'],
    ])('sends %s to %s with the path unchanged', async (path, service) => {
      const response = await fetch(`${gateway.url}${path}`);
      expect(response.status).toBe(200);
      const target = service === 'identity' ? identity : commerce;
      expect(proxied(target).map((r) => r.url)).toEqual([path]);
    });

    it.each([
      '/api/authx',
      '/api/accounts',
      '/api/user',
      '/api/identityfeatures',
      '/api/unknown/thing',
      '/api',
    ])('answers a JSON 404 for %s, which no route matches', async (path) => {
      const response = await fetch(`${gateway.url}${path}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ statusCode: 404, message: `Cannot GET ${path}` });
      expect(proxied(identity)).toHaveLength(0);
      expect(proxied(commerce)).toHaveLength(0);
    });

    it('answers 503 for a service that cannot be reached', async () => {
      const kpiDown = await startGateway({ KPI_URL: `http://127.0.0.1:${await closedPort()}` });
      try {
        const response = await fetch(`${kpiDown.url}/api/kpi/metrics`);
        await expectUnavailable(response, 'kpi');
      } finally {
        await kpiDown.close();
      }
    });
  });

  it('forwards method, path, query, body bytes and headers, and adds request id and x-forwarded-*', async () => {
    const body = '{ "email": "ana@example.com",\n  "password": "s3cretpass" }';
    const response = await fetch(`${gateway.url}/api/auth/login?next=%2Fdashboard`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: 'Bearer abc.def',
        'x-request-id': 'req-123',
        // What the client says about the route its request took is not passed on.
        'x-forwarded-for': '203.0.113.7',
        'x-forwarded-proto': 'javascript',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-port': '1',
        'x-real-ip': '203.0.113.8',
        forwarded: 'for=203.0.113.9;host=evil.example;proto=https',
      },
      body,
    });

    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('req-123');
    const [received] = proxied(identity);
    expect(received.method).toBe('POST');
    expect(received.url).toBe('/api/auth/login?next=%2Fdashboard');
    // Bytes untouched (whitespace kept), so signatures over the raw body still verify.
    expect(received.body.toString('utf8')).toBe(body);
    expect(received.headers).toMatchObject({
      'content-type': 'application/json',
      authorization: 'Bearer abc.def',
      'x-request-id': 'req-123',
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-proto': 'http',
      'content-length': String(Buffer.byteLength(body)),
    });
    for (const name of ['x-forwarded-host', 'x-forwarded-port', 'x-real-ip', 'forwarded']) {
      expect(received.headers[name]).toBeUndefined();
    }
  });

  describe('client address', () => {
    /** The X-Forwarded-For and -Proto the service receives when a client at 127.0.0.1 sends `headers`. */
    const forwardedBy = async (via: RunningGateway, headers: Record<string, string>) => {
      identity.received.length = 0;
      expect((await fetch(`${via.url}/api/auth/me`, { headers })).status).toBe(200);
      const received = proxied(identity).find((request) => request.url === '/api/auth/me');
      return { for: received?.headers['x-forwarded-for'], proto: received?.headers['x-forwarded-proto'] };
    };

    it("replaces a client's X-Forwarded-For with the socket's address when the peer is no trusted proxy", async () => {
      for (const spoofed of ['198.51.100.1', '198.51.100.2, 198.51.100.3', '127.0.0.1, 10.0.0.1']) {
        expect(
          await forwardedBy(gateway, { 'x-forwarded-for': spoofed, 'x-forwarded-proto': 'https' }),
        ).toEqual({
          for: '127.0.0.1',
          proto: 'http',
        });
      }
    });

    describe('behind a load balancer named in TRUSTED_PROXIES', () => {
      let behindProxy: RunningGateway;

      beforeAll(async () => {
        behindProxy = await startGateway({
          IDENTITY_URL: identity.url,
          TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8',
        });
      });

      afterAll(() => behindProxy.close());

      it('takes the right-most address of X-Forwarded-For that no trusted proxy wrote', async () => {
        expect(await forwardedBy(behindProxy, { 'x-forwarded-for': '203.0.113.7' })).toEqual({
          for: '203.0.113.7',
          proto: 'http',
        });
        // The client wrote 198.51.100.1 itself; the balancer appended 203.0.113.7; 10.1.2.3 is a trusted hop.
        expect(
          await forwardedBy(behindProxy, {
            'x-forwarded-for': '198.51.100.1, 203.0.113.7, 10.1.2.3',
            'x-forwarded-proto': 'https',
          }),
        ).toEqual({ for: '203.0.113.7', proto: 'https' });
        expect(await forwardedBy(behindProxy, {})).toEqual({ for: '127.0.0.1', proto: 'http' });
      });

      it('never forwards anything but one IP address or a scheme other than http(s)', async () => {
        for (const garbage of [
          'not-an-ip',
          '203.0.113.7, <script>',
          '3232235777',
          '[::1]:80',
          '203.0.113.7:443',
        ]) {
          expect(
            await forwardedBy(behindProxy, { 'x-forwarded-for': garbage, 'x-forwarded-proto': 'javascript' }),
          ).toEqual({ for: '127.0.0.1', proto: 'http' });
        }
        expect(await forwardedBy(behindProxy, { 'x-forwarded-for': 'garbage, 10.0.0.2' })).toEqual({
          for: '10.0.0.2',
          proto: 'http',
        });
      });
    });
  });

  it('generates a request id when the caller sends none and uses the same one upstream and in the response', async () => {
    const response = await fetch(`${gateway.url}/api/identity/features`);
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(proxied(identity)[0].headers['x-request-id']).toBe(id);
  });

  it('forwards non-JSON bodies and DELETE/PUT/PATCH methods', async () => {
    await fetch(`${gateway.url}/api/auth/form`, {
      method: 'PUT',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1&b=two',
    });
    await fetch(`${gateway.url}/api/user/orders/7`, { method: 'DELETE' });
    await fetch(`${gateway.url}/api/auth/me`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/merge-patch+json' },
      body: '{"name":"Ana"}',
    });

    expect(proxied(identity).map((r) => [r.method, r.url, r.body.toString()])).toEqual([
      ['PUT', '/api/auth/form', 'a=1&b=two'],
      ['PATCH', '/api/auth/me', '{"name":"Ana"}'],
    ]);
    expect(proxied(commerce).map((r) => [r.method, r.url])).toEqual([['DELETE', '/api/user/orders/7']]);
  });

  it("passes the service's status, headers and body back", async () => {
    const teapot = await startUpstream((_request, response) => {
      response.writeHead(409, { 'content-type': 'application/json', 'x-custom': 'kept' });
      response.end('{"statusCode":409,"message":"Email already registered"}');
    });
    const custom = await startGateway({ IDENTITY_URL: teapot.url });
    try {
      const response = await fetch(`${custom.url}/api/auth/register`, { method: 'POST' });
      expect(response.status).toBe(409);
      expect(response.headers.get('x-custom')).toBe('kept');
      expect(await response.json()).toEqual({ statusCode: 409, message: 'Email already registered' });
    } finally {
      await custom.close();
      await teapot.close();
    }
  });

  it('passes bodies of every size and shape through intact: small, large, chunked, 204, HEAD', async () => {
    const large = Buffer.alloc(300 * 1024, 'abcdefghij');
    const bodies = await startUpstream((request, response) => {
      if (request.url === '/api/auth/large') {
        response.writeHead(200, {
          'content-type': 'application/octet-stream',
          'content-length': large.length,
        });
        response.end(large);
      } else if (request.url === '/api/auth/logout') {
        response.writeHead(204, { 'x-done': 'yes' });
        response.end();
      } else if (request.url === '/api/auth/chunked') {
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.write('first,');
        setTimeout(() => response.end('second'), 20);
      } else {
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': 11 });
        response.end(request.method === 'HEAD' ? undefined : '{"ok":true}');
      }
    });
    const custom = await startGateway({ IDENTITY_URL: bodies.url });
    try {
      const small = await fetch(`${custom.url}/api/auth/small`);
      expect(await small.text()).toBe('{"ok":true}');
      const big = await fetch(`${custom.url}/api/auth/large`);
      expect(Buffer.from(await big.arrayBuffer()).equals(large)).toBe(true);
      const chunked = await fetch(`${custom.url}/api/auth/chunked`);
      expect(await chunked.text()).toBe('first,second');
      const noContent = await fetch(`${custom.url}/api/auth/logout`, { method: 'POST' });
      expect(noContent.status).toBe(204);
      expect(noContent.headers.get('x-done')).toBe('yes');
      expect(await noContent.text()).toBe('');
      const head = await fetch(`${custom.url}/api/auth/small`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe('11');
    } finally {
      await custom.close();
      await bodies.close();
    }
  });

  it('answers 503 when the service dies in the middle of its answer', async () => {
    const dying = await startUpstream((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': 1000 });
      response.write('{"partial":');
      setTimeout(() => response.socket?.destroy(), 20);
    });
    const custom = await startGateway({ IDENTITY_URL: dying.url });
    try {
      const response = await fetch(`${custom.url}/api/identity/features`);
      await expectUnavailable(response, 'identity');
    } finally {
      await custom.close();
      await dying.close();
    }
  });

  it('refuses malformed JSON with a 400 before it reaches the service', async () => {
    const response = await fetch(`${gateway.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": "ana@example.com",',
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toEqual({ statusCode: 400, message: expect.stringMatching(/^Malformed JSON body: /) });
    expect(proxied(identity)).toHaveLength(0);
  });

  it('refuses a body over 1 MB with a 413 JSON error', async () => {
    const response = await fetch(`${gateway.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ padding: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ statusCode: 413, message: 'Request body is too large' });
    expect(proxied(identity)).toHaveLength(0);
  });

  it('accepts a body just under 1 MB', async () => {
    const body = JSON.stringify({ padding: 'x'.repeat(1024 * 1024 - 20) });
    const response = await fetch(`${gateway.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(200);
    expect(proxied(identity)[0].body.length).toBe(Buffer.byteLength(body));
  });
});

describe('API proxy of job applications (multipart with a CV)', () => {
  let crm: Upstream;
  let gateway: RunningGateway;

  beforeAll(async () => {
    crm = await startUpstream();
    gateway = await startGateway({ CRM_URL: crm.url });
  });

  afterAll(async () => {
    await gateway.close();
    await crm.close();
  });

  const multipart = (size: number) => {
    const form = new FormData();
    form.append('name', 'Ada Lovelace');
    form.append('cv', new File([Buffer.alloc(size, 0x20)], 'cv.pdf', { type: 'application/pdf' }));
    return form;
  };

  it('passes a multipart body with a 5 MB CV through to crm, bytes untouched', async () => {
    const form = multipart(CV_MAX_BYTES);
    const sent = Buffer.from(await new Response(form).arrayBuffer());
    const response = await fetch(`${gateway.url}${JOB_APPLICATIONS_PATH}`, { method: 'POST', body: form });
    expect(response.status).toBe(200);
    const [received] = proxied(crm);
    expect(received.url).toBe(JOB_APPLICATIONS_PATH);
    expect(received.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(received.body.length).toBeGreaterThan(CV_MAX_BYTES);
    expect(received.body.length).toBe(sent.length);
  });

  it('refuses a body over the applications limit with a 413, and keeps 1 MB everywhere else', async () => {
    crm.received.length = 0;
    const huge = await fetch(`${gateway.url}${JOB_APPLICATIONS_PATH}`, {
      method: 'POST',
      body: multipart(APPLICATION_BODY_MAX_BYTES),
    });
    expect(huge.status).toBe(413);
    const contact = await fetch(`${gateway.url}/api/contact`, {
      method: 'POST',
      body: multipart(2 * 1024 * 1024),
    });
    expect(contact.status).toBe(413);
    expect(proxied(crm)).toHaveLength(0);
  });
});

describe('API proxy with an upstream that is down', () => {
  async function timed(url: string) {
    const started = performance.now();
    const response = await fetch(url);
    return { response, elapsed: performance.now() - started };
  }

  it('answers 503 within 1 s when nothing listens on the service port', async () => {
    const gateway = await startGateway({ IDENTITY_URL: `http://127.0.0.1:${await closedPort()}` });
    try {
      const { response, elapsed } = await timed(`${gateway.url}/api/identity/features`);
      await expectUnavailable(response, 'identity');
      expect(elapsed).toBeLessThan(1000);
    } finally {
      await gateway.close();
    }
  });

  it('answers 504 within 1 s when the service accepts the request but never answers', async () => {
    const hanging = await startUpstream(() => {});
    const gateway = await startGateway({ IDENTITY_URL: hanging.url });
    try {
      const { response, elapsed } = await timed(`${gateway.url}/api/auth/me`);
      expect(response.status).toBe(504);
      expect(await response.json()).toEqual({
        statusCode: 504,
        message: 'Service identity did not answer in time',
      });
      expect(elapsed).toBeLessThan(1000);
      expect(proxied(hanging)).toHaveLength(1);
    } finally {
      await gateway.close();
      await hanging.close();
    }
  });

  it('answers 504 at UPSTREAM_TIMEOUT_MS, not before, for an upstream that hangs', async () => {
    const hanging = await startUpstream(() => {});
    const gateway = await startGateway({ IDENTITY_URL: hanging.url, UPSTREAM_TIMEOUT_MS: '300' });
    try {
      const { response, elapsed } = await timed(`${gateway.url}/api/identity/features`);
      expect(response.status).toBe(504);
      expect(elapsed).toBeGreaterThanOrEqual(295);
      // Well before the 700 ms default: the setting is what counts (timers run late on a busy machine).
      expect(elapsed).toBeLessThan(650);
    } finally {
      await gateway.close();
      await hanging.close();
    }
  });

  it('waits longer for sign-in, which queues behind password hashing, than for other identity calls', async () => {
    const slow = await startUpstream((_request, response) => {
      setTimeout(
        () => response.writeHead(200, { 'content-type': 'application/json' }).end('{"token":"t"}'),
        1500,
      );
    });
    const gateway = await startGateway({ IDENTITY_URL: slow.url });
    try {
      const login = await fetch(`${gateway.url}/api/auth/login`, { method: 'POST' });
      expect(login.status).toBe(200);
      expect(await login.json()).toEqual({ token: 't' });
      expect((await fetch(`${gateway.url}/api/auth/me`)).status).toBe(504);
    } finally {
      await gateway.close();
      await slow.close();
    }
  });

  it('serves again as soon as the service is back on its port', async () => {
    const port = await closedPort();
    const gateway = await startGateway({ IDENTITY_URL: `http://127.0.0.1:${port}` });
    try {
      expect((await fetch(`${gateway.url}/api/identity/features`)).status).toBe(503);
      const back = await startUpstream(echo, port);
      try {
        expect((await fetch(`${gateway.url}/api/identity/features`)).status).toBe(200);
      } finally {
        await back.close();
      }
    } finally {
      await gateway.close();
    }
  });
});
