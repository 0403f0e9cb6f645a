#!/usr/bin/env node
// Budget of issue 20: `GET /v1/tickets` through the gateway at 50 connections with 50 API keys answers
// in ≤ 30 ms p99, and the rate limiter adds ≤ 2 ms p99, measured with and without it in one run.
//
// The bench stack (`npm start` on the bench ports, REDIS_URL as production would set it) gets a
// customer with 50 API keys made on the Developers API and 200 tickets opened through /v1; a second
// gateway on the same services counts nothing (v1-baseline-gateway.mjs). After a warm-up, rounds
// alternate between the two: 50 keep-alive connections, each with a key of its own, get `--rate`
// requests a second in all, evenly spaced (open loop: latency counts from when a request was due),
// for `--duration` seconds; each key stays under its 1,000 an hour. The limiter's cost is the
// difference of the p99s.
//
//   node tools/bench/v1-api.mjs [--connections 50] [--rate 400] [--duration 8] [--rounds 2]
//
// Needs the built tree (`npx nx run-many -t build`) and Redis at REDIS_URL (default redis://127.0.0.1:6379).
// Exit codes: 0 within budget, 1 over budget, 2 could not run.
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Client } from 'undici';
import { portPlan } from '@portal/toolkit/port-plan';
import { rootDir } from '@portal/toolkit/stack';
import { apiClient } from './api-client.mjs';
import { reportResult } from './results.mjs';
import { startBenchStack } from './stack.mjs';

export const v1Budget = { p99Ms: 30, limiterP99Ms: 2 };

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '50' },
    rate: { type: 'string', default: '400' },
    duration: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '2' },
  },
});
const connections = Number(values.connections);
const rate = Number(values.rate);
const duration = Number(values.duration);
const rounds = Number(values.rounds);
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const log = (message) => process.stderr.write(`${message}\n`);

/** The baseline gateway on `port`, in front of the bench stack's services. */
async function startBaseline(port) {
  const { ports } = portPlan.bench;
  const child = spawn(process.execPath, [path.join(rootDir, 'tools/bench/v1-baseline-gateway.mjs')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      IDENTITY_URL: `http://127.0.0.1:${ports.identity}`,
      COMMERCE_URL: `http://127.0.0.1:${ports.commerce}`,
      CRM_URL: `http://127.0.0.1:${ports.crm}`,
      SUPPORT_URL: `http://127.0.0.1:${ports.support}`,
      KPI_URL: `http://127.0.0.1:${ports.kpi}`,
      DATABASE_URL: '',
      REDIS_URL: '',
      NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the baseline gateway exited (${code})`)));
    child.stdout.on('data', (chunk) => {
      const match = /listening (\S+)/.exec(String(chunk));
      if (match) resolve(match[1].replace('[::1]', '127.0.0.1'));
    });
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

/**
 * One run against `url`, open loop: a request is due every `1000 / rate` ms whatever the answers do,
 * sent on the connection of the next key (50 keep-alive connections, one per key), and its latency
 * counts from when it was due, so a slow answer delays the ones queued behind it and is not hidden
 * (autocannon's paced mode sends each connection's share of a second in one burst).
 */
async function measure(url, keys, seconds) {
  const clients = keys.map((key) => ({
    key,
    client: new Client(url, { pipelining: 1, keepAliveTimeout: 30_000 }),
  }));
  const latencies = [];
  let failures = 0;
  const interval = 1000 / rate;
  const total = Math.round(seconds * rate);
  const started = performance.now();
  const pending = [];
  for (let i = 0; i < total; i++) {
    const due = started + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const { key, client } = clients[i % clients.length];
    pending.push(
      client
        .request({
          path: '/v1/tickets?limit=10',
          method: 'GET',
          headers: { authorization: `Bearer ${key}` },
        })
        .then(async (response) => {
          await response.body.text();
          if (response.statusCode !== 200) failures += 1;
          latencies.push(performance.now() - due);
        })
        .catch(() => {
          failures += 1;
        }),
    );
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  await Promise.all(clients.map(({ client }) => client.close()));
  latencies.sort((a, b) => a - b);
  const at = (p) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)] * 10) / 10;
  return { p50: at(0.5), p99: at(0.99), rps: Math.round(latencies.length / elapsed), failures };
}

async function main() {
  process.env.REDIS_URL = redisUrl;
  log('starting the bench stack…');
  const stack = await startBenchStack();
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
    baseline = await startBaseline(portPlan.bench.ports.gateway + 50);
    log(`limited gateway ${stack.url}, baseline ${baseline.url}; warming up…`);
    await measure(stack.url, keys, 2);
    await measure(baseline.url, keys, 2);

    const limited = [];
    const unlimited = [];
    for (let round = 1; round <= rounds; round++) {
      limited.push(await measure(stack.url, keys, duration));
      unlimited.push(await measure(baseline.url, keys, duration));
      log(
        `round ${round}: with limiter ${JSON.stringify(limited.at(-1))}, without ${JSON.stringify(unlimited.at(-1))}`,
      );
    }
    const worst = (runs) => Math.max(...runs.map((run) => run.p99));
    const p99 = worst(limited);
    const limiterP99 = Math.max(0, p99 - worst(unlimited));
    const failures = [...limited, ...unlimited].reduce((sum, run) => sum + run.failures, 0);
    const within = p99 <= v1Budget.p99Ms && limiterP99 <= v1Budget.limiterP99Ms && failures === 0;
    const figures = {
      connections,
      rate,
      duration,
      rounds,
      limited,
      unlimited,
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
