// Issue 21, graceful shutdown (ADR 0214): one of two commerce replicas gets SIGTERM, as Kubernetes
// sends it in a rolling update, in the middle of 200 checkouts and catalog reads through the gateway.
// Half of the checkouts carry no Idempotency-Key, so the gateway may not resend them: they succeed only
// if no request reaches the stopping replica after its listener closed. It fails readiness at once, the
// gateway's health check ejects it, it serves SHUTDOWN_DRAIN_MS more, finishes what it holds, exits 0.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { cartFor, pool } from '@portal/toolkit/api-client';
import { checkoutCustomers, startCheckoutStack } from './support/checkout.mjs';
import { Scope } from './support/scope.mjs';
import { databasePrefix } from './support/stack.mjs';

const requests = 400;
const inFlight = 10;
const customers = 20;
// The second replica gets SIGTERM once this many requests have succeeded (others still in flight).
const signalAfter = 100;
// Longer than the gateway's health-check period (UPSTREAM_HEALTH_INTERVAL_MS, 1 s by default).
const drainMs = 2500;
const graceMs = 10_000;

const scope = new Scope();
let postgres;
let stack;
let api;
let packages;
let tokens;

before(async () => {
  ({ postgres, stack, api } = await startCheckoutStack(scope, {
    replicas: { commerce: 2 },
    env: { SHUTDOWN_DRAIN_MS: String(drainMs) },
  }));
  ({ packages, tokens } = await checkoutCustomers(api, customers));
});

after(() => scope.close());

const ok = (status) => status >= 200 && status < 300;

test('SIGTERM to one of two commerce replicas under load: no request fails, it exits 0 in time', async (t) => {
  const victim = stack.processes['commerce-2'];
  const answers = [];
  let succeeded = 0;
  let signalledAt;

  // Even requests are checkouts (every other one without an Idempotency-Key), odd ones catalog reads.
  const send = async (i) => {
    const answer =
      i % 2 === 1
        ? await api.call('GET', '/api/packages')
        : await api.call('POST', '/api/create-payment-intent', {
            token: tokens[i % customers],
            body: cartFor(i, packages),
            headers: i % 4 === 0 ? { 'idempotency-key': `faults-sigterm-${i}` } : {},
          });
    answers.push({ i, status: answer.status, body: answer.body, at: Date.now() });
    if (ok(answer.status) && ++succeeded === signalAfter) {
      signalledAt = Date.now();
      assert.ok(victim.signal('SIGTERM'), 'commerce-2 was running');
    }
  };
  await pool(
    Array.from({ length: requests }, (_, i) => () => send(i)),
    inFlight,
  );
  assert.ok(signalledAt, 'commerce-2 got SIGTERM during the load');
  const { code, signal } = await victim.exited;
  const stoppedMs = Date.now() - signalledAt;

  const failed = answers.filter((answer) => !ok(answer.status));
  const afterSignal = answers.filter((answer) => answer.at > signalledAt).length;
  t.diagnostic(
    `${answers.length} requests, ${failed.length} failed, ${afterSignal} answered after the signal; ` +
      `commerce-2 stopped ${stoppedMs} ms after it (code ${code}, signal ${signal})`,
  );
  assert.deepEqual(failed, [], 'no request failed');
  assert.equal(answers.length, requests);
  assert.ok(afterSignal >= 200, 'most requests came after the signal');
  assert.equal(code, 0, 'commerce-2 exited 0');
  assert.ok(stoppedMs < drainMs + graceMs, `commerce-2 stopped within drain + ${graceMs} ms`);
  // It stopped being ready at once, and the gateway took it out of its turn before it closed.
  assert.match(
    stack.processes.gateway.output(),
    /commerce at http:\/\/127\.0\.0\.1:\d+ is ejected \(\/readyz answered 503/,
  );

  const checkouts = answers.filter((answer) => answer.i % 2 === 0);
  const orders = await postgres.query('SELECT id FROM orders', [], `${databasePrefix}_commerce`);
  assert.equal(orders.length, checkouts.length, 'one order per checkout');
  const stored = new Set(orders.map((order) => order.id));
  for (const answer of checkouts)
    assert.ok(stored.has(answer.body.orderId), `order ${answer.body.orderId} is stored`);
});
