#!/usr/bin/env node
// Budget of issue 20: `GET /v1/tickets` through the gateway at 50 connections with 50 API keys answers
// in ≤ 30 ms p99, and the rate limiter adds ≤ 2 ms p99, measured with and without it in one run.
//
// The bench stack (`npm start` on the bench ports) gets a customer with 50 API keys made on the
// Developers API and 200 tickets opened through /v1. Two more gateways in front of the same services,
// started alike (bench-gateway.mjs), differ in one thing: one counts in Redis (REDIS_URL, as production
// replicas do), the other counts nothing. After a warm-up, each round loads both at once, taking
// turns request by request: per gateway, 50 keep-alive connections, each with a key of its own, get
// `--rate` requests a second in all (400 a second reach the services, what this 2-core machine serves
// with room to spare), evenly spaced (open loop: latency counts from when a request was due),
// for `--duration` seconds; each key stays under its 1,000 an hour. The limiter's cost is the
// difference of the p99s.
//
//   node tools/bench/v1-api.mjs [--connections 50] [--rate 200] [--duration 8] [--rounds 3]
//
// Needs the built tree (`npx nx run-many -t build`) and Redis at REDIS_URL (default redis://127.0.0.1:6379).
// Exit codes: 0 within budget, 1 over budget, 2 could not run.
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { Client } from 'undici';
import { portPlan } from '@portal/toolkit/port-plan';
import { apiClient } from './api-client.mjs';
import { startBenchGateway } from './bench-gateway.mjs';
import { reportResult } from './results.mjs';
import { startBenchStack } from './stack.mjs';

export const v1Budget = { p99Ms: 30, limiterP99Ms: 2 };

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '50' },
    rate: { type: 'string', default: '200' },
    duration: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '3' },
  },
});
const connections = Number(values.connections);
const rate = Number(values.rate);
const duration = Number(values.duration);
const rounds = Number(values.rounds);
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const log = (message) => process.stderr.write(`${message}\n`);

/** A gateway of this benchmark: one counting in Redis, or (`uncounted`) one counting nothing. */
const startGateway = (port, uncounted) =>
  startBenchGateway(port, {
    flags: uncounted ? ['--uncounted'] : [],
    env: { REDIS_URL: uncounted ? '' : redisUrl },
  });

/**
 * One run against every gateway of `urls` at once, open loop: a request is due every `1000 / rate` ms
 * at each gateway whatever the answers do, the gateways taking turns, sent on the connection of the
 * next key (50 keep-alive connections per gateway, one per key). Latency counts from when a request
 * was due, so a slow answer delays the ones queued behind it and is not hidden (autocannon's paced
 * mode sends each connection's share of a second in one burst). Taking turns within one run, the
 * gateways meet the same machine: a hiccup of the services or the host lands on both.
 */
async function measure(urls, keys, seconds) {
  const runs = urls.map((url) => ({
    clients: keys.map((key) => ({
      key,
      client: new Client(url, { pipelining: 1, keepAliveTimeout: 30_000 }),
    })),
    latencies: /** @type {number[]} */ ([]),
    failures: 0,
  }));
  const interval = 1000 / (rate * runs.length);
  const total = Math.round(seconds * rate) * runs.length;
  const started = performance.now();
  const pending = [];
  for (let i = 0; i < total; i++) {
    const due = started + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const run = runs[i % runs.length];
    const { key, client } = run.clients[Math.floor(i / runs.length) % keys.length];
    pending.push(
      client
        .request({ path: '/v1/tickets?limit=10', method: 'GET', headers: { authorization: `Bearer ${key}` } })
        .then(async (response) => {
          await response.body.text();
          if (response.statusCode !== 200) run.failures += 1;
          run.latencies.push(performance.now() - due);
        })
        .catch(() => {
          run.failures += 1;
        }),
    );
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  await Promise.all(runs.flatMap((run) => run.clients.map(({ client }) => client.close())));
  return runs.map((run) => ({
    latencies: run.latencies,
    rps: Math.round(run.latencies.length / elapsed),
    failures: run.failures,
  }));
}

/** The `p` quantile (0..1) of `values`, in ms to a tenth. */
function quantile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] * 10) / 10;
}

/** A run's (or a pool of runs') figures. */
const summary = ({ latencies, rps, failures }) => ({
  p50: quantile(latencies, 0.5),
  p99: quantile(latencies, 0.99),
  rps,
  failures,
});

async function main() {
  log('starting the bench stack…');
  const stack = await startBenchStack();
  let counted;
  let baseline;
  try {
    const api = apiClient(stack.url);
    const customer = await api.signUp('bench-v1');
    log('making 50 API keys and 200 tickets…');
    const keys = [];
    for (let i = 0; i < connections; i++) {
      const created = await api.expectOk('POST', '/api/developers/keys', {
        token: customer.token,
        body: { name: `Bench key ${i + 1}`, scopes: ['tickets:read', 'tickets:write'] },
      });
      keys.push(created.key);
    }
    for (let i = 0; i < 200; i++) {
      await api.expectOk('POST', '/v1/tickets', {
        token: keys[i % keys.length],
        body: { customer_id: `cus_${i}`, subject: `Bench ticket ${i}`, priority: 'medium' },
      });
    }
    counted = await startGateway(portPlan.bench.ports.gateway + 50, false);
    baseline = await startGateway(portPlan.bench.ports.gateway + 51, true);
    log(`counting gateway ${counted.url}, baseline ${baseline.url}; warming up…`);
    await measure([counted.url, baseline.url], keys, 5);

    const counting = [];
    const uncounted = [];
    for (let round = 1; round <= rounds; round++) {
      const [withIt, withoutIt] = await measure([counted.url, baseline.url], keys, duration);
      counting.push(withIt);
      uncounted.push(withoutIt);
      log(
        `round ${round}: counting ${JSON.stringify(summary(withIt))}, uncounted ${JSON.stringify(summary(withoutIt))}`,
      );
    }
    // Every request of every round: the p99 of the whole measurement, not of its worst round.
    const pooled = (runs) =>
      summary({
        latencies: runs.flatMap((run) => run.latencies),
        rps: Math.round(runs.reduce((sum, run) => sum + run.rps, 0) / runs.length),
        failures: runs.reduce((sum, run) => sum + run.failures, 0),
      });
    const withLimiter = pooled(counting);
    const withoutLimiter = pooled(uncounted);
    const p99 = withLimiter.p99;
    const limiterP99 = Math.max(0, Math.round((withLimiter.p99 - withoutLimiter.p99) * 10) / 10);
    const failures = withLimiter.failures + withoutLimiter.failures;
    const within = p99 <= v1Budget.p99Ms && limiterP99 <= v1Budget.limiterP99Ms && failures === 0;
    const figures = {
      connections,
      rate,
      duration,
      rounds,
      withLimiter,
      withoutLimiter,
      p99,
      limiterP99,
      failures,
      budget: v1Budget,
      within,
    };
    reportResult(figures);
    console.log(JSON.stringify(figures, null, 2));
    console.log(
      `GET /v1/tickets p99 ${p99} ms (budget ${v1Budget.p99Ms}), rate limiter adds ${limiterP99} ms p99 (budget ${v1Budget.limiterP99Ms})` +
        (failures ? `, ${failures} requests failed` : ''),
    );
    return within ? 0 : 1;
  } finally {
    counted?.stop();
    baseline?.stop();
    await stack.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(2);
  },
);
