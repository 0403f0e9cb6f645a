// Issue 21: commerce runs as two replicas behind the gateway (COMMERCE_URLS, ADR 0213) and one of them
// is killed with SIGKILL in the middle of 200 checkouts (POST /api/create-payment-intent with the
// Idempotency-Key the checkout page sends, against the fake Stripe API). No customer retries: the
// gateway sends a checkout whose connection died to the other replica, so every one succeeds on its
// first call, each is one order in the database and one `portal.orders.created` on the stream.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { cartFor, pool } from '@portal/toolkit/api-client';
import { assertEachOrderPublishedOnce, checkoutCustomers, startCheckoutStack } from './support/checkout.mjs';
import { Scope } from './support/scope.mjs';
import { databasePrefix } from './support/stack.mjs';

const checkouts = 200;
const inFlight = 10;
const customers = 20;
// The second replica is killed once this many checkouts have succeeded (others still in flight).
const killAfter = 60;

const scope = new Scope();
let postgres;
let nats;
let stack;
let api;
let packages;
let tokens;

before(async () => {
  ({ postgres, nats, stack, api } = await startCheckoutStack(scope, { replicas: { commerce: 2 } }));
  ({ packages, tokens } = await checkoutCustomers(api, customers));
});

after(() => scope.close());

const ok = (status) => status >= 200 && status < 300;

test('kill -9 of one of two commerce replicas during 200 checkouts: every checkout succeeds, once', async (t) => {
  const victim = stack.processes['commerce-2'];
  const answers = [];
  let succeeded = 0;
  let killedAt;

  const checkout = async (i) => {
    const key = `faults-replica-${i}`;
    const answer = await api.call('POST', '/api/create-payment-intent', {
      token: tokens[i % customers],
      body: cartFor(i, packages),
      headers: { 'idempotency-key': key },
    });
    answers.push({ i, key, status: answer.status, body: answer.body, at: Date.now() });
    if (ok(answer.status) && ++succeeded === killAfter) {
      killedAt = Date.now();
      assert.ok(victim.signal('SIGKILL'), 'commerce-2 was running');
    }
  };
  await pool(
    Array.from({ length: checkouts }, (_, i) => () => checkout(i)),
    inFlight,
  );
  assert.ok(killedAt, 'commerce-2 was killed during the checkouts');
  await victim.exited;

  const failed = answers.filter((answer) => !ok(answer.status));
  t.diagnostic(
    `${answers.length} checkouts, ${failed.length} failed; ` +
      `${answers.filter((answer) => answer.at > killedAt).length} answered after the kill`,
  );
  assert.deepEqual(failed, [], 'no checkout failed');
  assert.equal(answers.length, checkouts);
  assert.ok(
    answers.filter((answer) => answer.at > killedAt).length >= 100,
    'most checkouts came after the kill',
  );
  // The gateway saw the replica die (a refused or dropped connection) and took it out of its turn.
  assert.match(
    stack.processes.gateway.output(),
    new RegExp(
      `commerce at http://127\\.0\\.0\\.1:\\d+ is ejected \\((ECONNREFUSED|ECONNRESET|UND_ERR_SOCKET)`,
    ),
  );

  // The database: one order per Idempotency-Key, the one its answer named.
  const database = `${databasePrefix}_commerce`;
  const orders = await postgres.query('SELECT id, idempotency_key FROM orders', [], database);
  const orderByKey = new Map(orders.map((order) => [order.idempotency_key, order.id]));
  assert.equal(orders.length, checkouts, 'one order per checkout, none twice');
  for (const answer of answers) {
    assert.equal(answer.body.orderId, orderByKey.get(answer.key), `order of ${answer.key} is stored`);
  }

  // The stream: once the outbox is drained (the live replica relays what the dead one left), exactly
  // one portal.orders.created per order.
  await assertEachOrderPublishedOnce({ postgres, nats, database, orders });
});
