// Issue 7, fault 1: commerce killed with SIGKILL in the middle of 200 checkouts (POST
// /api/create-payment-intent through the gateway, against the fake Stripe API), then started again.
// Every checkout is a customer who retries with the same Idempotency-Key after a failure, with backoff.
// Every order a 2xx named is in the database, each order has exactly one `portal.orders.created` in
// the JetStream stream of this case's own nats-server, and commerce serves again after its restart.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { cartFor, pool } from '@portal/toolkit/api-client';
import { assertEachOrderPublishedOnce, checkoutCustomers, startCheckoutStack } from './support/checkout.mjs';
import { Scope } from './support/scope.mjs';
import { databasePrefix } from './support/stack.mjs';
import { sleep } from '@portal/toolkit/wait';

const checkouts = 200;
const inFlight = 10;
const customers = 20;
// commerce is killed once this many checkouts have succeeded (the others still in flight).
const killAfter = 60;
// A customer's retries: 0.25 s, 0.5 s, 1 s, 2 s, then every 4 s; 8 attempts (about 20 s) at most.
const maxAttempts = 8;
const backoffMs = (attempt) => Math.min(4000, 250 * 2 ** (attempt - 1));

const scope = new Scope();
let postgres;
let nats;
let stack;
let api;
let packages;
let tokens;

before(async () => {
  ({ postgres, nats, stack, api } = await startCheckoutStack(scope));
  ({ packages, tokens } = await checkoutCustomers(api, customers));
});

after(() => scope.close());

const ok = (status) => status >= 200 && status < 300;

test('kill -9 of commerce during 200 checkouts: every 2xx order is stored once and published once', async (t) => {
  const commerce = stack.processes.commerce;
  const answers = [];
  let succeeded = 0;
  /** @type {number | undefined} */
  let killedAt;
  /** @type {Promise<number> | undefined} */
  let restarted;

  const kill = () => {
    killedAt = Date.now();
    assert.ok(commerce.signal('SIGKILL'), 'commerce was running');
    restarted = commerce.exited.then(() => stack.restart('commerce')).then(() => Date.now());
  };

  const checkout = async (i) => {
    const key = `faults-kill-${i}`;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const answer = await api.call('POST', '/api/create-payment-intent', {
        token: tokens[i % customers],
        body: cartFor(i, packages),
        headers: { 'idempotency-key': key },
      });
      answers.push({ i, key, attempt, status: answer.status, body: answer.body, at: Date.now() });
      if (ok(answer.status)) {
        succeeded += 1;
        if (succeeded === killAfter) kill();
        return;
      }
      await sleep(backoffMs(attempt));
    }
  };
  await pool(
    Array.from({ length: checkouts }, (_, i) => () => checkout(i)),
    inFlight,
  );
  assert.ok(killedAt && restarted, 'commerce was killed during the checkouts');
  const restartedAt = await restarted;

  const failed = answers.filter((answer) => !ok(answer.status));
  t.diagnostic(
    `${answers.length} calls for ${checkouts} checkouts; ${failed.length} failed while commerce was down ` +
      `(back ${restartedAt - killedAt} ms after the kill)`,
  );
  assert.ok(failed.length > 0, 'some checkouts met the dead commerce');
  // The gateway's word for a dead service, never a hang, a 500 or a dropped connection.
  for (const answer of failed) {
    assert.equal(answer.status, 503, JSON.stringify(answer));
    assert.deepEqual(answer.body, { statusCode: 503, message: 'Service commerce is unavailable' });
  }

  // Every customer got through in the end, and the restarted commerce served many of them.
  const finalAnswers = new Map(
    answers.filter((answer) => ok(answer.status)).map((answer) => [answer.key, answer]),
  );
  assert.equal(finalAnswers.size, checkouts, 'every checkout succeeded, retried after the restart');
  assert.ok(
    answers.some((answer) => ok(answer.status) && answer.at > restartedAt),
    'commerce serves again',
  );

  // The database: one order per Idempotency-Key, and it is the one every 2xx for that key named.
  const database = `${databasePrefix}_commerce`;
  const orders = await postgres.query('SELECT id, idempotency_key FROM orders', [], database);
  const orderByKey = new Map(orders.map((order) => [order.idempotency_key, order.id]));
  assert.equal(orders.length, checkouts, 'one order per checkout, none twice');
  for (const answer of answers.filter((a) => ok(a.status))) {
    assert.equal(answer.body.orderId, orderByKey.get(answer.key), `order of ${answer.key} is stored`);
  }

  // The stream: once the outbox is drained, exactly one portal.orders.created per order.
  await assertEachOrderPublishedOnce({ postgres, nats, database, orders });
});
