#!/usr/bin/env node
// The support side of issue 20's budget (`GET /v1/tickets` ≤ 30 ms p99 through the gateway at 50
// connections with 50 keys): the built support service alone, on a throwaway database of 100,000
// tickets in 2,000 organizations (support-alone.mjs), answering `GET /v1/tickets` (first
// page of 10, and a page after a cursor) to 50 connections as fast as it answers (`--rate` paces them),
// each with the API token of a key of its own organization, as the gateway forwards it. Prints p99 and the service's CPU time a request (from
// /proc, comparable on a busy machine where latency is not). The whole path is tools/bench/v1-api.mjs.
//
//   node tools/bench/v1-tickets-support.mjs [--tickets 100000] [--connections 50] [--rate 0] [--duration 8]
//
// Needs the built tree (`npx nx run @portal/support:build`) and PostgreSQL at TEST_DATABASE_URL.
// Exit codes: 0 within the budget, 1 over it, 2 could not run.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { reportResult } from './results.mjs';
import { contracts, measureService, withSupportAlone } from './support-alone.mjs';

export const v1SupportBudgetMs = 30;

const { values } = parseArgs({
  options: {
    tickets: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '8' },
    // Requests a second in all (0: as fast as the service answers, the default). autocannon paces per
    // second (each connection sends its share at once, then waits for the next second: bursts) and, paced,
    // corrects for coordinated omission with an expected interval of ceil(1000 / rate per connection)
    // ms rounded to 1 ms, adding made-up samples to every slower answer; this script turns that off.
    rate: { type: 'string', default: '0' },
    // Keep the database afterwards (its name is printed), to look at the plans.
    keep: { type: 'boolean', default: false },
  },
});
const tickets = Number(values.tickets);
const connections = Number(values.connections);
const duration = Number(values.duration);
const rate = Number(values.rate);

/** 50 organizations (of 50 tickets each), each with the id of its 21st newest ticket, as a cursor. */
async function organizationsOf(client) {
  const { rows } = await client.query(
    `SELECT organization_id, (array_agg(id ORDER BY created_at DESC, id DESC))[21] AS cursor_id
     FROM tickets GROUP BY organization_id ORDER BY organization_id LIMIT 50`,
  );
  return rows;
}

async function main() {
  const { API_ACCESS_TOKEN_AUDIENCE, toPublicId } = await contracts();
  return withSupportAlone({ name: 'bench_v1_tickets', tickets, keep: values.keep }, async (support) => {
    const organizations = await organizationsOf(support.client);
    // 5-minute API tokens of a key of each organization, as identity mints them for the gateway.
    const tokens = await Promise.all(
      organizations.map((row) =>
        support.sign(
          { sub: randomUUID(), org: row.organization_id, scp: ['tickets:read'], usr: randomUUID() },
          API_ACCESS_TOKEN_AUDIENCE,
          5 * 60,
        ),
      ),
    );
    /** @type {[string, (at: number) => string][]} */
    const pages = [
      ['first page', () => '/v1/tickets'],
      [
        'after a cursor',
        (at) => `/v1/tickets?starting_after=${toPublicId('ticket', organizations[at].cursor_id)}`,
      ],
    ];
    const rows = [];
    for (const [label, pathOf] of pages) {
      // Each request with the token of the next organization and its path.
      let next = 0;
      const options = {
        url: support.url,
        connections,
        ...(rate > 0 && { overallRate: rate, ignoreCoordinatedOmission: true }),
        requests: [
          {
            setupRequest: (request) => {
              const at = next++ % tokens.length;
              return { ...request, path: pathOf(at), headers: { authorization: `Bearer ${tokens[at]}` } };
            },
          },
        ],
      };
      const figures = await measureService(options, duration, support.pid);
      rows.push({ label, ...figures });
      console.log(
        `${label.padEnd(16)} p99 ${String(figures.p99).padStart(4)} ms  (${figures.requests} requests, service CPU ${figures.cpuMs.toFixed(2)} ms each)`,
      );
    }
    const worst = Math.max(...rows.map((row) => row.p99));
    const ok = worst <= v1SupportBudgetMs;
    console.log(
      `GET /v1/tickets at support, ${tickets} tickets, ${connections} connections and keys, ${rate > 0 ? `${rate}/s` : 'unpaced'}: worst p99 ${worst} ms (the whole path's budget ${v1SupportBudgetMs} ms): ${ok ? 'ok' : 'OVER BUDGET'}`,
    );
    reportResult({
      measure: `support GET /v1/tickets p99 (${tickets} tickets, ${connections} connections)`,
      value: worst,
      unit: 'ms',
      budget: v1SupportBudgetMs,
      ok,
      pages: Object.fromEntries(rows.map((row) => [row.label, row.p99])),
      serviceCpuMsPerRequest: Object.fromEntries(
        rows.map((row) => [row.label, Number(row.cpuMs.toFixed(2))]),
      ),
    });
    return ok ? 0 : 1;
  });
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(
      `v1-tickets-support bench could not run: ${error instanceof Error ? error.message : error}`,
    );
    process.exit(2);
  },
);
