#!/usr/bin/env node
// Throughput through the gateway at 50 connections: the catalog read (GET /api/packages, answered from
// the gateway's copy, ADR 0217) in 3 rounds, judged on their medians against issue 22's budget, and
// ticket creation (POST /api/support/tickets by one signed-in customer), each round `durationS` seconds.
// The stack must let one customer open that many tickets (TICKET_LIMIT_PER_HOUR); `npm run bench` sets it.
//
//   node tools/bench/throughput.mjs [URL]      # alone: against URL, or the bench stack it starts
//
// Exit codes: 0 within budget, 1 over, 2 could not run.
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { median } from '@portal/toolkit/api-client';
import { apiClient } from './api-client.mjs';
import { reportResult } from './results.mjs';
import { startBenchStack } from './stack.mjs';

/** The catalog read's rps on the last bench run before issue 22 (the proxy, commerce querying each time). */
export const catalogReadBaselineRps = 3017;
/** Issue 22's budget for the catalog read at 50 connections: at least twice the baseline, p99 ≤ 20 ms. */
export const catalogReadBudget = { minRps: 2 * catalogReadBaselineRps, maxP99Ms: 20 };

export async function measureThroughput(gatewayUrl, { connections = 50, durationS = 10, rounds = 3 } = {}) {
  const { token } = await apiClient(gatewayUrl).signUp('bench-throughput');
  const targets = [
    {
      measure: 'catalog read',
      rounds,
      budget: catalogReadBudget,
      request: { method: 'GET', path: '/api/packages' },
    },
    {
      measure: 'ticket creation',
      rounds: 1,
      request: {
        method: 'POST',
        path: '/api/support/tickets',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({
            title: `Throughput ticket ${randomUUID().slice(0, 8)}`,
            description: 'Opened by the throughput benchmark.',
          }),
        }),
      },
    },
  ];
  const rows = [];
  for (const { measure, rounds: count, budget, request } of targets) {
    const runs = [];
    for (let round = 0; round < count; round++) {
      const result = await autocannon({
        url: gatewayUrl,
        connections,
        duration: durationS,
        requests: [request],
      });
      runs.push({
        rps: Math.round(result.requests.total / result.duration),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        failed: result.errors + result.timeouts + result.non2xx,
      });
    }
    const row = {
      measure,
      endpoint: `${request.method} ${request.path}`,
      connections,
      durationS,
      rps: median(runs.map((run) => run.rps)),
      p50Ms: median(runs.map((run) => run.p50Ms)),
      p99Ms: median(runs.map((run) => run.p99Ms)),
      failed: runs.reduce((sum, run) => sum + run.failed, 0),
      rounds: runs,
      budget: budget ?? null,
    };
    rows.push({
      ...row,
      withinBudget:
        row.failed === 0 && (!budget || (row.rps >= budget.minRps && row.p99Ms <= budget.maxP99Ms)),
    });
  }
  return rows;
}

export function printThroughput(rows) {
  for (const row of rows) {
    const each =
      row.rounds.length > 1
        ? `  (medians of ${row.rounds.length}: ${row.rounds.map((run) => `${run.rps} rps p50 ${run.p50Ms} p99 ${run.p99Ms} ms`).join('; ')})`
        : '';
    const budget = row.budget
      ? `  budget ≥ ${row.budget.minRps} rps, p99 ≤ ${row.budget.maxP99Ms} ms${row.withinBudget ? '' : '  OVER'}`
      : '';
    console.log(
      `  ${row.measure.padEnd(16)} ${row.endpoint.padEnd(26)} ${String(row.rps).padStart(6)} rps at ${row.connections} connections` +
        `  p50 ${row.p50Ms} ms  p99 ${row.p99Ms} ms${row.failed ? `  failed ${row.failed}` : ''}${budget}${each}`,
    );
  }
  return rows.every((row) => row.withinBudget);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.argv[2];
  const standalone = url ? undefined : await startBenchStack();
  measureThroughput(url ?? /** @type {NonNullable<typeof standalone>} */ (standalone).url)
    .then((rows) => {
      reportResult(rows);
      process.exitCode = printThroughput(rows) ? 0 : 1;
    })
    .catch((error) => {
      console.error(`throughput could not run: ${error.stack ?? error.message}`);
      process.exitCode = 2;
    })
    .finally(() => standalone?.stop());
}
