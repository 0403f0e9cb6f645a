import { mkdtemp, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { startGateway, type RunningGateway } from '../testing/gateway';
import { closedPort, startUpstream, type Upstream } from '../testing/upstream';
import { immutable, noCache } from './cache-control';

const indexHtml =
  '<!doctype html><html><head><title>Portal</title></head><body><div id="root"></div></body></html>';
const manifest = JSON.stringify({ marketing: '/mfe/marketing/mf-manifest.json' });
// Big enough to be worth compressing.
const mainJs = `console.log(${JSON.stringify('portal shell '.repeat(400))});`;
const remoteEntry = `var marketing = {}; /* ${'remote entry '.repeat(200)} */`;
const chunk = `export const page = ${JSON.stringify('marketing page '.repeat(300))};`;

async function writeFixture(root: string) {
  const files: Record<string, string> = {
    'index.html': indexHtml,
    'mfe-manifest.json': manifest,
    'main.3f9a1c2b7d.js': mainJs,
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'mfe/marketing/remoteEntry.js': remoteEntry,
    'mfe/marketing/mf-manifest.json': '{"name":"marketing"}',
    'mfe/marketing/412.9e8d7c6b5a.js': chunk,
    'mfe/checkout/remoteEntry.js': 'var checkout = {};',
    // The routes each section's build wrote: which paths are pages (200) and which are not (404).
    'mfe/marketing/routes.json': JSON.stringify({
      routes: ['/', '/pricing', { path: '/blog/:slug', only: ['reduce-customer-service-costs'] }],
    }),
    'mfe/checkout/routes.json': JSON.stringify({ routes: ['/login', '/register'] }),
    'mfe/dashboard/routes.json': JSON.stringify({ routes: ['/dashboard', '/dashboard/orders/:id'] }),
    'mfe/staff/routes.json': JSON.stringify({ routes: ['/staff'] }),
    // Source maps an older build left in the served folders.
    'main.3f9a1c2b7d.js.map': '{"version":3,"sourcesContent":["secret source"]}',
    'mfe/marketing/412.9e8d7c6b5a.js.map': '{"version":3,"sourcesContent":["secret source"]}',
  };
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(root, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
    if (name.endsWith('.js')) {
      await writeFile(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
      await writeFile(`${file}.br`, zlib.brotliCompressSync(content));
    }
  }
}

/** A raw GET (fetch would decompress), with the bytes as received. */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (c: Buffer) => chunks.push(c));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
        })
        .on('error', reject);
    },
  );
}

/**
 * A gateway serving the fixture for the enclosing `describe`, started before its tests: `addFiles`
 * adds to the static root and `env` to the gateway's variables first.
 */
function useStaticGateway({
  addFiles = async () => {},
  env = () => ({}),
}: { addFiles?: (root: string) => Promise<void>; env?: () => Record<string, string> } = {}) {
  let root: string;
  let gateway: RunningGateway;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'gateway-static-'));
    await writeFixture(root);
    await addFiles(root);
    gateway = await startGateway({
      IDENTITY_URL: `http://127.0.0.1:${await closedPort()}`,
      STATIC_ROOT: root,
      RELEASES_ROOT: path.join(root, 'releases'),
      ...env(),
    });
  });

  afterAll(async () => {
    await gateway.close();
    await rm(root, { recursive: true, force: true });
  });

  return {
    get url() {
      return gateway.url;
    },
  };
}

describe('static hosting of the shell and the remotes', () => {
  const gateway = useStaticGateway();

  it.each([
    '/',
    '/dashboard',
    '/staff',
    '/blog/reduce-customer-service-costs',
    '/dashboard/orders/42',
    '/login?redirect=%2Fcheckout',
  ])('serves the shell index.html, not cached, for the app route %s', async (route) => {
    const response = await get(`${gateway.url}${route}`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe(noCache);
    expect(response.body.toString()).toBe(indexHtml);
  });

  it.each(['/no/such/page', '/blog/no-such-article', '/dashboard/unknown', '/pricing-plans?x=1'])(
    'answers 404 with the shell, which shows its not-found page, for %s',
    async (route) => {
      const response = await get(`${gateway.url}${route}`);
      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe(noCache);
      expect(response.body.toString()).toBe(indexHtml);
    },
  );

  it('compresses the shell page, with an ETag it answers 304 to, for an app route and a 404 alike', async () => {
    const response = await get(`${gateway.url}/dashboard`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe(noCache);
    expect(zlib.brotliDecompressSync(response.body).toString()).toBe(indexHtml);
    const gzipped = await get(`${gateway.url}/no/such/page`, { 'accept-encoding': 'gzip' });
    expect(gzipped.status).toBe(404);
    expect(zlib.gunzipSync(gzipped.body).toString()).toBe(indexHtml);
    const etag = response.headers.etag!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(gzipped.headers.etag).toBe(etag);
    const again = await get(`${gateway.url}/login`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('serves /mfe-manifest.json, not cached: every section from its build until one is released', async () => {
    const response = await get(`${gateway.url}/mfe-manifest.json`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe(noCache);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(JSON.parse(response.body.toString())).toEqual({
      marketing: '/mfe/marketing/mf-manifest.json',
      checkout: '/mfe/checkout/mf-manifest.json',
      dashboard: '/mfe/dashboard/mf-manifest.json',
      staff: '/mfe/staff/mf-manifest.json',
      routes: {
        marketing: ['/', '/pricing', '/blog/:slug'],
        checkout: ['/login', '/register'],
        dashboard: ['/dashboard', '/dashboard/orders/:id'],
        staff: ['/staff'],
      },
    });
    const again = await get(`${gateway.url}/mfe-manifest.json`, { 'if-none-match': response.headers.etag! });
    expect(again.status).toBe(304);
    const compressed = await get(`${gateway.url}/mfe-manifest.json`, { 'accept-encoding': 'gzip, br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(compressed.body).equals(response.body)).toBe(true);
    expect(compressed.headers.vary).toBe('accept-encoding, cookie');
  });

  it("serves a remote's mf-manifest.json and remoteEntry.js, not cached", async () => {
    for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
      const response = await get(`${gateway.url}/mfe/marketing/${file}`);
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe(noCache);
    }
    expect((await get(`${gateway.url}/mfe/checkout/remoteEntry.js`)).body.toString()).toBe(
      'var checkout = {};',
    );
  });

  it('serves hashed chunks as immutable for a year', async () => {
    for (const url of ['/main.3f9a1c2b7d.js', '/mfe/marketing/412.9e8d7c6b5a.js']) {
      const response = await get(`${gateway.url}${url}`);
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe(immutable);
      expect(response.headers['content-type']).toMatch(/javascript/);
    }
  });

  it('serves the pre-compressed gzip sibling when the browser accepts gzip', async () => {
    const response = await get(`${gateway.url}/mfe/marketing/412.9e8d7c6b5a.js`, {
      'accept-encoding': 'gzip',
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe(immutable);
    expect(response.body.length).toBeLessThan(Buffer.byteLength(chunk));
    expect(zlib.gunzipSync(response.body).toString()).toBe(chunk);
  });

  it('prefers brotli when accepted, and keeps remoteEntry.js uncached when compressed', async () => {
    const response = await get(`${gateway.url}/mfe/marketing/remoteEntry.js`, {
      'accept-encoding': 'gzip, br',
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe(noCache);
    expect(zlib.brotliDecompressSync(response.body).toString()).toBe(remoteEntry);
  });

  it('sends the plain file to a client that accepts no compression', async () => {
    const response = await get(`${gateway.url}/main.3f9a1c2b7d.js`);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.toString()).toBe(mainJs);
  });

  it.each([
    '/mfe/marketing/missing.3f9a1c2b.js',
    '/mfe/unknown/remoteEntry.js',
    '/missing.3f9a1c2b.js',
    '/mfe',
  ])('answers a JSON 404 for the missing file %s', async (url) => {
    const response = await get(`${gateway.url}${url}`);
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body.toString())).toEqual({ statusCode: 404, message: `Cannot GET ${url}` });
  });

  it.each([
    '/main.3f9a1c2b7d.js.map',
    '/mfe/marketing/412.9e8d7c6b5a.js.map',
    '/mfe/marketing/412.9e8d7c6b5a.js%2Emap',
    '/main.3f9a1c2b7d.js.MAP',
    '/mfe/checkout/missing.js.map',
  ])('answers 404 for the source map %s, even where the file is there', async (url) => {
    const response = await get(`${gateway.url}${url}`, { 'accept-encoding': 'gzip, br' });
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body.toString())).toEqual({ statusCode: 404, message: expect.any(String) });
    expect(response.body.toString()).not.toContain('secret source');
  });

  it('lists no directory', async () => {
    const response = await get(`${gateway.url}/mfe/checkout/`);
    expect([403, 404]).toContain(response.status);
    expect(JSON.parse(response.body.toString())).toEqual({
      statusCode: response.status,
      message: expect.any(String),
    });
  });

  it('never serves files outside the static root', async () => {
    const response = await get(`${gateway.url}/mfe/marketing/..%2F..%2F..%2Fetc%2Fpasswd`);
    expect([400, 403, 404]).toContain(response.status);
    expect(response.body.toString()).not.toContain('root:');
  });
});

describe("the sections' releases", () => {
  const version = '0123456789ab';
  const earlier = 'ba9876543210';
  let store: string;
  const gateway = useStaticGateway({
    addFiles: async () => {
      store = await mkdtemp(path.join(os.tmpdir(), 'gateway-releases-'));
      for (const [release, text] of [
        [version, 'var checkout = "new";'],
        [earlier, 'var checkout = "old";'],
      ]) {
        await mkdir(path.join(store, 'checkout', release, 'prerendered'), { recursive: true });
        await writeFile(path.join(store, 'checkout', release, 'remoteEntry.js'), text);
        await writeFile(path.join(store, 'checkout', release, '77.js'), text);
        // The newer version adds a page.
        const routes = release === version ? ['/login', '/login-help'] : ['/login'];
        await writeFile(path.join(store, 'checkout', release, 'routes.json'), JSON.stringify({ routes }));
      }
    },
    env: () => ({ RELEASES_ROOT: store }),
  });
  afterAll(() => rm(store, { recursive: true, force: true }));

  const writeState = async (state: unknown) => {
    // As the release tool does: a new file renamed over the old one.
    await writeFile(path.join(store, 'releases.next.json'), JSON.stringify(state));
    await rename(path.join(store, 'releases.next.json'), path.join(store, 'releases.json'));
  };
  const manifest = async (headers: Record<string, string> = {}) => {
    const response = await get(`${gateway.url}/mfe-manifest.json`, headers);
    return { entries: JSON.parse(response.body.toString()) as Record<string, unknown>, response };
  };
  const released = (versions: string[], current: string, canary?: object) => ({
    sections: {
      checkout: {
        versions: versions.map((release) => ({ version: release, releasedAt: '2026-11-27T20:00:00.000Z' })),
        current,
        ...(canary && { canary }),
      },
    },
  });

  it('serves every version in the store as immutable, released or not yet', async () => {
    const response = await get(`${gateway.url}/mfe/checkout/releases/${version}/remoteEntry.js`);
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe('var checkout = "new";');
    expect(response.headers['cache-control']).toBe(immutable);
    expect((await get(`${gateway.url}/mfe/checkout/releases/fedcba987654/remoteEntry.js`)).status).toBe(404);
    expect((await manifest()).entries.checkout).toBe('/mfe/checkout/mf-manifest.json');
  });

  it('points the manifest at the current release from the next request on, and back on a rollback', async () => {
    await writeState(released([earlier, version], version));
    expect((await manifest()).entries).toMatchObject({
      checkout: `/mfe/checkout/releases/${version}/mf-manifest.json`,
      marketing: '/mfe/marketing/mf-manifest.json',
    });
    await writeState(released([earlier, version], earlier));
    expect((await manifest()).entries.checkout).toBe(`/mfe/checkout/releases/${earlier}/mf-manifest.json`);
  });

  it("answers for the pages of the released version's routes, and tells the shell them", async () => {
    await writeState(released([earlier, version], version));
    expect((await get(`${gateway.url}/login-help`)).status).toBe(200);
    expect((await manifest()).entries.routes).toMatchObject({ checkout: ['/login', '/login-help'] });

    await writeState(released([version, earlier], earlier));
    expect((await get(`${gateway.url}/login-help`)).status).toBe(404);
    expect((await manifest()).entries.routes).toMatchObject({ checkout: ['/login'] });
  });

  it('keeps the last good state when the file is not a valid one', async () => {
    await writeState(released([earlier, version], version));
    expect((await manifest()).entries.checkout).toBe(`/mfe/checkout/releases/${version}/mf-manifest.json`);
    await writeState({ sections: { checkout: { versions: [], current: 'latest' } } });
    expect((await manifest()).entries.checkout).toBe(`/mfe/checkout/releases/${version}/mf-manifest.json`);
  });

  it('keeps each browser on its side of a canary, by a cookie it sets once', async () => {
    await writeState(released([earlier, version], earlier, { version, percent: 25 }));
    const first = await manifest();
    const cookie = first.response.headers['set-cookie']?.[0] ?? '';
    expect(cookie).toMatch(/^portal_canary=\d{1,2}; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    const bucket = Number(/=(\d+)/.exec(cookie)![1]);
    const side = bucket < 25 ? version : earlier;
    expect(first.entries.checkout).toBe(`/mfe/checkout/releases/${side}/mf-manifest.json`);

    const onCanary = await manifest({ cookie: 'theme=dark; portal_canary=24' });
    expect(onCanary.entries.checkout).toBe(`/mfe/checkout/releases/${version}/mf-manifest.json`);
    expect(onCanary.response.headers['set-cookie']).toBeUndefined();
    const notOnCanary = await manifest({ cookie: 'portal_canary=25' });
    expect(notOnCanary.entries.checkout).toBe(`/mfe/checkout/releases/${earlier}/mf-manifest.json`);
    expect(notOnCanary.response.headers.vary).toMatch(/cookie/i);
    expect(notOnCanary.response.headers.etag).not.toBe(onCanary.response.headers.etag);
  });
  it('names a release on another origin in the manifest and allows exactly that origin in the pages', async () => {
    const cdn = 'https://cdn.example.com';
    await writeState({
      sections: {
        checkout: {
          versions: [
            {
              version: earlier,
              releasedAt: '2026-11-27T20:00:00.000Z',
              retiredAt: '2026-11-27T21:00:00.000Z',
            },
            { version, releasedAt: '2026-11-27T21:00:00.000Z', baseUrl: `${cdn}/portal/checkout/7/` },
          ],
          current: version,
        },
      },
    });
    expect((await manifest()).entries.checkout).toBe(`${cdn}/portal/checkout/7/mf-manifest.json`);
    const page = await get(`${gateway.url}/login`);
    const policy = page.headers['content-security-policy'] ?? '';
    for (const directive of ['script-src', 'style-src', 'connect-src', 'font-src', 'img-src']) {
      expect(policy).toMatch(new RegExp(`(?:^|;)${directive} [^;]* ${cdn}(?:;|$)`));
    }
    expect(policy).toMatch(/(?:^|;)frame-src (?![^;]*cdn\.example\.com)[^;]*(?:;|$)/);

    await writeState(released([version, earlier], earlier));
    const after = await get(`${gateway.url}/login`, { 'if-none-match': page.headers.etag! });
    expect(after.status).toBe(200); // the page is sent again, under the policy without the CDN
    expect(after.headers['content-security-policy']).not.toContain(cdn);
  });
});

describe('remotes proxied to STATIC_REMOTES_URL', () => {
  let remotes: Upstream;

  beforeAll(async () => {
    remotes = await startUpstream((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': noCache });
      response.end('from nginx');
    });
  });

  afterAll(() => remotes.close());

  const gateway = useStaticGateway({ env: () => ({ STATIC_REMOTES_URL: remotes.url }) });

  it('forwards /mfe/* with its path and Accept-Encoding, and still serves the shell itself', async () => {
    const response = await get(`${gateway.url}/mfe/marketing/remoteEntry.js`, { 'accept-encoding': 'gzip' });
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe('from nginx');
    expect(response.headers['cache-control']).toBe(noCache);
    expect(remotes.received[0]).toMatchObject({
      method: 'GET',
      url: '/mfe/marketing/remoteEntry.js',
      headers: expect.objectContaining({ 'accept-encoding': 'gzip' }),
    });
    expect((await get(`${gateway.url}/dashboard`)).body.toString()).toBe(indexHtml);
  });

  it('answers 404 for a source map without asking nginx', async () => {
    const response = await get(`${gateway.url}/mfe/marketing/412.9e8d7c6b5a.js.map`);
    expect(response.status).toBe(404);
    expect(remotes.received.map((request) => request.url)).not.toContain(
      '/mfe/marketing/412.9e8d7c6b5a.js.map',
    );
  });
});

describe("pages the sections' builds prerendered", () => {
  const shellPage =
    '<!doctype html><html><head><title>Portal</title><meta name=description content="Default."></head>' +
    '<body><div id=section-marketing></div></body></html>';
  const fragment = {
    head: '<title data-prerendered="">Pricing | Millstone CX</title>',
    section: `<div data-prerendered inert><h1>Custom pricing</h1>${'<p>No hidden fees.</p>'.repeat(50)}</div>`,
  };
  const gateway = useStaticGateway({
    addFiles: async (root) => {
      await writeFile(path.join(root, 'index.html'), shellPage);
      await mkdir(path.join(root, 'mfe/marketing/prerendered'), { recursive: true });
      await writeFile(path.join(root, 'mfe/marketing/prerendered/pricing.json'), JSON.stringify(fragment));
    },
  });

  it('serves the shell page with the prerendered page in it, compressed and not cached', async () => {
    const response = await get(`${gateway.url}/pricing?utm_source=mail`, { 'accept-encoding': 'gzip, br' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe(noCache);
    const html = zlib.brotliDecompressSync(response.body).toString();
    expect(html).toContain(`<div id=section-marketing>${fragment.section}</div>`);
    expect(html).toContain('<title data-prerendered="">Pricing | Millstone CX</title>');
    expect(html).not.toContain('<title>Portal</title>');
    // The gateway's security headers come along as on every page.
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('answers 304 to a browser that has the page already, whatever the encoding', async () => {
    const first = await get(`${gateway.url}/pricing`, { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await get(`${gateway.url}/pricing`, { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body).toHaveLength(0);
    expect(again.headers['cache-control']).toBe(noCache);
    expect(again.headers.etag).toBe(etag);
    const stale = await get(`${gateway.url}/pricing`, { 'if-none-match': 'W/"an-older-page"' });
    expect(stale.status).toBe(200);
    expect(stale.body.toString()).toContain('<h1>Custom pricing</h1>');
  });

  it('sends it plain to a client that accepts no compression', async () => {
    const response = await get(`${gateway.url}/pricing`);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.toString()).toContain('<h1>Custom pricing</h1>');
  });

  it('serves the plain shell page where nothing was prerendered', async () => {
    expect((await get(`${gateway.url}/careers`)).body.toString()).toBe(shellPage);
  });
});

describe('pages prerendered in the sections on STATIC_REMOTES_URL', () => {
  const shellPage =
    '<!doctype html><html><head><title>Portal</title></head>' +
    '<body><div id=section-marketing></div><div id=section-checkout></div></body></html>';
  const fragment = { head: '<title data-prerendered="">Sign in</title>', section: '<h1>Welcome back</h1>' };
  let remotes: Upstream;
  let release = 'v1';

  beforeAll(async () => {
    remotes = await startUpstream((request, response) => {
      if (request.url === '/mfe/checkout/routes.json') {
        return void response
          .writeHead(200, { 'content-type': 'application/json' })
          .end('{"routes":["/login"]}');
      }
      if (request.url !== '/mfe/checkout/prerendered/login.json') return void response.writeHead(404).end();
      const etag = `"${release}"`;
      if (request.headers['if-none-match'] === etag) return void response.writeHead(304, { etag }).end();
      response.writeHead(200, { 'content-type': 'application/json', etag });
      response.end(JSON.stringify({ ...fragment, section: `${fragment.section}<p>${release}</p>` }));
    });
  });

  afterAll(() => remotes.close());

  const gateway = useStaticGateway({
    env: () => ({ STATIC_REMOTES_URL: remotes.url }),
    addFiles: (root) => writeFile(path.join(root, 'index.html'), shellPage),
  });

  it("composes them as here, revalidating each fragment with its ETag, and serves a section's new release at once", async () => {
    const first = await get(`${gateway.url}/login`);
    expect(first.body.toString()).toContain('<div id=section-checkout><h1>Welcome back</h1><p>v1</p></div>');
    await get(`${gateway.url}/login`);
    const asked = remotes.received.filter(
      (request) => request.url === '/mfe/checkout/prerendered/login.json',
    );
    expect(asked.map((request) => request.headers['if-none-match'])).toEqual([undefined, '"v1"']);

    release = 'v2';
    expect((await get(`${gateway.url}/login`)).body.toString()).toContain('<p>v2</p>');
  });

  it('serves the plain shell page where the section has no fragment', async () => {
    expect((await get(`${gateway.url}/register`)).body.toString()).toBe(shellPage);
  });
});
