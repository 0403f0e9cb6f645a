// Issue 7, fault 4: an upstream that hangs. commerce is paused with SIGSTOP (it keeps its port and
// connections, the kernel even accepts new ones, but nothing answers): the gateway must answer 504
// within the route's deadline + 100 ms (700 ms by default, 15 s for checkout, see the gateway's route
// table), keep serving the other services meanwhile, and pass commerce's answers again after SIGCONT.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { pool } from '@portal/toolkit/api-client';
import { startCheckoutStack } from './support/checkout.mjs';
import { Scope } from './support/scope.mjs';

// The gateway's deadlines (gateway/src/config/env.ts UPSTREAM_TIMEOUT_MS, gateway/src/routes/route-table.ts).
const defaultDeadlineMs = 700;
const checkoutDeadlineMs = 15_000;
const slackMs = 100;

const scope = new Scope();
let stack;
let api;
let token;
let packages;

before(async () => {
  ({ stack, api } = await startCheckoutStack(scope, { nats: false }));
  token = await api.signUp();
  packages = await api.expectOk('GET', '/api/packages');
  // Warm connections and code paths, so the timings below are the deadline's and not a cold start's.
  await pool(
    Array.from({ length: 10 }, () => () => api.call('GET', '/api/user/orders', { token })),
    5,
  );
});

after(() => scope.close());

test('a paused service gets 504 within its deadline + 100 ms; the others keep answering; it serves after SIGCONT', async (t) => {
  const commerce = stack.processes.commerce;
  assert.ok(commerce.signal('SIGSTOP'));
  t.after(() => commerce.signal('SIGCONT'));

  // Checkout has its own 15 s deadline (Stripe): one runs alongside the rest of the case.
  const checkout = api.call('POST', '/api/create-payment-intent', {
    token,
    body: { items: [{ packageId: packages[0].id, quantity: 1 }] },
    headers: { 'idempotency-key': 'faults-paused-checkout' },
  });

  // 20 calls to commerce's 700 ms routes, 10 at a time, beside calls to identity. (The catalog is
  // answered from the gateway's copy for up to 1 s after commerce confirmed it: checked below.)
  const calls = Array.from({ length: 20 }, (_, i) =>
    i % 2 === 0
      ? () => api.call('GET', '/api/user/orders/page', { token })
      : () => api.call('GET', '/api/user/orders', { token }),
  );
  const [hung, others] = await Promise.all([
    pool(calls, 10),
    pool(
      Array.from({ length: 10 }, () => () => api.call('GET', '/api/auth/me', { token })),
      2,
    ),
  ]);
  const slowest = Math.max(...hung.map((answer) => answer.ms));
  t.diagnostic(
    `20 calls to the paused commerce: 504 in ${Math.min(...hung.map((a) => a.ms)).toFixed(0)}–${slowest.toFixed(0)} ms`,
  );
  for (const answer of hung) {
    assert.equal(answer.status, 504, JSON.stringify(answer));
    assert.deepEqual(answer.body, { statusCode: 504, message: 'Service commerce did not answer in time' });
    assert.ok(answer.ms >= defaultDeadlineMs - 5, `not before the deadline: ${answer.ms} ms`);
  }
  assert.ok(slowest <= defaultDeadlineMs + slackMs, `slowest 504 after ${slowest.toFixed(0)} ms`);

  // The catalog: its copy is more than 1 s old by now, so it is asked of commerce again, and the
  // paused commerce gets the same 504 at the same deadline (ADR 0217): never an old price.
  const stale = await api.call('GET', '/api/packages');
  assert.equal(stale.status, 504, JSON.stringify(stale));
  assert.deepEqual(stale.body, { statusCode: 504, message: 'Service commerce did not answer in time' });
  assert.ok(stale.ms <= defaultDeadlineMs + slackMs, `catalog 504 after ${stale.ms.toFixed(0)} ms`);

  // identity is unaffected: no queueing behind the paused service.
  for (const answer of others) assert.equal(answer.status, 200, JSON.stringify(answer));
  const slowestOther = Math.max(...others.map((answer) => answer.ms));
  assert.ok(slowestOther < defaultDeadlineMs, `identity answered within ${slowestOther.toFixed(0)} ms`);

  // Readiness names the paused service, and the gateway stays ready: only commerce's routes fail (ADR 0209).
  const ready = await api.call('GET', '/api/readyz');
  assert.equal(ready.status, 200);
  assert.equal(ready.body.status, 'degraded');
  assert.equal(ready.body.checks.commerce.status, 'down');
  assert.equal(ready.body.checks.identity.status, 'up');

  const paid = await checkout;
  t.diagnostic(`checkout to the paused commerce: ${paid.status} after ${paid.ms.toFixed(0)} ms`);
  assert.equal(paid.status, 504, JSON.stringify(paid));
  assert.ok(paid.ms >= checkoutDeadlineMs - 5 && paid.ms <= checkoutDeadlineMs + slackMs, `${paid.ms} ms`);

  // Resumed, commerce answers again, including the checkout retried with its Idempotency-Key: the
  // order it made while paused (or a new one, if the paused process had not got that far) comes back.
  commerce.signal('SIGCONT');
  const catalog = await api.call('GET', '/api/packages');
  assert.equal(catalog.status, 200);
  const retried = await api.call('POST', '/api/create-payment-intent', {
    token,
    body: { items: [{ packageId: packages[0].id, quantity: 1 }] },
    headers: { 'idempotency-key': 'faults-paused-checkout' },
  });
  assert.ok([200, 201].includes(retried.status), JSON.stringify(retried));
  t.diagnostic(
    `after SIGCONT: catalog ${catalog.ms.toFixed(0)} ms, retried checkout ${retried.status} in ${retried.ms.toFixed(0)} ms`,
  );
  const orders = await api.expectOk('GET', '/api/user/orders', { token });
  assert.equal(orders.length, 1, 'one order for the one Idempotency-Key');
  assert.equal(orders[0].id, retried.body.orderId);
});
