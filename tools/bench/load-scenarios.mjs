// The k6 scenarios of deploy/load, run here with autocannon against a running stack, held to the same
// thresholds (deploy/load/scenarios.json): failed requests under the shared rate, p95 per scenario.
// Each autocannon connection plays one k6 virtual user, repeating the scenario's requests in order.
//
//   node tools/bench/load-scenarios.mjs [gateway-url] [--duration 10] [--only browse-catalog]
//
// Checkout needs commerce on a fake Stripe (`npm run bench` starts one); sign-ups need a high
// AUTH_REGISTER_LIMIT_PER_HOUR, and create-ticket (one customer) a high TICKET_LIMIT_PER_HOUR.
// Exit codes: 0 within thresholds, 1 over, 2 could not run.
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { percentile } from '@portal/toolkit/api-client';
import { rootDir } from '@portal/toolkit/stack';
import { apiClient, benchPassword } from './api-client.mjs';

export const loadConfig = JSON.parse(readFileSync(path.join(rootDir, 'deploy/load/scenarios.json'), 'utf8'));

const round = (ms) => Math.round(ms * 10) / 10;

const json = (token) => ({
  'content-type': 'application/json',
  ...(token && { authorization: `Bearer ${token}` }),
});

/** The requests of each scenario, as deploy/load/<name>.js makes them; `expect` is the status a success has. */
const scenarioRequests = {
  'browse-catalog': () => [
    { method: 'GET', path: '/pricing', expect: 200 },
    { method: 'GET', path: '/api/packages', expect: 200 },
  ],
  'signup-signin': () => [
    {
      method: 'POST',
      path: '/api/auth/register',
      expect: 201,
      setupRequest(request, context) {
        context.email = `bench-load-${randomUUID()}@example.com`;
        const body = { name: 'Load Test Customer', email: context.email, password: benchPassword };
        return { ...request, headers: json(), body: JSON.stringify(body) };
      },
    },
    {
      method: 'POST',
      path: '/api/auth/login',
      expect: 200,
      setupRequest: (request, context) => ({
        ...request,
        headers: json(),
        body: JSON.stringify({ email: context.email, password: benchPassword }),
      }),
      onResponse(status, body, context) {
        context.token = status === 200 ? JSON.parse(body).token : undefined;
      },
    },
    {
      method: 'GET',
      path: '/api/auth/me',
      expect: 200,
      setupRequest: (request, context) => ({ ...request, headers: json(context.token) }),
    },
  ],
  'create-ticket': ({ token }) => [
    {
      method: 'POST',
      path: '/api/support/tickets',
      expect: 201,
      headers: json(token),
      setupRequest: (request) => ({
        ...request,
        body: JSON.stringify({
          title: `Load test ticket ${randomUUID().slice(0, 8)}`,
          description: 'Opened by the create-ticket load scenario.',
          priority: 'low',
        }),
      }),
    },
    { method: 'GET', path: '/api/support/tickets', expect: 200, headers: json(token) },
  ],
  checkout: ({ token, packages }) => {
    let iteration = 0;
    return [
      { method: 'GET', path: '/api/packages', expect: 200 },
      {
        method: 'POST',
        path: '/api/create-payment-intent',
        expect: 201,
        setupRequest(request) {
          iteration++;
          const chosen = packages[iteration % packages.length];
          return {
            ...request,
            headers: { ...json(token), 'idempotency-key': `bench-load-${randomUUID()}` },
            body: JSON.stringify({ items: [{ packageId: chosen.id, quantity: 1 + (iteration % 3) }] }),
          };
        },
      },
    ];
  },
};

/** Runs one scenario for `durationS` seconds; answers its figures and whether it met its thresholds. */
async function runScenario(baseUrl, name, durationS, fixtures) {
  const scenario = loadConfig.scenarios[name];
  const requests = scenarioRequests[name](fixtures);
  const latencies = [];
  const unexpected = new Map();
  const expected = requests.map((request) => request.expect);
  const instance = autocannon({
    url: baseUrl,
    connections: scenario.vus,
    duration: durationS,
    requests: requests.map((request) =>
      Object.fromEntries(Object.entries(request).filter(([key]) => key !== 'expect')),
    ),
    setupClient(client) {
      // The client walks `requests` in order, one response at a time, so its position tells which one answered.
      let position = 0;
      client.on('response', (status) => {
        const want = expected[position];
        position = (position + 1) % expected.length;
        if (status !== want) {
          const key = `${requests[(position + expected.length - 1) % expected.length].path} ${status}`;
          unexpected.set(key, (unexpected.get(key) ?? 0) + 1);
        }
      });
    },
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const total = result.requests.total;
  const failed = [...unexpected.values()].reduce((sum, n) => sum + n, 0) + result.errors + result.timeouts;
  const figures = {
    scenario: name,
    connections: scenario.vus,
    durationS,
    requests: total,
    rps: Math.round(total / result.duration),
    p50Ms: round(percentile(latencies, 0.5)),
    p95Ms: round(percentile(latencies, 0.95)),
    p95BudgetMs: scenario.p95Ms,
    failedRate: total ? failed / total : 1,
    failedRateBudget: loadConfig.failedRequestRate,
    failures: Object.fromEntries(unexpected),
  };
  figures.withinBudget =
    total > 0 && figures.p95Ms < scenario.p95Ms && figures.failedRate < loadConfig.failedRequestRate;
  return figures;
}

/**
 * Every scenario (or `only`), one after the other.
 * @param {string} baseUrl
 * @param {{ durationS?: number, only?: string }} [options]
 */
export async function measureLoadScenarios(baseUrl, { durationS = 10, only } = {}) {
  const client = apiClient(baseUrl);
  const fixtures = {
    token: (await client.signUp('bench-load')).token,
    packages: await client.expectOk('GET', '/api/packages'),
  };
  const rows = [];
  for (const name of Object.keys(loadConfig.scenarios)) {
    if (only && name !== only) continue;
    rows.push(await runScenario(client.baseUrl, name, durationS, fixtures));
  }
  return rows;
}

export function printLoadScenarios(rows) {
  for (const row of rows) {
    const failures = Object.entries(row.failures).map(([key, n]) => `${key} ×${n}`);
    console.log(
      `  ${row.scenario.padEnd(15)} ${String(row.connections).padStart(3)} conn  ${String(row.rps).padStart(5)} rps  ` +
        `p50 ${row.p50Ms} ms  p95 ${row.p95Ms} ms (< ${row.p95BudgetMs})  failed ${(row.failedRate * 100).toFixed(2)} % (< ${row.failedRateBudget * 100} %)` +
        `${row.withinBudget ? '' : '  OVER'}${failures.length ? `  [${failures.join(', ')}]` : ''}`,
    );
  }
  return rows.every((row) => row.withinBudget);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { duration: { type: 'string', default: '10' }, only: { type: 'string' } },
  });
  const baseUrl = positionals[0] ?? process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';
  measureLoadScenarios(baseUrl, { durationS: Number(values.duration), only: values.only })
    .then((rows) => {
      const met = printLoadScenarios(rows);
      process.exitCode = met ? 0 : 1;
    })
    .catch((error) => {
      console.error(`load scenarios could not run: ${error.message}`);
      process.exitCode = 2;
    });
}
