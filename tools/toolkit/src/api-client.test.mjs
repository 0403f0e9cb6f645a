import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, test } from 'node:test';
import { cartFor, createApiClient, percentile, pool } from './api-client.mjs';

let server;
let baseUrl;

before(async () => {
  server = http.createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/stream') {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write('event: open\n\n');
        return; // never ends
      }
      if (request.url === '/hang') return;
      if (request.url === '/text') {
        response.writeHead(404, { 'content-type': 'text/plain' });
        response.end('no such thing');
        return;
      }
      response.writeHead(request.url === '/created' ? 201 : 200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          method: request.method,
          url: request.url,
          contentType: request.headers['content-type'] ?? null,
          authorization: request.headers.authorization ?? null,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}/`;
});

after(() => {
  server.closeAllConnections();
  server.close();
});

test("objects go as JSON, strings and Buffers as they are with contentType or fetch's own", async () => {
  const api = createApiClient(baseUrl);
  const json = await api.call('POST', '/echo', { token: 't1', body: { a: 1 } });
  assert.equal(json.status, 200);
  assert.equal(typeof json.ms, 'number');
  assert.deepEqual(json.body, {
    method: 'POST',
    url: '/echo',
    contentType: 'application/json',
    authorization: 'Bearer t1',
    body: '{"a":1}',
  });
  const raw = await api.call('POST', '/echo', { body: 'a=1' });
  assert.equal(raw.body.contentType, 'text/plain;charset=UTF-8'); // fetch's own for a string
  assert.equal(raw.body.body, 'a=1');
  const bytes = await api.call('POST', '/echo', { body: Buffer.from('a=1') });
  assert.equal(bytes.body.contentType, null);
  const typed = await api.call('POST', `${baseUrl}echo`, {
    body: Buffer.from('{}'),
    contentType: 'text/plain',
  });
  assert.equal(typed.body.contentType, 'text/plain');
  assert.equal(typed.body.url, '/echo');
  const overridden = await api.call('POST', '/echo', { body: { a: 1 }, headers: { 'content-type': 'x/y' } });
  assert.equal(overridden.body.contentType, 'x/y');
});

test('an answer that is not JSON keeps its text; expectOk and expectStatus throw on other statuses', async () => {
  const api = createApiClient(baseUrl);
  const answer = await api.call('GET', '/text');
  assert.equal(answer.status, 404);
  assert.equal(answer.body, 'no such thing');
  await assert.rejects(api.expectOk('GET', '/text'), /GET \/text answered 404: "no such thing"/);
  await assert.rejects(api.expectStatus(201, 'GET', '/echo'), /answered 200 \(expected 201\)/);
  assert.equal((await api.expectStatus([200, 201], 'GET', '/created')).url, '/created');
});

test('onResponse sees every answer; a stream answers with its status', async () => {
  const seen = [];
  const api = createApiClient(baseUrl, { onResponse: (record) => seen.push(record) });
  await api.call('GET', '/text');
  const stream = await api.call('GET', '/stream', { stream: true });
  assert.equal(stream.status, 200);
  assert.deepEqual(
    seen.map(({ method, path, status, text, streamed }) => [method, path, status, text, streamed]),
    [
      ['GET', '/text', 404, 'no such thing', false],
      ['GET', '/stream', 200, '', true],
    ],
  );
  assert.equal(seen[0].headers.get('content-type'), 'text/plain');
});

test('a network error throws, unless throwOnNetworkError is false: then status 0 and the reason', async () => {
  const spare = http.createServer();
  await new Promise((resolve) => spare.listen(0, '127.0.0.1', () => resolve(undefined)));
  const closed = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (spare.address()).port}`;
  await new Promise((resolve) => spare.close(resolve));
  await assert.rejects(createApiClient(closed).call('GET', '/'));
  const never = createApiClient(closed, { throwOnNetworkError: false });
  const refused = await never.call('GET', '/');
  assert.equal(refused.status, 0);
  assert.equal(refused.error, 'ECONNREFUSED');
  const late = await createApiClient(baseUrl, { throwOnNetworkError: false, timeoutMs: 5000 }).call(
    'GET',
    '/hang',
    { timeoutMs: 100 },
  );
  assert.equal(late.status, 0);
  assert.equal(late.error, 'TimeoutError');
  await assert.rejects(never.expectOk('GET', '/'), /GET \/ answered 0: "ECONNREFUSED"/);
});

test('signUp registers <tag>-<uuid>@example.com', async () => {
  const api = createApiClient(baseUrl);
  // The echo server answers the request itself: no token, but the call went where it should.
  const customer = await api.signUp({ tag: 'unit', name: 'Unit', password: 'pw-1' });
  assert.match(customer.email, /^unit-[0-9a-f-]{36}@example\.com$/);
  assert.equal(customer.password, 'pw-1');
});

test('pool keeps order and width; percentile is nearest rank; carts are distinct', async () => {
  let inFlight = 0;
  let most = 0;
  const tasks = Array.from({ length: 9 }, (_, i) => async () => {
    inFlight += 1;
    most = Math.max(most, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 5));
    inFlight -= 1;
    return i;
  });
  assert.deepEqual(await pool(tasks, 3), [0, 1, 2, 3, 4, 5, 6, 7, 8]);
  assert.equal(most, 3);
  assert.deepEqual(await pool([], 4), []);
  const sorted = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  assert.equal(percentile(sorted, 0.5), 5);
  assert.equal(percentile(sorted, 0.99), 10);
  assert.equal(percentile(sorted, 0), 1);
  const packages = ['p1', 'p2', 'p3', 'p4', 'p5'].map((id) => ({ id }));
  const carts = Array.from({ length: 60 }, (_, i) => JSON.stringify(cartFor(i, packages)));
  assert.equal(new Set(carts).size, 60);
  assert.deepEqual(cartFor(0, packages), { items: [{ packageId: 'p1', quantity: 1 }] });
  assert.ok(carts.every((cart) => !cart.includes('p5')));
});
