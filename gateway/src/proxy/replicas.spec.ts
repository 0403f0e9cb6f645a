import { sleep, waitFor } from '@portal/testing';
import { closedPort, echo, startUpstream, type ReceivedRequest, type Upstream } from '../testing/upstream';
import { gatewayPerTest } from '../testing/gateway';
import { healthPath } from './upstream-pool';

/** What the proxy sent to `upstream`: not the gateway's health checks. */
const proxied = (upstream: Upstream) => upstream.received.filter((request) => request.url !== healthPath);

/** Health checks `upstream` received. */
const checks = (upstream: Upstream) => upstream.received.length - proxied(upstream).length;

/**
 * Waits until the gateway has taken in `upstream`'s answer to a health check received from now on:
 * rounds never overlap, so once a second one arrives, the gateway has the answer to the first.
 */
async function healthChecked(upstream: Upstream) {
  const target = checks(upstream) + 2;
  await waitFor(async () => checks(upstream) >= target, `two health checks of ${upstream.url}`);
}

/** Answers its health check, and drops the connection of every other request before answering it. */
const dropsRequests = (request: ReceivedRequest, response: import('node:http').ServerResponse) => {
  if (request.url === healthPath) echo(request, response);
  else response.socket?.destroy();
};

const checkout = (gatewayUrl: string, headers: Record<string, string> = {}) =>
  fetch(`${gatewayUrl}/api/create-payment-intent`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ items: [{ id: 'starter', quantity: 1 }] }),
  });

describe('replicas of a service (COMMERCE_URLS)', () => {
  const startGateway = gatewayPerTest();
  const upstreams: Upstream[] = [];
  const start = async (...args: Parameters<typeof startUpstream>) => {
    const upstream = await startUpstream(...args);
    upstreams.push(upstream);
    return upstream;
  };

  afterEach(async () => {
    await Promise.all(upstreams.splice(0).map((upstream) => upstream.close()));
  });

  it('shares requests between the replicas in turn', async () => {
    const [a, b] = [await start(), await start()];
    const gateway = await startGateway({ COMMERCE_URLS: `${a.url},${b.url}` });
    for (let i = 0; i < 10; i++) expect((await fetch(`${gateway.url}/api/user/orders`)).status).toBe(200);
    expect(proxied(a)).toHaveLength(5);
    expect(proxied(b)).toHaveLength(5);
    expect(proxied(a)[0]).toMatchObject({ method: 'GET', url: '/api/user/orders' });
  });

  it('sends new requests to the replica with fewer in flight', async () => {
    const slow = await start((request, response) => {
      setTimeout(() => echo(request, response), 600);
    });
    const fast = await start();
    const gateway = await startGateway({ COMMERCE_URLS: `${slow.url},${fast.url}` });
    const answers: Promise<Response>[] = [];
    for (let i = 0; i < 10; i++) {
      answers.push(fetch(`${gateway.url}/api/user/orders`));
      await sleep(30);
    }
    expect((await Promise.all(answers)).map((answer) => answer.status)).toEqual(Array(10).fill(200));
    // The slow one got the first request, then none while it was still busy with it.
    expect(proxied(slow)).toHaveLength(1);
    expect(proxied(fast)).toHaveLength(9);
  });

  it('sends every request to the live replica when the other refuses connections, any method', async () => {
    const live = await start();
    const dead = `http://127.0.0.1:${await closedPort()}`;
    const gateway = await startGateway({ COMMERCE_URLS: `${dead},${live.url}` });
    for (let i = 0; i < 4; i++) expect((await fetch(`${gateway.url}/api/user/orders`)).status).toBe(200);
    // Refused: the request never reached the dead one, so even a POST without a key goes to the other.
    expect((await checkout(gateway.url)).status).toBe(200);
    expect(proxied(live)).toHaveLength(5);
  });

  it('repeats on another replica a GET whose connection dropped before any answer', async () => {
    const dropping = await start(dropsRequests);
    const live = await start();
    // No health checks: the dropping replica answers them, and would come back between requests.
    const gateway = await startGateway({
      COMMERCE_URLS: `${dropping.url},${live.url}`,
      UPSTREAM_HEALTH_INTERVAL_MS: '0',
    });
    expect((await fetch(`${gateway.url}/api/user/orders`)).status).toBe(200);
    expect(proxied(dropping)).toHaveLength(1);
    expect(proxied(live).map((request) => request.url)).toEqual(['/api/user/orders']);
  });

  it('does not repeat a POST without an Idempotency-Key that may have reached the replica', async () => {
    const dropping = await start(dropsRequests);
    const live = await start();
    const gateway = await startGateway({
      COMMERCE_URLS: `${dropping.url},${live.url}`,
      UPSTREAM_HEALTH_INTERVAL_MS: '0',
    });
    const answer = await checkout(gateway.url);
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({ statusCode: 503, message: 'Service commerce is unavailable' });
    expect(proxied(dropping)).toHaveLength(1);
    expect(proxied(live)).toHaveLength(0);
  });

  it('repeats a dropped POST on another replica when it carries an Idempotency-Key, with the same body', async () => {
    const dropping = await start(dropsRequests);
    const live = await start();
    const gateway = await startGateway({
      COMMERCE_URLS: `${dropping.url},${live.url}`,
      UPSTREAM_HEALTH_INTERVAL_MS: '0',
    });
    const answer = await checkout(gateway.url, { 'idempotency-key': 'order-1' });
    expect(answer.status).toBe(200);
    expect(proxied(dropping)).toHaveLength(1);
    expect(proxied(live)).toHaveLength(1);
    expect(proxied(live)[0].headers['idempotency-key']).toBe('order-1');
    expect(JSON.parse(proxied(live)[0].body.toString())).toEqual({ items: [{ id: 'starter', quantity: 1 }] });
  });

  it('answers 503 when every replica is down', async () => {
    const gateway = await startGateway({
      COMMERCE_URLS: `http://127.0.0.1:${await closedPort()},http://127.0.0.1:${await closedPort()}`,
    });
    const answer = await fetch(`${gateway.url}/api/user/orders`);
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({ statusCode: 503, message: 'Service commerce is unavailable' });
  });

  it('ejects a replica whose health check fails and brings it back once it passes', async () => {
    let healthy = false;
    const sick = await start((request, response) => {
      if (request.url === healthPath && !healthy) {
        response.writeHead(503).end();
        return;
      }
      echo(request, response);
    });
    const other = await start();
    const gateway = await startGateway({
      COMMERCE_URLS: `${sick.url},${other.url}`,
      UPSTREAM_HEALTH_INTERVAL_MS: '100',
    });
    await healthChecked(sick);
    for (let i = 0; i < 4; i++) await fetch(`${gateway.url}/api/user/orders`);
    expect(proxied(sick)).toHaveLength(0);

    healthy = true;
    await healthChecked(sick);
    for (let i = 0; i < 4; i++) await fetch(`${gateway.url}/api/user/orders`);
    expect(proxied(sick)).toHaveLength(2);
  });

  it('brings back a replica that was refusing connections once it listens again', async () => {
    const port = await closedPort();
    const other = await start();
    const gateway = await startGateway({
      COMMERCE_URLS: `http://127.0.0.1:${port},${other.url}`,
      UPSTREAM_HEALTH_INTERVAL_MS: '100',
    });
    for (let i = 0; i < 2; i++) expect((await fetch(`${gateway.url}/api/user/orders`)).status).toBe(200);
    const restarted = await start(echo, port);
    await healthChecked(restarted);
    for (let i = 0; i < 4; i++) expect((await fetch(`${gateway.url}/api/user/orders`)).status).toBe(200);
    expect(proxied(restarted)).toHaveLength(2);
  });
});
