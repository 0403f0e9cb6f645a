import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { connect } from '@nats-io/transport-node';
import { createEventEnvelope, eventTypes } from '@portal/contracts';
import { sleep, testNatsUrl, uniqueSubjectSpace, waitFor } from '@portal/testing';
import { startGateway, type RunningGateway } from '../testing/gateway';
import { closedPort, startUpstream, type ReceivedRequest, type Upstream } from '../testing/upstream';
import { catalogMaxAgeMs } from './catalog-cache';

/** commerce's catalog as the stand-in serves it: the body, its strong ETag, how long it takes to answer. */
class Catalog {
  body = '';
  etag = '';
  delayMs = 0;
  /** Answers this instead while set (commerce's own 503, say). */
  failure?: { status: number; body: string };
  constructor(price: string) {
    this.set(price);
  }

  set(price: string) {
    this.body = JSON.stringify([{ id: 'inbound', name: 'Inbound Support', price }]);
    this.etag = `"${createHash('sha256').update(this.body).digest('base64url')}"`;
  }

  /** commerce's GET /api/packages: 304 when If-None-Match names the ETag (the stand-in checks it exactly). */
  readonly handler = (request: ReceivedRequest, response: ServerResponse) => {
    const answer = () => {
      if (this.failure) {
        response.writeHead(this.failure.status, { 'content-type': 'application/json; charset=utf-8' });
        response.end(this.failure.body);
      } else if (request.headers['if-none-match'] === this.etag) {
        response.writeHead(304, { etag: this.etag, 'cache-control': 'public, no-cache' });
        response.end();
      } else {
        response.writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'public, no-cache',
          etag: this.etag,
          'x-request-id': String(request.headers['x-request-id']),
        });
        response.end(this.body);
      }
    };
    if (this.delayMs > 0) setTimeout(answer, this.delayMs);
    else answer();
  };
}

const priceIn = (body: string) => (JSON.parse(body) as { price: string }[])[0].price;

describe("GET /api/packages from the gateway's copy", () => {
  const space = uniqueSubjectSpace();
  const changes = `${space.prefix}.catalog.changed`;
  let catalog: Catalog;
  let commerce: Upstream;
  let gateway: RunningGateway;
  let nats: Awaited<ReturnType<typeof connect>>;

  const start = async (env: Record<string, string> = {}) => {
    gateway = await startGateway(
      { COMMERCE_URL: commerce.url, NATS_URL: testNatsUrl(), ...env },
      { catalogChangesSubject: changes },
    );
    return gateway;
  };
  const get = (path = '/api/packages', init: RequestInit = {}) => fetch(`${gateway.url}${path}`, init);
  const requestsToCommerce = () => commerce.received.length;
  const announce = () =>
    nats.publish(changes, JSON.stringify(createEventEnvelope(eventTypes.catalogChanged, {})));

  /** Waits until the gateway has subscribed: an announcement makes it ask commerce again. */
  const followingChanges = () =>
    waitFor(
      async () => {
        await get();
        const before = requestsToCommerce();
        announce();
        await sleep(50);
        await get();
        return requestsToCommerce() > before;
      },
      'the gateway following catalog changes',
      5000,
    );

  beforeAll(async () => {
    nats = await connect({ servers: testNatsUrl() });
  });
  afterAll(() => nats.close());

  beforeEach(async () => {
    catalog = new Catalog('1499.00');
    commerce = await startUpstream(catalog.handler);
  });

  afterEach(async () => {
    await gateway?.close();
    await commerce.close();
  });

  it("serves commerce's answer, headers and ETag from memory, 304 to a matching If-None-Match, and HEAD", async () => {
    await start();
    const first = await get();
    expect(first.status).toBe(200);
    expect(await first.text()).toBe(catalog.body);
    // commerce hears the request that needed the copy: its request id, and the trace it is part of.
    expect(commerce.received[0].headers['x-request-id']).toBe(first.headers.get('x-request-id'));
    expect(commerce.received[0].headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/);

    const answers = await Promise.all(Array.from({ length: 20 }, () => get()));
    expect(requestsToCommerce()).toBe(1);
    const ids = new Set<string>();
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('etag')).toBe(catalog.etag);
      expect(answer.headers.get('cache-control')).toBe('public, no-cache');
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(answer.headers.get('content-length')).toBe(String(Buffer.byteLength(catalog.body)));
      // The gateway's own headers, per request: never the copy's.
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      ids.add(String(answer.headers.get('x-request-id')));
      expect(await answer.text()).toBe(catalog.body);
    }
    expect(ids.size).toBe(20);

    for (const ifNoneMatch of [catalog.etag, `W/${catalog.etag}`, `"older", ${catalog.etag}`]) {
      const notModified = await get('/api/packages', { headers: { 'if-none-match': ifNoneMatch } });
      expect(notModified.status).toBe(304);
      expect(notModified.headers.get('etag')).toBe(catalog.etag);
      expect(notModified.headers.get('cache-control')).toBe('public, no-cache');
      expect(await notModified.text()).toBe('');
    }
    const other = await get('/api/packages', { headers: { 'if-none-match': '"older"' } });
    expect(other.status).toBe(200);

    const head = await get('/api/packages', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(catalog.etag);
    expect(await head.text()).toBe('');
    expect(requestsToCommerce()).toBe(1);
  });

  it('serves a changed catalog within 1 s without any announcement, asking commerce with If-None-Match', async () => {
    await start({ NATS_URL: '' });
    await get();
    await sleep(catalogMaxAgeMs + 50);
    // Expired: confirmed again by a 304, and the copy served on.
    expect(priceIn(await (await get()).text())).toBe('1499.00');
    expect(commerce.received.at(-1)?.headers['if-none-match']).toBe(catalog.etag);

    catalog.set('1234.00');
    const changedAt = performance.now();
    let oldServedAfterChange = 0;
    for (;;) {
      const price = priceIn(await (await get()).text());
      if (price === '1234.00') break;
      oldServedAfterChange += 1;
      await sleep(10);
    }
    const ms = performance.now() - changedAt;
    expect(ms).toBeLessThan(catalogMaxAgeMs + 100);
    expect(oldServedAfterChange).toBeGreaterThan(5);
    expect(commerce.received.every((request) => request.url === '/api/packages')).toBe(true);
  });

  it('drops its copy the moment commerce announces a change (portal.catalog.changed)', async () => {
    await start();
    await followingChanges();
    catalog.set('1234.00');
    const before = requestsToCommerce();
    announce();
    const started = performance.now();
    await waitFor(async () => priceIn(await (await get()).text()) === '1234.00', 'the new price', 2000);
    expect(performance.now() - started).toBeLessThan(300);
    // The copy was dropped, not revalidated: commerce was asked without If-None-Match.
    expect(commerce.received.slice(before).map((request) => request.headers['if-none-match'])).toEqual([
      undefined,
    ]);
  });

  it('answers a burst of requests on an expired copy with exactly one request to commerce', async () => {
    await start();
    await get();
    await sleep(catalogMaxAgeMs + 50);
    catalog.set('1234.00');
    catalog.delayMs = 150;
    const before = requestsToCommerce();
    const answers = await Promise.all(Array.from({ length: 50 }, () => get()));
    expect(requestsToCommerce() - before).toBe(1);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(priceIn(await answer.text())).toBe('1234.00');
    }
  });

  it('never serves a copy older than 1 s while commerce is down: 503 as for a dead service, then serves again', async () => {
    await start();
    await get();
    const { port } = new URL(commerce.url);
    await commerce.close();
    const closedAt = performance.now();
    expect((await get()).status).toBe(200);

    await sleep(catalogMaxAgeMs - (performance.now() - closedAt) + 20);
    const down = await get();
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ statusCode: 503, message: 'Service commerce is unavailable' });
    expect((await get('/api/packages', { method: 'HEAD' })).status).toBe(503);

    catalog.set('1234.00');
    commerce = await startUpstream(catalog.handler, Number(port));
    const back = await get();
    expect(back.status).toBe(200);
    expect(priceIn(await back.text())).toBe('1234.00');
  });

  it("answers 504 at the route's deadline when commerce does not answer, never the expired copy", async () => {
    await start({ UPSTREAM_TIMEOUT_MS: '300' });
    await get();
    await sleep(catalogMaxAgeMs + 50);
    catalog.delayMs = 1000;
    const started = performance.now();
    const answers = await Promise.all([get(), get(), get()]);
    const ms = performance.now() - started;
    for (const answer of answers) {
      expect(answer.status).toBe(504);
      expect(await answer.json()).toEqual({
        statusCode: 504,
        message: 'Service commerce did not answer in time',
      });
    }
    expect(ms).toBeGreaterThanOrEqual(290);
    expect(ms).toBeLessThan(1000);
  });

  it("passes commerce's other answers on, and keeps none of them", async () => {
    await start();
    catalog.failure = { status: 503, body: '{"statusCode":503,"message":"Service commerce is unavailable"}' };
    for (let i = 0; i < 2; i++) {
      const answer = await get();
      expect(answer.status).toBe(503);
      expect(await answer.text()).toBe(catalog.failure.body);
    }
    catalog.failure = undefined;
    expect((await get()).status).toBe(200);
    expect(requestsToCommerce()).toBe(3);
  });

  it('sends a query string, a path below it and other methods through the proxy, uncached', async () => {
    await start();
    await get();
    for (const path of [
      '/api/packages?currency=usd',
      '/api/packages?currency=usd',
      '/api/packages/inbound',
    ]) {
      expect((await get(path)).status).toBe(200);
    }
    expect((await get('/api/packages', { method: 'POST', body: '{}' })).status).toBe(200);
    expect(commerce.received.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /api/packages',
      'GET /api/packages?currency=usd',
      'GET /api/packages?currency=usd',
      'GET /api/packages/inbound',
      'POST /api/packages',
    ]);
  });

  it('asks another replica when the first refuses the connection', async () => {
    const dead = `http://127.0.0.1:${await closedPort()}`;
    await start({ COMMERCE_URLS: `${dead},${commerce.url}`, UPSTREAM_HEALTH_INTERVAL_MS: '0' });
    const answer = await get();
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe(catalog.body);
  });
});
