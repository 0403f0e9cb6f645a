// Issue 7: every kind of response the gateway sends carries the security headers: HSTS, one
// Content-Security-Policy with object-src 'none', base-uri and frame-ancestors, nosniff and a
// Referrer-Policy. Pages of every route, the shell's and each remote's JS, CSS, fonts and images, the
// manifests, run-time config, search-engine files, API JSON (2xx, 400, 401, 404, 405), the live
// metric stream (server-sent events), health and readiness, 304s, HEADs, preflights and refused requests.
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { securityHeaderProblems } from './browser/policy.mjs';
import { siteRoutes } from './browser/site.mjs';
import { startCspStack } from './browser/stack.mjs';

let stack;
let token;

before(async () => {
  stack = await startCspStack();
  const registered = await request('POST', '/api/auth/register', {
    body: JSON.stringify({
      name: 'Header Check',
      email: `hdr-${randomUUID().slice(0, 8)}@example.com`,
      password: 'header-check-password-1',
    }),
    headers: { 'content-type': 'application/json' },
  });
  assert.equal(registered.status, 201, registered.text);
  token = JSON.parse(registered.text).token;
});

after(() => stack?.stop());

/**
 * One request as any client sends it (the raw path as given, even one fetch would normalise), with
 * every response header as sent: names lowercased, each with all its values. A stream answers as soon
 * as its headers arrive.
 * @param {string} method
 * @param {string} path
 * @param {{ headers?: Record<string, string>, body?: string, stream?: boolean }} [options]
 * @returns {Promise<{ status: number, headers: Record<string, string[]>, text: string }>}
 */
function request(method, path, { headers = {}, body, stream = false } = {}) {
  return new Promise((resolve, reject) => {
    const url = new URL(stack.url);
    const outgoing = http.request(
      { host: url.hostname, port: url.port, method, path, headers, agent: false },
      (response) => {
        /** @type {Record<string, string[]>} */
        const sent = {};
        for (let i = 0; i < response.rawHeaders.length; i += 2) {
          (sent[response.rawHeaders[i].toLowerCase()] ??= []).push(response.rawHeaders[i + 1]);
        }
        const answer = { status: /** @type {number} */ (response.statusCode), headers: sent, text: '' };
        if (stream) {
          response.destroy();
          resolve(answer);
          return;
        }
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ ...answer, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.setTimeout(15_000, () => outgoing.destroy(new Error(`${method} ${path}: no answer in 15 s`)));
    outgoing.end(body);
  });
}

const header = (answer, name) => answer.headers[name]?.[0] ?? '';

/**
 * Sends the request and asserts its status, its content type and every security header.
 * @param {string} what
 * @param {string} method
 * @param {string} path
 * @param {{ status: number, type?: RegExp, headers?: Record<string, string>, body?: string, stream?: boolean }} expected
 */
async function expectSecured(what, method, path, { status, type, ...options }) {
  const answer = await request(method, path, options);
  const context = `${what}: ${method} ${path}`;
  assert.equal(answer.status, status, `${context} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  // With nosniff a browser refuses a script or a stylesheet of another type: the types must be right.
  if (type) assert.match(header(answer, 'content-type'), type, `${context}: content-type`);
  assert.deepEqual(securityHeaderProblems(answer.headers), [], `${context}: security headers`);
  return answer;
}

const HTML = /^text\/html\b/;
const JS = /^(application|text)\/javascript\b/;
const JSON_TYPE = /^application\/json\b/;

describe('pages', () => {
  test('a form posted to a page', async () => {
    await expectSecured('POST to a page', 'POST', '/pricing', { status: 404, type: JSON_TYPE });
  });

  for (const route of siteRoutes()) {
    test(`${route.path} (${route.section ?? '404 page'})`, async () => {
      // A path no section serves is the shell's not-found page, answered 404 (no soft 404s).
      const status = route.section ? 200 : 404;
      await expectSecured('page', 'GET', route.path, { status, type: HTML });
      // The prerendered copies are composed and compressed apart from index.html: both encodings.
      await expectSecured('page, brotli', 'GET', route.path, {
        status,
        type: HTML,
        headers: { 'accept-encoding': 'br, gzip' },
      });
    });
  }

  test('HEAD of a page, and a page answered 304 by its ETag', async () => {
    await expectSecured('page', 'HEAD', '/pricing', { status: 200, type: HTML });
    const first = await expectSecured('page', 'GET', '/login', { status: 200, type: HTML });
    const etag = header(first, 'etag');
    if (etag)
      await expectSecured('page', 'GET', '/login', { status: 304, headers: { 'if-none-match': etag } });
  });
});

describe('the shell and the remotes', () => {
  test("the shell's scripts, stylesheet, fonts and images", async () => {
    const page = await expectSecured('page', 'GET', '/', { status: 200, type: HTML });
    // index.html is minified: attribute values may come without quotes.
    const attribute = (tag, name) => new RegExp(`\\s${name}=["']?([^"'\\s>]+)`).exec(tag)?.[1] ?? '';
    const tags = (name) =>
      [...page.text.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'g'))].map((match) => match[0]);
    const scripts = tags('script')
      .map((tag) => attribute(tag, 'src'))
      .filter(Boolean);
    const styles = tags('link')
      .filter((tag) => attribute(tag, 'rel') === 'stylesheet')
      .map((tag) => attribute(tag, 'href'));
    assert.ok(scripts.length > 0, 'index.html loads a script');
    for (const src of scripts) {
      await expectSecured('shell script', 'GET', new URL(src, stack.url).pathname, { status: 200, type: JS });
    }
    // The font rules are written into the page (ADR 0223); a linked stylesheet is checked too.
    const fonts = new Set(
      [
        ...tags('link')
          .filter((tag) => attribute(tag, 'as') === 'font')
          .map((tag) => attribute(tag, 'href')),
        ...[...page.text.matchAll(/url\(([^)]+\.woff2)\)/g)].map((match) => match[1]),
      ].map((href) => new URL(href, stack.url).pathname),
    );
    for (const href of styles) {
      const path = new URL(href, stack.url).pathname;
      const css = await expectSecured('shell stylesheet', 'GET', path, { status: 200, type: /^text\/css\b/ });
      await expectSecured('shell stylesheet, brotli', 'GET', path, {
        status: 200,
        type: /^text\/css\b/,
        headers: { 'accept-encoding': 'br' },
      });
      for (const match of css.text.matchAll(/url\(([^)]+\.woff2)\)/g)) {
        fonts.add(new URL(match[1], new URL(path, stack.url)).pathname);
      }
    }
    assert.ok(fonts.size > 0, 'the page names a font, in its own rules or a stylesheet');
    for (const font of fonts) {
      await expectSecured('font', 'GET', font, { status: 200, type: /^font\/woff2\b/ });
    }
    await expectSecured('image', 'GET', '/og-image.png', { status: 200, type: /^image\/png\b/ });
  });

  test("each remote's manifest, entry, a chunk (and its 304), and a missing file", async () => {
    const manifest = await expectSecured('remote manifest', 'GET', '/mfe-manifest.json', {
      status: 200,
      type: JSON_TYPE,
    });
    const { routes, ...entries } = JSON.parse(manifest.text);
    const remotes = Object.entries(entries);
    assert.deepEqual(remotes.map(([name]) => name).sort(), ['checkout', 'dashboard', 'marketing', 'staff']);
    // Each section's routes, as its build wrote them (ADR 0231).
    assert.deepEqual(Object.keys(routes).sort(), ['checkout', 'dashboard', 'marketing', 'staff']);
    for (const [name, manifestPath] of remotes) {
      await expectSecured(`${name} routes`, 'GET', manifestPath.replace(/[^/]+$/, 'routes.json'), {
        status: 200,
        type: JSON_TYPE,
      });
      const mf = await expectSecured(`${name} mf-manifest`, 'GET', manifestPath, {
        status: 200,
        type: JSON_TYPE,
      });
      const base = manifestPath.replace(/[^/]+$/, '');
      const { metaData, shared } = JSON.parse(mf.text);
      const entry = await expectSecured(`${name} remoteEntry`, 'GET', `${base}${metaData.remoteEntry.name}`, {
        status: 200,
        type: JS,
      });
      const etag = header(entry, 'etag');
      if (etag) {
        await expectSecured(`${name} remoteEntry`, 'GET', `${base}${metaData.remoteEntry.name}`, {
          status: 304,
          headers: { 'if-none-match': etag },
        });
      }
      const chunk = shared.flatMap((module) => module.assets.js.sync)[0];
      await expectSecured(`${name} chunk`, 'GET', `${base}${chunk}`, { status: 200, type: JS });
      await expectSecured(`${name} chunk, brotli`, 'GET', `${base}${chunk}`, {
        status: 200,
        type: JS,
        headers: { 'accept-encoding': 'br' },
      });
      await expectSecured(`${name} missing file`, 'GET', `${base}no-such-chunk.js`, { status: 404 });
    }
    await expectSecured('unknown remote', 'GET', '/mfe/nothing/remoteEntry.js', { status: 404 });
    await expectSecured('missing file', 'GET', '/no-such-file.js', { status: 404 });
  });

  // Issue 14, finding 11: source maps hold the full sources; builds keep them private.
  test('no served script names a source map, and no source map is served', async () => {
    const page = (await request('GET', '/')).text;
    const scripts = [...page.matchAll(/<script\b[^>]*\ssrc=["']?([^"'\s>]+)/g)].map(
      (match) => new URL(match[1], stack.url).pathname,
    );
    const manifest = JSON.parse((await request('GET', '/mfe-manifest.json')).text);
    delete manifest.routes; // each section's routes, beside its remote's entry
    for (const manifestPath of Object.values(manifest)) {
      const base = manifestPath.replace(/[^/]+$/, '');
      const { metaData, shared, exposes } = JSON.parse((await request('GET', manifestPath)).text);
      const assets = [...shared, ...exposes].flatMap((module) => [
        ...module.assets.js.sync,
        ...module.assets.js.async,
      ]);
      scripts.push(...new Set([metaData.remoteEntry.name, ...assets].map((file) => `${base}${file}`)));
    }
    assert.ok(scripts.length > 10, `found the shell's and the remotes' scripts (${scripts.length})`);
    for (const path of scripts) {
      const script = await request('GET', path);
      assert.equal(script.status, 200, `${path} answered ${script.status}`);
      assert.doesNotMatch(script.text, /[#@] sourceMappingURL=/, `${path} names a source map`);
      await expectSecured('source map', 'GET', `${path}.map`, { status: 404, type: JSON_TYPE });
    }
  });

  test("the marketing remote's images", async () => {
    const mf = JSON.parse((await request('GET', '/mfe/marketing/mf-manifest.json')).text);
    const chunks = mf.exposes.flatMap((module) => [...module.assets.js.sync, ...module.assets.js.async]);
    // An article illustration: find its URL in the blog's chunks rather than guess its hash.
    let svg;
    for (const chunk of chunks) {
      const text = (await request('GET', `/mfe/marketing/${chunk}`)).text;
      svg = /assets\/[\w-]+\.[0-9a-f]+\.svg/.exec(text)?.[0];
      if (svg) break;
    }
    assert.ok(svg, 'a chunk names an SVG asset');
    await expectSecured('remote image', 'GET', `/mfe/marketing/${svg}`, {
      status: 200,
      type: /^image\/svg\+xml\b/,
    });
  });

  test('run-time config and the search-engine files', async () => {
    await expectSecured('run-time config', 'GET', '/runtime-config.json', { status: 200, type: JSON_TYPE });
    await expectSecured('sitemap', 'GET', '/sitemap.xml', { status: 200, type: /^application\/xml\b/ });
    await expectSecured('robots', 'GET', '/robots.txt', { status: 200, type: /^text\/plain\b/ });
  });
});

describe('the API', () => {
  const json = { 'content-type': 'application/json' };

  test('answers: 200, 201, and JSON errors 400, 401, 404 and the router refusing a path', async () => {
    const auth = { authorization: `Bearer ${token}` };
    await expectSecured('catalog', 'GET', '/api/packages', { status: 200, type: JSON_TYPE });
    await expectSecured('me', 'GET', '/api/auth/me', { status: 200, type: JSON_TYPE, headers: auth });
    await expectSecured('a ticket', 'POST', '/api/support/tickets', {
      status: 201,
      type: JSON_TYPE,
      headers: { ...json, ...auth },
      body: JSON.stringify({ title: 'Headers', description: 'A ticket for the header check.' }),
    });
    await expectSecured('signed out', 'GET', '/api/auth/me', { status: 401, type: JSON_TYPE });
    await expectSecured('forged token', 'GET', '/api/user/orders', {
      status: 401,
      type: JSON_TYPE,
      headers: { authorization: 'Bearer not.a.token' },
    });
    await expectSecured('unknown API path', 'GET', '/api/no-such-thing', { status: 404, type: JSON_TYPE });
    await expectSecured('unknown order', 'GET', `/api/user/orders/${randomUUID()}`, {
      status: 404,
      type: JSON_TYPE,
      headers: auth,
    });
    await expectSecured('malformed JSON', 'POST', '/api/auth/login', {
      status: 400,
      type: JSON_TYPE,
      headers: json,
      body: '{',
    });
    await expectSecured('invalid body', 'POST', '/api/contact', {
      status: 400,
      type: JSON_TYPE,
      headers: json,
      body: JSON.stringify({ name: '' }),
    });
    await expectSecured('undecodable path', 'GET', '/api/identity/%E0%A4%A', {
      status: 400,
      type: JSON_TYPE,
    });
    await expectSecured('a method the route lacks', 'DELETE', '/api/packages', {
      status: 404,
      type: JSON_TYPE,
    });
  });

  test('a CORS preflight', async () => {
    const answer = await request('OPTIONS', '/api/packages', {
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    assert.ok(answer.status < 500, `preflight answered ${answer.status}`);
    assert.deepEqual(securityHeaderProblems(answer.headers), [], 'preflight: security headers');
  });

  test('the live metric stream (server-sent events), and its 401', async () => {
    await expectSecured('live stream', 'GET', '/api/kpi/stream', {
      status: 200,
      type: /^text\/event-stream\b/,
      stream: true,
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    });
    await expectSecured('live stream, signed out', 'GET', '/api/kpi/stream', {
      status: 401,
      type: JSON_TYPE,
    });
  });

  test('the live ticket stream (server-sent events), and its 401', async () => {
    await expectSecured('live ticket stream', 'GET', '/api/support/stream', {
      status: 200,
      type: /^text\/event-stream\b/,
      stream: true,
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    });
    await expectSecured('live ticket stream, signed out', 'GET', '/api/support/stream', {
      status: 401,
      type: JSON_TYPE,
    });
  });

  test('the KPI export, a CSV download that is never shown or kept', async () => {
    const answer = await expectSecured('KPI CSV export', 'GET', '/api/kpi/metrics/export?range=7d', {
      status: 200,
      type: /^text\/csv\b/,
      headers: { authorization: `Bearer ${token}` },
    });
    assert.match(
      header(answer, 'content-disposition'),
      /^attachment; filename="kpis-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    assert.equal(header(answer, 'cache-control'), 'no-store');
    assert.ok(answer.text.startsWith('Date,Calls,Leads,Conversions\r\n'), answer.text.slice(0, 100));
  });

  test('health and readiness', async () => {
    await expectSecured('health', 'GET', '/api/healthz', { status: 200, type: JSON_TYPE });
    await expectSecured('readiness', 'GET', '/api/readyz', { status: 200, type: JSON_TYPE });
  });
});

// Issue 14, finding 6: no cache keeps what a signed-in answer, a token or a signing secret carries.
describe('Cache-Control', () => {
  const json = { 'content-type': 'application/json' };
  const expectNoStore = (answer, what) =>
    assert.equal(header(answer, 'cache-control'), 'no-store', `${what}: cache-control`);

  test('no-store on signed-in answers and on those that carry a token or a signing secret', async () => {
    const email = `cache-${randomUUID().slice(0, 8)}@example.com`;
    const password = 'cache-check-password-1';
    const registered = await request('POST', '/api/auth/register', {
      headers: json,
      body: JSON.stringify({ name: 'Cache Check', email, password }),
    });
    assert.equal(registered.status, 201, registered.text);
    expectNoStore(registered, 'sign-up (a token)');
    const login = await request('POST', '/api/auth/login', {
      headers: json,
      body: JSON.stringify({ email, password }),
    });
    assert.equal(login.status, 200, login.text);
    expectNoStore(login, 'sign-in (a token)');

    const auth = { authorization: `Bearer ${JSON.parse(login.text).token}` };
    const integration = await request('POST', '/api/crm/integrations', {
      headers: { ...json, ...auth },
      body: JSON.stringify({
        type: 'hubspot',
        name: 'Cache check',
        apiKey: 'pat-cache-check-1',
        webhookUrl: '',
      }),
    });
    assert.equal(integration.status, 201, integration.text);
    assert.ok(JSON.parse(integration.text).signingSecret, 'the answer carries the signing secret');
    expectNoStore(integration, 'integration created (its signing secret)');
    for (const path of [
      '/api/auth/me',
      '/api/user/orders',
      '/api/crm/integrations',
      '/api/support/tickets',
      '/api/kpi/metrics',
    ]) {
      const answer = await request('GET', path, { headers: auth });
      assert.equal(answer.status, 200, `${path}: ${answer.text.slice(0, 200)}`);
      expectNoStore(answer, path);
    }
    expectNoStore(await request('GET', '/api/auth/me'), 'signed out (401)');
  });

  test('the public catalog and the JWKS keep their own caching', async () => {
    assert.match(
      header(await request('GET', '/api/auth/.well-known/jwks.json'), 'cache-control'),
      /^public, max-age=\d+$/,
    );
    // The catalog may be kept but is asked again before each use, by its ETag (ADR 0217).
    const catalog = await request('GET', '/api/packages');
    assert.equal(header(catalog, 'cache-control'), 'public, no-cache');
    assert.match(header(catalog, 'etag'), /^"[\w-]+"$/);
  });
});

// Issue 14, finding 11c: what Node's HTTP parser refuses never becomes a request, yet its answer
// carries the headers too. (A request timeout, 408, takes Node 30 to 60 s to notice: the gateway's
// spec calls the same handler directly.)
describe('what the HTTP parser refuses', () => {
  /** Writes `bytes` on a new connection; resolves the answer once the gateway closes it. */
  function sendRaw(bytes) {
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(new URL(stack.url).port), '127.0.0.1', () => socket.end(bytes));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('latin1')));
      socket.on('error', reject);
      socket.on('close', () => {
        const [head, body = ''] = text.split('\r\n\r\n');
        const [statusLine, ...lines] = head.split('\r\n');
        const headers = {};
        for (const line of lines) {
          const colon = line.indexOf(':');
          (headers[line.slice(0, colon).toLowerCase()] ??= []).push(line.slice(colon + 1).trim());
        }
        resolve({ status: Number(statusLine.split(' ')[1]), headers, text: body });
      });
    });
  }

  for (const [what, bytes, status, message] of [
    ['a malformed request line', 'GET /\x00 HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'Malformed request'],
    [
      'headers over the size limit',
      `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
      'Request headers too large',
    ],
  ]) {
    test(`${what}: ${status} JSON with the security headers`, async () => {
      const answer = await sendRaw(bytes);
      assert.equal(answer.status, status, answer.text);
      assert.match(header(answer, 'content-type'), JSON_TYPE);
      assert.deepEqual(JSON.parse(answer.text), { statusCode: status, message });
      assert.deepEqual(securityHeaderProblems(answer.headers), [], `${what}: security headers`);
    });
  }
});
