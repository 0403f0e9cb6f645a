// A signed-in customer reads the catalog and checks a cart out to a Stripe payment intent (the step
// before the card form). Point it at a stack whose STRIPE_SECRET_KEY is a Stripe *test* key.
// `k6 run -e BASE_URL=… deploy/load/checkout.js`
import http from 'k6/http';
import { check } from 'k6';
import { baseUrl, optionsFor, postJson, signUp } from './lib.js';

export const options = optionsFor('checkout');

export function setup() {
  return { token: signUp('checkout').token };
}

export default function checkout({ token }) {
  const catalog = http.get(`${baseUrl}/api/packages`, { tags: { name: 'GET /api/packages' } });
  check(catalog, { 'catalog 200': (r) => r.status === 200 });
  const packages = catalog.json();
  const chosen = packages[(__VU + __ITER) % packages.length];
  const intent = postJson(
    '/api/create-payment-intent',
    { items: [{ packageId: chosen.id, quantity: 1 + (__ITER % 3) }] },
    token,
    { 'Idempotency-Key': `k6-${__VU}-${__ITER}-${Date.now()}` },
  );
  check(intent, {
    'payment intent 201 with a client secret': (r) => r.status === 201 && Boolean(r.json('clientSecret')),
  });
}
