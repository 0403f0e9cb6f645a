// Issue 7, fault 2: NATS stopped for 30 s under load. Checkouts (each writes an order and its
// `portal.orders.created` in one transaction) keep succeeding while this case's nats-server is down;
// the events wait in commerce's outbox; once NATS is back every one of them reaches the stream, once:
// count in (orders, outbox rows) = count out (messages in the stream).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { cartFor } from '@portal/toolkit/api-client';
import { startCheckoutStack } from './support/checkout.mjs';
import { readSubject, streamCounts } from './support/nats.mjs';
import { Scope } from './support/scope.mjs';
import { databasePrefix } from './support/stack.mjs';
import { sleep, waitFor } from '@portal/toolkit/wait';

const outageMs = 30_000;
// Load: this many customers, each checking out one cart after another with this pause.
const customers = 4;
const pauseMs = 150;
// Once NATS is back, the outbox must be empty within this time.
const deliveryBudgetMs = 10_000;

const scope = new Scope();
let postgres;
let nats;
let api;
let packages;
let tokens;

before(async () => {
  ({ postgres, nats, api } = await startCheckoutStack(scope));
  packages = await api.expectOk('GET', '/api/packages');
  tokens = await Promise.all(Array.from({ length: customers }, () => api.signUp()));
});

after(() => scope.close());

const commerceDb = `${databasePrefix}_commerce`;
const unpublished = async () =>
  (
    await postgres.query('SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL', [], commerceDb)
  )[0].n;

test('NATS down for 30 s under load: writes succeed, the outbox keeps the events, all are delivered once after', async (t) => {
  const answers = [];
  let running = true;
  let n = 0;
  const customer = async (token) => {
    // Bounded: the load stops when the case says so, and at the latest after 2 000 checkouts.
    while (running && n < 2000) {
      const i = n++;
      const answer = await api.call('POST', '/api/create-payment-intent', {
        token,
        body: cartFor(i, packages),
      });
      answers.push({ ...answer, at: Date.now() });
      await sleep(pauseMs);
    }
  };
  const load = Promise.all(tokens.map(customer));

  try {
    await sleep(2000);
    await nats.stop();
    const stoppedAt = Date.now();
    await sleep(outageMs);
    // Events made during the outage are waiting in the outbox. Only checkouts sent once NATS was
    // down count: one in flight as it stopped may have committed and published before (CI saw 702
    // answered after the stop and 701 waiting).
    const waiting = await unpublished();
    const madeDuringOutage = answers.filter((a) => a.at - a.ms > stoppedAt && a.status === 201).length;
    t.diagnostic(
      `after ${outageMs / 1000} s without NATS: ${madeDuringOutage} orders made, ${waiting} events waiting`,
    );
    assert.ok(madeDuringOutage > 50, 'checkouts went on during the outage');
    assert.ok(
      waiting >= madeDuringOutage,
      `the outbox holds the outage's ${madeDuringOutage} events (${waiting})`,
    );

    await nats.start();
    const backAt = Date.now();
    // With the load still going, the outbox must empty (new events go out as they commit).
    const drainedAt = await waitFor(async () => (await unpublished()) === 0 && Date.now(), {
      timeoutMs: deliveryBudgetMs + 20_000,
      intervalMs: 100,
      what: "commerce's outbox drained after NATS came back",
    });
    t.diagnostic(`outbox empty ${drainedAt - backAt} ms after NATS was back`);
    assert.ok(
      drainedAt - backAt <= deliveryBudgetMs,
      `delivered within ${deliveryBudgetMs} ms of NATS being back`,
    );
    await sleep(1000);
    running = false;
    await load;
    await waitFor(async () => (await unpublished()) === 0, {
      timeoutMs: 10_000,
      what: 'the last events published',
    });
  } finally {
    running = false;
    await load;
  }

  // Every write succeeded, and none was slowed down by the outage.
  const failed = answers.filter((answer) => answer.status !== 201);
  assert.deepEqual(failed.slice(0, 3), [], `${failed.length} of ${answers.length} checkouts failed`);
  const slowest = Math.max(...answers.map((answer) => answer.ms));
  t.diagnostic(`${answers.length} checkouts, slowest ${slowest.toFixed(0)} ms`);
  assert.ok(slowest < 2000, `slowest checkout ${slowest.toFixed(0)} ms`);

  // Count in = count out: each order once in the stream; and every outbox row of both services
  // (identity's: the customers' sign-ups) is one message of the stream.
  const outboxRows = async (name) =>
    (await postgres.query('SELECT count(*)::int AS n FROM outbox', [], `${databasePrefix}_${name}`))[0].n;
  await waitFor(
    async () =>
      (
        await postgres.query(
          'SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL',
          [],
          `${databasePrefix}_identity`,
        )
      )[0].n === 0,
    { timeoutMs: 30_000, what: "identity's outbox drained" },
  );
  // The gateway's status samples go to the stream directly, with no outbox (a sample NATS cannot take
  // is dropped, ADR 0235): they are not part of the count.
  const written = (await outboxRows('commerce')) + (await outboxRows('identity'));
  const counts = await streamCounts(nats.url);
  const samples = counts.subjects['portal.status.sampled'] ?? 0;
  t.diagnostic(
    `${written} events written, ${counts.messages} in the stream: ${JSON.stringify(counts.subjects)}`,
  );
  assert.equal(counts.messages - samples, written, 'count in = count out');

  const orders = await postgres.query('SELECT id FROM orders', [], commerceDb);
  assert.equal(orders.length, answers.length);
  const events = await readSubject(nats.url, 'portal.orders.created');
  const ids = events.map((event) => event.data.orderId);
  assert.equal(new Set(ids).size, ids.length, 'no order published twice');
  assert.deepEqual(new Set(ids), new Set(orders.map((order) => order.id)), 'every order published');
});
