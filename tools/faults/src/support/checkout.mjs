// A stack a case can check out against: its own PostgreSQL (and NATS, unless `nats: false`), the fake
// Stripe API of libs/testing in this process on a free loopback port, and ./stack.mjs's services with
// commerce pointed at the fake and one address allowed many sign-ups. The scope undoes all of it.
import assert from 'node:assert/strict';
import { startFakeStripe } from '@portal/toolkit/stack';
import { waitFor } from '@portal/toolkit/wait';
import { apiClient } from './api.mjs';
import { readSubject, startNats } from './nats.mjs';
import { startPostgres } from './postgres.mjs';
import { startStack } from './stack.mjs';

/**
 * Answers { postgres, nats, stack, api } (`api`: a client of the gateway); `replicas` as startStack's,
 * `env` added to every process.
 */
export async function startCheckoutStack(scope, { nats: withNats = true, replicas = {}, env = {} } = {}) {
  const postgres = await startPostgres(scope);
  const nats = withNats ? await startNats(scope) : undefined;
  const fake = await startFakeStripe({ port: 0, host: '127.0.0.1' });
  scope.defer(() => fake.close());
  const stack = await startStack(scope, {
    postgres,
    nats,
    replicas,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_faults',
      STRIPE_WEBHOOK_SECRET: 'whsec_faults',
      STRIPE_API_URL: fake.url,
      AUTH_REGISTER_LIMIT_PER_HOUR: '100000',
      ...env,
    },
  });
  return { postgres, nats, stack, api: apiClient(stack.url) };
}

/** The catalog and `count` new customers' tokens (signed up five at a time): what a checkout case loads. */
export async function checkoutCustomers(api, count) {
  const packages = await api.expectOk('GET', '/api/packages');
  const tokens = [];
  for (let i = 0; i < count; i += 5)
    tokens.push(...(await Promise.all([0, 1, 2, 3, 4].map(() => api.signUp()))));
  return { packages, tokens };
}

/**
 * Once commerce's outbox (in `database`) is drained, the stream holds exactly one
 * `portal.orders.created` per order of `orders`, and none for an order that is not stored.
 */
export async function assertEachOrderPublishedOnce({ postgres, nats, database, orders }) {
  await waitFor(
    async () =>
      (
        await postgres.query('SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL', [], database)
      )[0].n === 0,
    { timeoutMs: 15_000, what: "commerce's outbox drained" },
  );
  const events = await readSubject(nats.url, 'portal.orders.created');
  const published = new Map();
  for (const event of events) published.set(event.data.orderId, (published.get(event.data.orderId) ?? 0) + 1);
  for (const order of orders)
    assert.equal(published.get(order.id), 1, `one portal.orders.created for ${order.id}`);
  assert.equal(events.length, orders.length, 'no event for an order that is not stored');
}
