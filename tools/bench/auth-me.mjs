#!/usr/bin/env node
// Budgets of the session endpoints (issue 3), through the gateway of a running stack:
//   1. GET /api/auth/me, 50 connections for 10 s: p99 <= 50 ms and no error.
//   2. Hashing stays off the event loop: during bursts of 20 concurrent logins, /api/auth/me keeps
//      answering; its p99 with and without the bursts is reported (budget: p99 <= 50 ms with them).
//
//   node tools/bench/auth-me.mjs [gateway-url] [--duration 10] [--connections 50]
//
// The stack must accept many sign-ups from one address (AUTH_REGISTER_LIMIT_PER_HOUR); `npm run bench` sets it.
// Exit codes: 0 within budget, 1 over budget, 2 could not run.
import autocannon from 'autocannon';
import { parseArgs } from 'node:util';
import { apiClient } from './api-client.mjs';
import { reportResult } from './results.mjs';

export const meP99BudgetMs = 50;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
  },
});
const baseUrl = (positionals[0] ?? process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');

const { expectOk } = apiClient(baseUrl);
const post = (path, body) => expectOk('POST', path, { body });

function loadMe(token, { duration, connections }) {
  return autocannon({
    url: `${baseUrl}/api/auth/me`,
    headers: { authorization: `Bearer ${token}` },
    duration,
    connections,
  });
}

const summary = (result) =>
  `${Math.round(result.requests.average)} rps, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
  `${result.errors} errors, ${result.non2xx} non-2xx, ${result.timeouts} timeouts`;

const failed = (result) => result.errors + result.non2xx + result.timeouts > 0;

/** Fires rounds of 20 concurrent logins until `until` resolves; answers how many logins ran. */
async function loginBursts(credentials, until) {
  let done = false;
  until.then(() => (done = true));
  let logins = 0;
  while (!done) {
    await Promise.all(Array.from({ length: 20 }, () => post('/api/auth/login', credentials)));
    logins += 20;
  }
  return logins;
}

async function main() {
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  const credentials = { email: `bench-${Date.now()}@example.com`, password: 'bench-password-1' };
  await post('/api/auth/register', { name: 'Bench User', ...credentials });
  const { token } = await post('/api/auth/login', credentials);

  await loadMe(token, { duration: 2, connections }); // warm-up
  const steady = await loadMe(token, { duration, connections });
  console.log(`  me, ${connections} connections, ${duration} s: ${summary(steady)}`);

  const quiet = await loadMe(token, { duration: 5, connections: 10 });
  console.log(
    `  me, 10 connections, 5 s, no logins:           p99 ${quiet.latency.p99} ms (${Math.round(quiet.requests.average)} rps)`,
  );
  const measuring = loadMe(token, { duration: 5, connections: 10 });
  const logins = await loginBursts(credentials, measuring);
  const busy = await measuring;
  console.log(
    `  me, 10 connections, 5 s, bursts of 20 logins:  p99 ${busy.latency.p99} ms (${Math.round(busy.requests.average)} rps; ${logins} logins, ${busy.non2xx + busy.errors} failed)`,
  );

  const over = [];
  if (steady.latency.p99 > meP99BudgetMs || failed(steady)) over.push('me under load');
  if (busy.latency.p99 > meP99BudgetMs || failed(busy)) over.push('me during login bursts');
  console.log(over.length ? `  over budget: ${over.join(', ')}` : '  within budget');
  reportResult({
    connections,
    durationS: duration,
    steady: {
      rps: Math.round(steady.requests.average),
      p99Ms: steady.latency.p99,
      failed: steady.errors + steady.non2xx + steady.timeouts,
    },
    duringLogins: { p99Ms: busy.latency.p99, logins, failed: busy.errors + busy.non2xx + busy.timeouts },
    withinBudget: over.length === 0,
  });
  process.exitCode = over.length ? 1 : 0;
}

main().catch((error) => {
  console.error(`auth-me benchmark could not run: ${error.message}`);
  process.exitCode = 2;
});
