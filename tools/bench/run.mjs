// `npm run bench`: every budget of the foundation, measured on this machine, one after the other.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { rootDir, startStack } from './stack.mjs';
import { firstVisitBudgetBytes, measureFirstVisitJs } from './first-visit-js.mjs';
import { lighthouseBudgets, measureLighthouse, printLighthouse } from './lighthouse.mjs';
import { measureStartup, startupBudgetMs } from './startup-time.mjs';

const failures = [];

console.log('== npm start from a built tree to "Portal ready" (budget 20 s)');
for (const [i, r] of (await measureStartup()).entries()) {
  console.log(
    `  start ${i + 1}: ${(r.readyMs / 1000).toFixed(1)} s; stopped by Ctrl-C in ${(r.stopMs / 1000).toFixed(1)} s`,
  );
  if (r.readyMs > startupBudgetMs) failures.push('startup time');
}

// Checkout calls a fake Stripe API, which payment-intents.mjs starts on this port once the stack is up.
const fakeStripePort = '13190';
const stripeWebhookSecret = 'whsec_benchportal';

const stack = await startStack({
  env: {
    GATEWAY_PORT: '18180',
    IDENTITY_PORT: '13181',
    COMMERCE_PORT: '13182',
    CRM_PORT: '13183',
    SUPPORT_PORT: '13184',
    KPI_PORT: '13185',
    // No demo customer, and no demo dialer posting in the background while things are measured.
    SEED_DEMO_DATA: 'false',
    STRIPE_SECRET_KEY: 'sk_test_benchportal',
    STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
    STRIPE_API_URL: `http://127.0.0.1:${fakeStripePort}`,
    PORTAL_DB_PREFIX: 'bench_portal',
    // Prerendered pages name the site's address in their canonical links.
    PUBLIC_SITE_URL: 'http://localhost:18180',
    // Every benchmark user signs up from this one address.
    AUTH_REGISTER_LIMIT_PER_HOUR: '100000',
  },
});
try {
  console.log('== JavaScript of a first visit to / (budget 200 kB gzipped)');
  const js = await measureFirstVisitJs(stack.url);
  console.log(
    `  ${(js.gzipBytes / 1024).toFixed(1)} kB gzip -9, ${(js.wireBytes / 1024).toFixed(1)} kB on the wire, ${js.files.length} files`,
  );
  if (js.gzipBytes > firstVisitBudgetBytes) failures.push('first-visit JavaScript');

  const budgets = Object.entries(lighthouseBudgets).map(([category, budget]) => `${category} ≥ ${budget}`);
  console.log(`== Lighthouse on /, /pricing, /blog, mobile, median of 3 runs (${budgets.join(', ')})`);
  if (!printLighthouse(await measureLighthouse(stack.url))) failures.push('Lighthouse');

  console.log('== gateway overhead against nginx (p99 ≤ 1.5× nginx, rps ≥ 0.7× nginx)');
  const overhead = spawnSync(process.execPath, [path.join(rootDir, 'tools/bench/gateway-overhead.mjs')], {
    stdio: 'inherit',
    env: { ...process.env, IDENTITY_URL: 'http://127.0.0.1:13181' },
  });
  if (overhead.status !== 0) failures.push('gateway overhead');

  console.log('== GET /api/auth/me through the gateway (p99 ≤ 50 ms at 50 connections; off-loop hashing)');
  const me = spawnSync(process.execPath, [path.join(rootDir, 'tools/bench/auth-me.mjs'), stack.url], {
    stdio: 'inherit',
  });
  if (me.status !== 0) failures.push('auth me');

  console.log(
    '== POST /api/create-payment-intent through the gateway (200 carts, 20 at a time: p99 ≤ 300 ms, no error, no duplicate)',
  );
  const checkout = spawnSync(
    process.execPath,
    [path.join(rootDir, 'tools/bench/payment-intents.mjs'), stack.url, '--fake-stripe-port', fakeStripePort],
    { stdio: 'inherit', env: { ...process.env, STRIPE_WEBHOOK_SECRET: stripeWebhookSecret } },
  );
  if (checkout.status !== 0) failures.push('payment intents');

  console.log('== a dialer event to the open dashboard through the gateway (p95 ≤ 1 s)');
  const live = spawnSync(process.execPath, [path.join(rootDir, 'tools/bench/live-metrics.mjs'), stack.url], {
    stdio: 'inherit',
  });
  if (live.status !== 0) failures.push('live metrics');
} finally {
  await stack.stop();
}

console.log(failures.length === 0 ? 'all budgets met' : `over budget: ${failures.join(', ')}`);
process.exitCode = failures.length === 0 ? 0 : 1;
