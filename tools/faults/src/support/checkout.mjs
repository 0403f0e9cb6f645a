// A stack a case can check out against: its own PostgreSQL (and NATS, unless `nats: false`), the fake
// Stripe API of libs/testing in this process on a free loopback port, and ./stack.mjs's services with
// commerce pointed at the fake and one address allowed many sign-ups. The scope undoes all of it.
import { startFakeStripe } from '@portal/toolkit/stack';
import { apiClient } from './api.mjs';
import { startNats } from './nats.mjs';
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
