import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import path from 'node:path';
import { test } from 'node:test';
import { freePort } from '../net.mjs';
import {
  DEFAULT_FRONT_DOOR_PORT,
  DEFAULT_PORTAL_URL,
  parseSectionDevArguments,
  wantsOneSection,
} from './arguments.mjs';
import { policyAllowingDevServer } from './content-security-policy.mjs';
import { frontDoorResponseHeaders, startFrontDoor } from './front-door.mjs';
import { manifestWithDevSection } from './manifest.mjs';
import { fetchPortalManifest } from './portal.mjs';
import { gatewayRoutes, serviceOfPath } from './service-routes.mjs';

const sections = ['marketing', 'checkout', 'dashboard', 'staff'];
const parse = (args, env = {}) => parseSectionDevArguments(args, { sections, env });
const devServerUrl = 'http://localhost:4202';

test('wantsOneSection: only --section switches npm run dev to the one-section loop', () => {
  assert.equal(wantsOneSection(['--section', 'checkout']), true);
  assert.equal(wantsOneSection(['--section=checkout']), true);
  assert.equal(wantsOneSection([]), false);
  assert.equal(wantsOneSection(['--replicas', '2']), false);
});

test('parseSectionDevArguments: the section, with the front door and portal defaults', () => {
  assert.deepEqual(parse(['--section', 'checkout']), {
    section: 'checkout',
    frontDoorPort: DEFAULT_FRONT_DOOR_PORT,
    portalUrl: DEFAULT_PORTAL_URL,
  });
  assert.equal(DEFAULT_FRONT_DOOR_PORT, 4300);
  assert.equal(DEFAULT_PORTAL_URL, 'http://localhost:8080');
  assert.equal(parse(['--section=dashboard']).section, 'dashboard');
});

test('parseSectionDevArguments: a bad or missing section names the valid ones', () => {
  const valid = /Valid sections: marketing, checkout, dashboard, staff\.$/;
  assert.throws(() => parse(['--section', 'chekout']), /^Error: Unknown section 'chekout'\. Valid sections/);
  assert.throws(() => parse(['--section', 'chekout']), valid);
  assert.throws(() => parse(['--section']), /--section needs a section name\. Valid sections/);
  assert.throws(() => parse(['--section=']), valid);
  assert.throws(() => parse(['--section', '--port', '4400']), /--section needs a section name/);
});

test('parseSectionDevArguments: --service names a service the loop runs, and only those', () => {
  const services = ['commerce', 'support'];
  const parseWith = (args) => parseSectionDevArguments(args, { sections, services, env: {} });
  assert.equal(parseWith(['--section', 'dashboard', '--service', 'support']).service, 'support');
  assert.equal(parseWith(['--section', 'dashboard', '--service=commerce']).service, 'commerce');
  assert.equal('service' in parseWith(['--section', 'dashboard']), false);
  assert.throws(
    () => parseWith(['--section', 'dashboard', '--service', 'identity']),
    /'identity' is not a service the dev loop runs\. Services the dev loop runs: commerce, support \(identity signs/,
  );
  assert.throws(() => parseWith(['--section', 'dashboard', '--service']), /--service needs a service name/);
});

test("serviceOfPath: the gateway's route table, longest prefix first, its own live streams left to it", async () => {
  const routes = await gatewayRoutes();
  assert.equal(serviceOfPath('/api/support/tickets/7', routes), 'support');
  assert.equal(serviceOfPath('/api/support', routes), 'support');
  assert.equal(serviceOfPath('/api/account/export/crm', routes), 'crm');
  assert.equal(serviceOfPath('/api/account/export', routes), 'identity');
  assert.equal(serviceOfPath('/api/supportive', routes), undefined);
  assert.equal(serviceOfPath('/api/kpi/stream', routes), undefined, 'the live metrics are the gateway’s');
  assert.equal(serviceOfPath('/api/support/stream', routes), undefined, 'the live tickets are the gateway’s');
  assert.equal(serviceOfPath('/pricing', routes), undefined);
});

test('the front door sends the paths of a service under development to it, the rest to the portal', async (t) => {
  const portal = await startFakePortal();
  const service = http.createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ from: 'local service', url: request.url, cookie: request.headers.cookie }));
  });
  service.listen(0, '127.0.0.1');
  await once(service, 'listening');
  const { port } = /** @type {import('node:net').AddressInfo} */ (service.address());
  const frontDoor = await startFrontDoor({
    portalUrl: portal.url,
    section: 'dashboard',
    devServerUrl,
    port: 0,
    log: () => {},
    service: { url: `http://127.0.0.1:${port}`, answers: (pathname) => pathname.startsWith('/api/support') },
  });
  t.after(async () => {
    await frontDoor.close();
    await portal.close();
    service.closeAllConnections();
    await new Promise((resolve) => service.close(resolve));
  });

  const local = await fetch(`${frontDoor.url}/api/support/tickets?page=2`, {
    headers: { cookie: 'session=s1' },
  });
  assert.deepEqual(await local.json(), {
    from: 'local service',
    url: '/api/support/tickets?page=2',
    cookie: 'session=s1',
  });
  const page = await fetch(`${frontDoor.url}/pricing`);
  assert.equal(await page.text(), '<!doctype html><title>Pricing</title>');

  service.closeAllConnections();
  await new Promise((resolve) => service.close(resolve));
  const down = await fetch(`${frontDoor.url}/api/support/tickets`);
  assert.equal(down.status, 502);
  const { message } = /** @type {{ message: string }} */ (await down.json());
  assert.match(message, /^the local service at http:\/\/127\.0\.0\.1:\d+: /);
});

test('parseSectionDevArguments: the front door port from --port, else FRONT_DOOR_PORT', () => {
  assert.equal(parse(['--section', 'checkout', '--port', '4400']).frontDoorPort, 4400);
  assert.equal(parse(['--section', 'checkout', '--port=4401']).frontDoorPort, 4401);
  assert.equal(parse(['--section', 'checkout'], { FRONT_DOOR_PORT: '4402' }).frontDoorPort, 4402);
  assert.equal(
    parse(['--section', 'checkout', '--port', '4403'], { FRONT_DOOR_PORT: '4402' }).frontDoorPort,
    4403,
  );
  for (const bad of ['0', '70000', 'abc', '43.5']) {
    assert.throws(() => parse(['--section', 'checkout', '--port', bad]), /--port must be a port number/);
  }
  assert.throws(() => parse(['--section', 'checkout'], { FRONT_DOOR_PORT: 'x' }), /FRONT_DOOR_PORT must be/);
});

test('parseSectionDevArguments: the portal from --portal-url, else PORTAL_URL, as an origin', () => {
  const env = { PORTAL_URL: 'https://staging.example.com/' };
  assert.equal(parse(['--section', 'checkout'], env).portalUrl, 'https://staging.example.com');
  assert.equal(
    parse(['--section', 'checkout', '--portal-url', 'http://127.0.0.1:18080'], env).portalUrl,
    'http://127.0.0.1:18080',
  );
  assert.throws(
    () => parse(['--section', 'checkout'], { PORTAL_URL: 'localhost:8080' }),
    /PORTAL_URL must be an http\(s\) URL/,
  );
  assert.throws(() => parse(['--section', 'checkout', '--portal-url', 'ftp://x']), /--portal-url must be/);
});

test('parseSectionDevArguments: an unknown option is refused with the known ones', () => {
  assert.throws(
    () => parse(['--section', 'checkout', '--with-servce']),
    /Unknown option --with-servce\. Options: --section, --service, --port, --portal-url\./,
  );
});

test('manifestWithDevSection points only the chosen section at its dev server', () => {
  const portal = {
    marketing: '/mfe/marketing/mf-manifest.json',
    checkout: '/mfe/checkout/releases/1.4.0/mf-manifest.json',
    dashboard: 'https://cdn.example.com/dashboard/mf-manifest.json',
    staff: '/mfe/staff/mf-manifest.json',
    routes: { marketing: ['/'], checkout: ['/login'], staff: ['/staff'] },
  };
  // The shell reads the routes of the section's dev build beside its manifest (a page added there shows).
  assert.deepEqual(manifestWithDevSection(portal, 'checkout', devServerUrl), {
    ...portal,
    checkout: 'http://localhost:4202/mf-manifest.json',
    routes: { marketing: ['/'], staff: ['/staff'] },
  });
  assert.equal(
    portal.checkout,
    '/mfe/checkout/releases/1.4.0/mf-manifest.json',
    'the input is left as it was',
  );
});

test('manifestWithDevSection refuses a manifest without the section, or no manifest at all', () => {
  assert.throws(
    () => manifestWithDevSection({ marketing: '/m' }, 'checkout', devServerUrl),
    /has no 'checkout' entry \(it lists marketing\)/,
  );
  assert.throws(() => manifestWithDevSection(['checkout'], 'checkout', devServerUrl), /JSON object/);
  assert.throws(() => manifestWithDevSection(null, 'checkout', devServerUrl), /JSON object/);
});

const gatewayPolicy =
  "default-src 'self'; base-uri 'self'; script-src 'self' https://js.stripe.com; script-src-attr 'none'; " +
  "style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; " +
  "connect-src 'self' https://api.stripe.com; frame-src https://js.stripe.com; object-src 'none'; " +
  "form-action 'self'; frame-ancestors 'none'";

test("policyAllowingDevServer adds exactly the dev server's origin where its code and assets need it", () => {
  assert.equal(
    policyAllowingDevServer(gatewayPolicy, devServerUrl),
    "default-src 'self'; base-uri 'self'; script-src 'self' https://js.stripe.com http://localhost:4202; " +
      "script-src-attr 'none'; style-src 'self' 'unsafe-inline' http://localhost:4202; " +
      "img-src 'self' data: http://localhost:4202; font-src 'self' data: http://localhost:4202; " +
      "connect-src 'self' https://api.stripe.com http://localhost:4202 ws://localhost:4202; " +
      "frame-src https://js.stripe.com; object-src 'none'; form-action 'self'; frame-ancestors 'none'",
  );
});

test('policyAllowingDevServer: no duplicates, no unsafe-eval, and a left-out directive grows from default-src', () => {
  const once_ = policyAllowingDevServer(gatewayPolicy, devServerUrl);
  assert.equal(policyAllowingDevServer(once_, devServerUrl), once_);
  assert.doesNotMatch(once_, /unsafe-eval/);
  assert.equal(
    policyAllowingDevServer("default-src 'self'; object-src 'none'", devServerUrl),
    "default-src 'self'; object-src 'none'; script-src 'self' http://localhost:4202; " +
      "connect-src 'self' http://localhost:4202 ws://localhost:4202; style-src 'self' http://localhost:4202; " +
      "img-src 'self' http://localhost:4202; font-src 'self' http://localhost:4202",
  );
  assert.equal(policyAllowingDevServer("img-src 'none'", devServerUrl), 'img-src http://localhost:4202');
});

test('frontDoorResponseHeaders keeps the browser on the front door: redirects, cookies, CSP', () => {
  const urls = {
    portalUrl: 'https://portal.example.com',
    frontDoorUrl: 'http://localhost:4300',
    devServerUrl,
  };
  const headers = frontDoorResponseHeaders(
    {
      location: 'https://portal.example.com/login?redirect=%2Fcheckout#top',
      'set-cookie': ['mfe_bucket=12; Path=/; Domain=portal.example.com; HttpOnly', 'a=b; Path=/'],
      'content-security-policy': "script-src 'self'",
      connection: 'keep-alive',
      'transfer-encoding': 'chunked',
      'x-request-id': 'r1',
    },
    urls,
  );
  assert.deepEqual(headers, {
    location: 'http://localhost:4300/login?redirect=%2Fcheckout#top',
    'set-cookie': ['mfe_bucket=12; Path=/; HttpOnly', 'a=b; Path=/'],
    'content-security-policy': "script-src 'self' http://localhost:4202",
    'x-request-id': 'r1',
  });
  assert.equal(
    frontDoorResponseHeaders({ location: 'https://elsewhere.example.com/x' }, urls).location,
    'https://elsewhere.example.com/x',
    'a redirect off the portal is left alone',
  );
  assert.equal(
    frontDoorResponseHeaders({ location: '/relative' }, urls).location,
    'http://localhost:4300/relative',
  );
});

/** A stand-in for the portal's gateway: the manifest, a page with its CSP, an API, a redirect. */
async function startFakePortal() {
  /** @type {{ method?: string, url?: string, cookie?: string, host?: string }[]} */
  const seen = [];
  const server = http.createServer(async (request, response) => {
    seen.push({
      method: request.method,
      url: request.url,
      cookie: request.headers.cookie,
      host: request.headers.host,
    });
    if (request.url === '/mfe-manifest.json') {
      response.writeHead(200, {
        'content-type': 'application/json',
        etag: '"portal"',
        'set-cookie': 'mfe_bucket=42; Path=/; HttpOnly',
      });
      return response.end(
        JSON.stringify({
          marketing: '/mfe/marketing/mf-manifest.json',
          checkout: '/mfe/checkout/mf-manifest.json',
        }),
      );
    }
    if (request.url === '/pricing') {
      response.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': gatewayPolicy });
      return response.end('<!doctype html><title>Pricing</title>');
    }
    if (request.url === '/api/echo' && request.method === 'POST') {
      let body = '';
      for await (const chunk of request) body += chunk;
      response.writeHead(201, { 'content-type': 'application/json' });
      return response.end(JSON.stringify({ body, cookie: request.headers.cookie ?? null }));
    }
    if (request.url === '/old') {
      response.writeHead(301, { location: `http://${request.headers.host}/pricing` });
      return response.end();
    }
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end('{"statusCode":404,"message":"Not Found"}');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

test('the front door serves the portal with the section from its dev server (real HTTP)', async (t) => {
  const portal = await startFakePortal();
  const frontDoor = await startFrontDoor({
    portalUrl: portal.url,
    section: 'checkout',
    devServerUrl,
    port: 0,
    log: () => {},
  });
  t.after(async () => {
    await frontDoor.close();
    await portal.close();
  });

  const manifestResponse = await fetch(`${frontDoor.url}/mfe-manifest.json`, {
    headers: { cookie: 'mfe_bucket=7' },
  });
  assert.equal(manifestResponse.status, 200);
  assert.equal(manifestResponse.headers.get('cache-control'), 'no-cache');
  assert.deepEqual(manifestResponse.headers.getSetCookie(), ['mfe_bucket=42; Path=/; HttpOnly']);
  assert.deepEqual(await manifestResponse.json(), {
    marketing: '/mfe/marketing/mf-manifest.json',
    checkout: 'http://localhost:4202/mf-manifest.json',
    routes: {},
  });
  assert.equal(
    portal.seen.at(-1)?.cookie,
    'mfe_bucket=7',
    "the browser's cookie (its canary bucket) reaches the portal",
  );

  const page = await fetch(`${frontDoor.url}/pricing`);
  assert.equal(page.status, 200);
  assert.equal(await page.text(), '<!doctype html><title>Pricing</title>');
  assert.match(
    page.headers.get('content-security-policy') ?? '',
    /script-src 'self' https:\/\/js\.stripe\.com http:\/\/localhost:4202;/,
  );
  assert.equal(
    portal.seen.at(-1)?.host,
    new URL(portal.url).host,
    "the portal sees its own host, not the front door's",
  );

  const api = await fetch(`${frontDoor.url}/api/echo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: 'session=s1' },
    body: JSON.stringify({ email: 'a@example.com' }),
  });
  assert.equal(api.status, 201);
  assert.deepEqual(await api.json(), { body: '{"email":"a@example.com"}', cookie: 'session=s1' });

  const redirect = await fetch(`${frontDoor.url}/old`, { redirect: 'manual' });
  assert.equal(redirect.status, 301);
  assert.equal(redirect.headers.get('location'), `${frontDoor.url}/pricing`);

  const missing = await fetch(`${frontDoor.url}/nowhere.js`);
  assert.equal(missing.status, 404, "the portal's own status comes through");
  await missing.arrayBuffer();
});

test('a portal that is not there: a clear error at start, 502 from the front door', async (t) => {
  const closedUrl = `http://127.0.0.1:${await freePort(47400)}`;
  await assert.rejects(fetchPortalManifest(closedUrl), (error) => {
    assert.match(
      /** @type {Error} */ (error).message,
      new RegExp(
        `^PORTAL_URL ${closedUrl} is not reachable \\(ECONNREFUSED\\)\\. Start the portal with \`npm start\``,
      ),
    );
    return true;
  });
  const frontDoor = await startFrontDoor({
    portalUrl: closedUrl,
    section: 'checkout',
    devServerUrl,
    port: 0,
    log: () => {},
  });
  t.after(() => frontDoor.close());
  for (const pathname of ['/mfe-manifest.json', '/pricing']) {
    const response = await fetch(`${frontDoor.url}${pathname}`);
    assert.equal(response.status, 502, pathname);
    assert.match(/** @type {{ message: string }} */ (await response.json()).message, new RegExp(closedUrl));
  }
});

const devCommand = path.join(import.meta.dirname, '..', 'dev.mjs');

test('npm run dev -- --section: a bad name lists the real sections; an unreachable portal stops it', async () => {
  const bad = spawnSync(process.execPath, [devCommand, '--section', 'nope'], { encoding: 'utf8' });
  assert.equal(bad.status, 1);
  assert.equal(
    bad.stderr.trim(),
    "Unknown section 'nope'. Valid sections: marketing, checkout, dashboard, staff.",
  );

  const closedUrl = `http://127.0.0.1:${await freePort(47500)}`;
  const unreachable = spawnSync(process.execPath, [devCommand, '--section', 'checkout'], {
    encoding: 'utf8',
    env: { ...process.env, PORTAL_URL: closedUrl },
  });
  assert.equal(unreachable.status, 1);
  assert.match(unreachable.stderr, new RegExp(`PORTAL_URL ${closedUrl} is not reachable`));
});
