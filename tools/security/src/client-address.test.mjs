// Issue 14, findings 3, 8 and 11d, through the real stack: the client's address is the gateway's own
// view, so rotating X-Forwarded-For does not get past a per-address limit; public URLs come from
// PUBLIC_SITE_URL whatever X-Forwarded-Host/-Proto say; the services listen on loopback only; and
// readiness details are for the gateway's own machine. Its own stack keeps the contact limit low.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import { after, before, describe, test } from 'node:test';
import { apiClient, signUp } from './support/api.mjs';
import { ports, serviceNames, startSecurityStack } from './support/stack.mjs';

const contactLimit = 3;
const publicSiteUrl = `http://localhost:${ports.gateway}`;

let stack;
let gateway;

before(async () => {
  stack = await startSecurityStack({ env: { CONTACT_LIMIT_PER_10_MINUTES: String(contactLimit) } });
  gateway = apiClient(stack.url);
});
after(() => stack?.stop());

const contact = (n) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: `ada-${n}@example.com`,
  company: 'Engines',
  message: 'Call me',
});

describe('the client address', () => {
  test('a new X-Forwarded-For on every request does not get past the per-address contact limit', async () => {
    // Addresses of this run only; all requests come from 127.0.0.1, which earlier runs may have used up.
    const run = randomBytes(4).toString('hex');
    const statuses = [];
    for (let n = 1; n <= contactLimit + 3; n++) {
      const answer = await gateway.call('POST', '/api/contact', {
        body: contact(n),
        headers: {
          'x-forwarded-for': `2001:db8:${run.slice(0, 4)}:${run.slice(4)}::${n}`,
          'x-real-ip': `203.0.113.${n}`,
        },
      });
      statuses.push(answer.status);
    }
    const firstRefused = statuses.indexOf(429);
    assert.ok(
      firstRefused !== -1 && firstRefused <= contactLimit,
      `refused after at most ${contactLimit}: ${statuses}`,
    );
    assert.deepEqual(
      statuses.slice(firstRefused),
      Array(statuses.length - firstRefused).fill(429),
      `${statuses}`,
    );
  });
});

describe('public URLs', () => {
  test("an integration's inbound URL is on PUBLIC_SITE_URL, whatever host and scheme the request names", async () => {
    const customer = await signUp(gateway, 'forwarded-host');
    const forged = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'javascript' };
    const created = await gateway.expectStatus(201, 'POST', '/api/crm/integrations', {
      token: customer.token,
      headers: forged,
      body: { type: 'hubspot', name: 'Forwarded host', apiKey: 'pat-forwarded-host-1', webhookUrl: '' },
    });
    assert.equal(created.inboundUrl, `${publicSiteUrl}/api/crm/inbound/${created.id}`);
    const [listed] = await gateway.expectStatus(200, 'GET', '/api/crm/integrations', {
      token: customer.token,
      headers: forged,
    });
    assert.equal(listed.inboundUrl, created.inboundUrl);
  });
});

describe('the services', () => {
  const reachable = (host, port) =>
    new Promise((resolve) => {
      const socket = net.connect({ host, port, timeout: 2000 });
      const answer = (connected) => {
        socket.destroy();
        resolve(connected);
      };
      socket.once('connect', () => answer(true));
      socket.once('error', () => answer(false));
      socket.once('timeout', () => answer(false));
    });

  test("listen on 127.0.0.1 only: not on the machine's other addresses", async (t) => {
    const others = Object.values(os.networkInterfaces())
      .flat()
      .filter((each) => each !== undefined)
      .filter((each) => !each.internal)
      .map((each) => each.address.replace(/%.*$/, ''));
    if (others.length === 0) t.skip('this machine has no address but loopback');
    for (const name of serviceNames) {
      assert.equal(await reachable('127.0.0.1', ports[name]), true, `${name} on 127.0.0.1`);
      for (const address of others) {
        assert.equal(await reachable(address, ports[name]), false, `${name} answers on ${address}`);
      }
    }
  });
});

describe('readiness', () => {
  test('names the services to a caller on this machine, and only the status to one through a proxy', async () => {
    const local = await gateway.expectStatus(200, 'GET', '/api/readyz');
    assert.deepEqual(Object.keys(local.checks).sort(), [...serviceNames, 'nats', 'postgres'].sort());
    const proxied = await gateway.call('GET', '/api/readyz', {
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    assert.equal(proxied.status, 200);
    assert.deepEqual(proxied.body, { status: 'ok' });
  });
});
