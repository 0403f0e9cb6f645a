#!/usr/bin/env node
// Budget of checkout (issues 5 and 25), through the gateway of a running stack: 200 POST
// /api/create-payment-intent for distinct carts, 20 at a time, each with its own Idempotency-Key.
// Budget: no error, no duplicate order, p99 <= 300 ms. Then a retried call (same cart, same key, also 10
// at once) must make no order. Then Stripe fails the first creation of some carts (the fake's
// `POST /_fake/fail-next`, a 500 saved under the attempt's key as Stripe does): each such cart answers
// 502, and its retry (same cart, same key, as the page retries) must get a PaymentIntent made by a second
// attempt; no order may be left pending without a PaymentIntent.
//
//   node tools/bench/payment-intents.mjs [gateway-url] [--calls 200] [--concurrency 20] [--users 20]
//        [--failing 10] [--fake-stripe-port 12111 | --no-fake-stripe [--fake-stripe-url URL]]
//
// Commerce must point its Stripe SDK at a fake Stripe API (STRIPE_API_URL=http://127.0.0.1:<port>, any
// STRIPE_SECRET_KEY=sk_test_…): this script starts one on --fake-stripe-port (built libs/testing),
// sending its webhooks to the gateway signed with STRIPE_WEBHOOK_SECRET, unless --no-fake-stripe says one
// runs already (at --fake-stripe-url, default on --fake-stripe-port). The stack must accept many sign-ups
// from one address (AUTH_REGISTER_LIMIT_PER_HOUR); `npm run bench` sets both. Exit codes: 0 within
// budget, 1 over budget, 2 could not run.
import { parseArgs } from 'node:util';
import { cartFor, percentile, pool } from '@portal/toolkit/api-client';
import { apiClient } from './api-client.mjs';
import { startFakeStripe } from './fake-stripe.mjs';
import { reportResult } from './results.mjs';

export const paymentIntentP99BudgetMs = 300;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    calls: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '20' },
    users: { type: 'string', default: '20' },
    failing: { type: 'string', default: '10' },
    'fake-stripe-port': { type: 'string', default: process.env.FAKE_STRIPE_PORT ?? '12111' },
    'fake-stripe-url': { type: 'string' },
    'no-fake-stripe': { type: 'boolean', default: false },
  },
});
const baseUrl = (positionals[0] ?? process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
const runId = Date.now().toString(36);

const client = apiClient(baseUrl);
const { call } = client;

const signUp = async () => (await client.signUp('bench-pi')).token;

function startOwnFakeStripe() {
  if (values['no-fake-stripe']) return undefined;
  return startFakeStripe({
    port: values['fake-stripe-port'],
    gatewayUrl: baseUrl,
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET,
  });
}

/**
 * `POST|GET <fake>/_fake/…`: the fake Stripe API's test controls.
 * @param {string} fakeUrl
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<any>}
 */
async function fakeControl(fakeUrl, method, path, body) {
  const response = await fetch(`${fakeUrl}/_fake/${path}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} /_fake/${path} answered ${response.status}`);
  return response.json();
}

/**
 * `failing` carts of their own, `concurrency` at a time, while Stripe fails the first `failing` / 2
 * PaymentIntent creations; each cart that answered 502 is retried once with the same key. Every cart must
 * end with a client secret, the retried ones from a second attempt (the PaymentIntent's
 * `metadata.attempt`), and the owners must list no order without one.
 */
async function firstAttemptFails({ fakeUrl, packages, failing, concurrency }) {
  const failures = Math.ceil(failing / 2);
  const tokens = await Promise.all(Array.from({ length: Math.min(5, failing) }, () => signUp()));
  const carts = Array.from({ length: failing }, (_, i) => ({
    token: tokens[i % tokens.length],
    cart: cartFor(i, packages),
    key: `bench-${runId}-failing-${i}`,
  }));
  const checkout = (cart) =>
    call('POST', '/api/create-payment-intent', {
      body: cart.cart,
      token: cart.token,
      headers: { 'idempotency-key': cart.key },
    });
  await fakeControl(fakeUrl, 'POST', 'fail-next', { count: failures });
  const first = await pool(
    carts.map((cart) => () => checkout(cart)),
    concurrency,
  );
  const failed = carts.flatMap((cart, i) => (first[i].status === 502 ? [i] : []));
  const retried = await pool(
    failed.map((i) => () => checkout(carts[i])),
    concurrency,
  );
  const final = [...first];
  for (const [n, i] of failed.entries()) final[i] = retried[n];

  const unpaid = final.filter((answer) => answer.status >= 300 || !answer.body?.clientSecret);
  const secondAttempts = [];
  for (const [n, i] of failed.entries()) {
    const { orderId, clientSecret } = retried[n].body ?? {};
    if (!clientSecret) continue;
    const intentId = clientSecret.slice(0, clientSecret.indexOf('_secret_'));
    const intent = await fakeControl(fakeUrl, 'GET', `payment_intents/${intentId}`);
    if (intent.metadata?.orderId === orderId && intent.metadata?.attempt === '2') secondAttempts.push(i);
  }
  const answered = new Set(
    final.flatMap((answer) => (answer.body?.clientSecret ? [answer.body.orderId] : [])),
  );
  let withoutPaymentIntent = 0;
  let orders = 0;
  for (const token of tokens) {
    const listed = (await call('GET', '/api/user/orders', { token })).body;
    orders += listed.length;
    withoutPaymentIntent += listed.filter((order) => !answered.has(order.id)).length;
  }
  const ok =
    failed.length === failures &&
    unpaid.length === 0 &&
    secondAttempts.length === failed.length &&
    withoutPaymentIntent === 0 &&
    orders === failing;
  console.log(
    `  first creation failed by Stripe for ${failed.length} of ${failing} carts (502), retried with the same key: ` +
      `${failed.length - unpaid.length} paid by a second attempt (${secondAttempts.length} checked at Stripe), ` +
      `${orders} orders, ${withoutPaymentIntent} left without a PaymentIntent${ok ? '' : ' FAILED'}`,
  );
  for (const answer of unpaid.slice(0, 3))
    console.log(`    error: ${answer.status} ${JSON.stringify(answer.body)}`);
  return {
    carts: failing,
    failedFirst: failed.length,
    secondAttempts: secondAttempts.length,
    withoutPaymentIntent,
    ok,
  };
}

async function main() {
  const calls = Number(values.calls);
  const concurrency = Number(values.concurrency);
  const userCount = Number(values.users);
  const fake = await startOwnFakeStripe();
  const fakeUrl = fake?.url ?? values['fake-stripe-url'] ?? `http://127.0.0.1:${values['fake-stripe-port']}`;
  try {
    const catalog = await call('GET', '/api/packages');
    if (catalog.status !== 200 || catalog.body.length < 4)
      throw new Error(`GET /api/packages answered ${catalog.status}`);
    const packages = catalog.body.slice(0, 4);
    const tokens = [];
    for (let i = 0; i < userCount; i += 5) {
      tokens.push(...(await Promise.all(Array.from({ length: Math.min(5, userCount - i) }, () => signUp()))));
    }

    // Warm-up: one user of its own, so the counts below are exact.
    const warmUpToken = await signUp();
    await pool(
      Array.from(
        { length: concurrency },
        (_, i) => () =>
          call('POST', '/api/create-payment-intent', { body: cartFor(i, packages), token: warmUpToken }),
      ),
      concurrency,
    );

    const requests = Array.from({ length: calls }, (_, i) => ({
      token: tokens[i % tokens.length],
      user: i % tokens.length,
      cart: cartFor(i, packages),
      key: `bench-${runId}-${i}`,
    }));
    const answers = await pool(
      requests.map(
        (request) => () =>
          call('POST', '/api/create-payment-intent', {
            body: request.cart,
            token: request.token,
            headers: { 'idempotency-key': request.key },
          }),
      ),
      concurrency,
    );

    const errors = answers.filter((answer) => answer.status !== 201 || !answer.body?.clientSecret);
    const latencies = answers.map((answer) => answer.ms).sort((a, b) => a - b);
    const p50 = percentile(latencies, 0.5);
    const p99 = percentile(latencies, 0.99);
    console.log(
      `  ${calls} calls, ${concurrency} at a time, ${userCount} users: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, ` +
        `max ${latencies.at(-1).toFixed(1)} ms, ${errors.length} errors`,
    );
    for (const error of errors.slice(0, 3))
      console.log(`    error: ${error.status} ${JSON.stringify(error.body)}`);

    // Every successful call made exactly one order, and each user sees exactly theirs.
    const orderIds = new Set(answers.map((answer) => answer.body?.orderId).filter(Boolean));
    let listed = 0;
    let duplicates = calls - errors.length - orderIds.size;
    for (const [user, token] of tokens.entries()) {
      const orders = await call('GET', '/api/user/orders', { token });
      const expected = requests.filter(
        (request, i) => request.user === user && answers[i].status === 201,
      ).length;
      listed += orders.body.length;
      if (orders.body.length !== expected) duplicates += Math.abs(orders.body.length - expected);
      if (orders.body.some((order) => !orderIds.has(order.id))) duplicates += 1;
    }
    console.log(
      `  orders: ${orderIds.size} distinct ids answered, ${listed} listed by their owners, ${duplicates} duplicates`,
    );

    // A retried call (same cart, same key), alone and 10 at once, answers the first order and makes none.
    const first = requests[0];
    const retry = () =>
      call('POST', '/api/create-payment-intent', {
        body: first.cart,
        token: first.token,
        headers: { 'idempotency-key': first.key },
      });
    const before = (await call('GET', '/api/user/orders', { token: first.token })).body.length;
    const retries = [await retry(), ...(await Promise.all(Array.from({ length: 10 }, retry)))];
    const after = (await call('GET', '/api/user/orders', { token: first.token })).body.length;
    const retryOk =
      retries.every((answer) => answer.status === 200 && answer.body.orderId === answers[0].body?.orderId) &&
      retries.every((answer) => answer.body.clientSecret === answers[0].body?.clientSecret) &&
      after === before;
    console.log(
      `  retry with the same cart and Idempotency-Key (1 + 10 at once): ${retryOk ? 'same order and client secret, no new order' : `FAILED (${before} -> ${after} orders)`}`,
    );

    const afterFailure = await firstAttemptFails({
      fakeUrl,
      packages,
      failing: Number(values.failing),
      concurrency,
    });

    const over = [];
    if (errors.length > 0) over.push('errors');
    if (duplicates > 0 || !retryOk) over.push('duplicate orders');
    if (!afterFailure.ok) over.push('orders left without a PaymentIntent after a Stripe 500');
    if (p99 > paymentIntentP99BudgetMs) over.push(`p99 over ${paymentIntentP99BudgetMs} ms`);
    console.log(over.length ? `  over budget: ${over.join(', ')}` : '  within budget');
    reportResult({
      calls,
      concurrency,
      p50Ms: p50,
      p99Ms: p99,
      errors: errors.length,
      duplicates,
      retryOk,
      afterFailure,
      withinBudget: over.length === 0,
    });
    process.exitCode = over.length ? 1 : 0;
  } finally {
    await fake?.close();
  }
}

main().catch((error) => {
  console.error(`payment-intents benchmark could not run: ${error.message}`);
  process.exitCode = 2;
});
