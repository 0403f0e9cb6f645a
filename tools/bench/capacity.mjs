#!/usr/bin/env node
// The figures of the capacity model (docs/operations.md): for each main route, through the gateway of
// the bench stack, what one request costs in CPU time of the gateway and of the service behind it,
// the memory they hold under that load, and the events it writes to the outbox (which become NATS
// messages, per subject). CPU time is read from /proc, so it stays comparable when other work shares
// the machine, as latency does not.
//
//   node tools/bench/capacity.mjs [--duration 6] [--connections 10]
//
// Without `npm run bench` around it, it starts the bench stack itself (ports and databases of
// tools/toolkit/src/port-plan.mjs, the fake Stripe API in this process).
// Exit codes: 0 measured, 1 a route failed requests, 2 could not run.
import autocannon from 'autocannon';
import { createHmac, randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { portPlan } from '@portal/toolkit/port-plan';
import { apiClient, benchPassword } from './api-client.mjs';
import { environmentOf, pidListeningOn, treeCpuSeconds, treeResidentMiB } from './process-usage.mjs';
import { reportResult } from './results.mjs';
import { startBenchStack } from './stack.mjs';

const { ports } = portPlan.bench;
const producers = ['identity', 'commerce', 'crm', 'support', 'kpi'];

const json = (token) => ({
  'content-type': 'application/json',
  ...(token && { authorization: `Bearer ${token}` }),
});

/** A dialer's signed `call.completed`, as live-metrics.mjs posts it: a new call id each time. */
function signedCall(secret) {
  const body = JSON.stringify({
    type: 'call.completed',
    data: { call_id: `capacity-${randomUUID()}`, duration: 180, resolution: 'resolved', agent_id: 'bench' },
  });
  const seconds = Math.floor(Date.now() / 1000);
  const digest = createHmac('sha256', secret).update(`${seconds}.${body}`).digest('hex');
  return { body, signature: `t=${seconds},v1=${digest}` };
}

/** The main routes, each with the service that answers it and how many connections load it. */
function mainRoutes({ token, email, packages, integration }) {
  let order = 0;
  return [
    { route: 'GET /api/packages', service: 'commerce', request: { method: 'GET', path: '/api/packages' } },
    {
      route: 'GET /api/auth/me',
      service: 'identity',
      request: { method: 'GET', path: '/api/auth/me', headers: json(token) },
    },
    {
      route: 'POST /api/auth/login',
      service: 'identity',
      // Password hashing (argon2id) is the costliest work of any route: a few at a time, as sign-ins come.
      connections: 4,
      request: {
        method: 'POST',
        path: '/api/auth/login',
        headers: json(),
        body: JSON.stringify({ email, password: benchPassword }),
      },
    },
    {
      route: 'POST /api/create-payment-intent',
      service: 'commerce',
      request: {
        method: 'POST',
        path: '/api/create-payment-intent',
        headers: json(token),
        setupRequest: (request) => {
          order += 1;
          const chosen = packages[order % packages.length];
          return {
            ...request,
            headers: { ...json(token), 'idempotency-key': `capacity-${randomUUID()}` },
            body: JSON.stringify({ items: [{ packageId: chosen.id, quantity: 1 + (order % 3) }] }),
          };
        },
      },
    },
    {
      route: 'GET /api/user/orders',
      service: 'commerce',
      request: { method: 'GET', path: '/api/user/orders', headers: json(token) },
    },
    {
      route: 'POST /api/support/tickets',
      service: 'support',
      request: {
        method: 'POST',
        path: '/api/support/tickets',
        headers: json(token),
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({
            title: `Capacity ticket ${randomUUID().slice(0, 8)}`,
            description: 'Opened by the capacity benchmark.',
            priority: 'low',
          }),
        }),
      },
    },
    {
      route: 'GET /api/support/tickets',
      service: 'support',
      request: { method: 'GET', path: '/api/support/tickets', headers: json(token) },
    },
    {
      route: 'POST inbound dialer event',
      service: 'crm',
      request: {
        method: 'POST',
        path: new URL(integration.inboundUrl, 'http://x').pathname,
        setupRequest: (request) => {
          const event = signedCall(integration.signingSecret);
          return {
            ...request,
            headers: { 'content-type': 'application/json', 'x-portal-signature': event.signature },
            body: event.body,
          };
        },
      },
    },
    {
      route: 'GET /api/kpi/metrics',
      service: 'kpi',
      request: { method: 'GET', path: '/api/kpi/metrics', headers: json(token) },
    },
  ];
}

/** Rows of every producer's outbox so far, per subject; `databases` are their DATABASE_URLs. */
async function outboxCounts(databases) {
  const counts = {};
  for (const url of databases) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT subject, count(*)::int AS n FROM outbox GROUP BY subject');
      for (const { subject, n } of rows) counts[subject] = (counts[subject] ?? 0) + n;
    } finally {
      await client.end();
    }
  }
  return counts;
}

/** Samples the resident memory of `pids` every 200 ms until stopped; answers each one's peak (MiB). */
function samplePeakMemory(pids) {
  const peaks = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, treeResidentMiB(pid)]));
  const timer = setInterval(() => {
    for (const [name, pid] of Object.entries(pids)) peaks[name] = Math.max(peaks[name], treeResidentMiB(pid));
  }, 200);
  return () => {
    clearInterval(timer);
    return peaks;
  };
}

async function measureRoute(baseUrl, pids, databases, target, { connections, durationS }) {
  const load = { url: baseUrl, connections: target.connections ?? connections, requests: [target.request] };
  await autocannon({ ...load, duration: 2 });
  const processes = { gateway: pids.gateway, [target.service]: pids[target.service] };
  const idle = Object.fromEntries(
    Object.entries(processes).map(([name, pid]) => [name, treeResidentMiB(pid)]),
  );
  const cpuBefore = Object.fromEntries(
    Object.entries(processes).map(([name, pid]) => [name, treeCpuSeconds(pid)]),
  );
  const eventsBefore = await outboxCounts(databases);
  const peaks = samplePeakMemory(processes);
  const result = await autocannon({ ...load, duration: durationS });
  const peak = peaks();
  const requests = result.requests.total;
  const eventsAfter = await outboxCounts(databases);
  const cpuMs = (name) => ((treeCpuSeconds(processes[name]) - cpuBefore[name]) * 1000) / requests;
  /** @type {Record<string, number>} */
  const eventsPerRequest = {};
  for (const [subject, n] of Object.entries(eventsAfter)) {
    const written = n - (eventsBefore[subject] ?? 0);
    if (written > 0) eventsPerRequest[subject] = written / requests;
  }
  return {
    route: target.route,
    service: target.service,
    connections: load.connections,
    requests,
    rps: Math.round(requests / result.duration),
    p99Ms: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
    gatewayCpuMs: cpuMs('gateway'),
    serviceCpuMs: cpuMs(target.service),
    idleMiB: idle,
    peakMiB: peak,
    eventsPerRequest,
  };
}

/**
 * Every main route in turn against the bench stack at `baseUrl` (whose processes listen on the
 * bench block's ports).
 */
export async function measureCapacity(baseUrl, { connections = 10, durationS = 6 } = {}) {
  const client = apiClient(baseUrl);
  const { token, email } = await client.signUp('bench-capacity');
  const packages = await client.expectOk('GET', '/api/packages');
  const integration = await client.expectOk('POST', '/api/crm/integrations', {
    token,
    body: { type: 'dialpad', name: 'Capacity dialer', apiKey: 'capacity-api-key' },
  });
  const pids = Object.fromEntries(
    ['gateway', ...producers].map((name) => [name, pidListeningOn(ports[name])]),
  );
  // Each service's own database, as the runner gave it (the machine's PostgreSQL or an embedded one).
  const databases = producers.map((name) => environmentOf(pids[name], 'DATABASE_URL'));
  const rows = [];
  for (const target of mainRoutes({ token, email, packages, integration })) {
    rows.push(await measureRoute(client.baseUrl, pids, databases, target, { connections, durationS }));
  }
  return rows;
}

const fixed = (value, digits = 2) => value.toFixed(digits);

export function printCapacity(rows) {
  for (const row of rows) {
    const events = Object.entries(row.eventsPerRequest)
      .map(([subject, n]) => `${subject} ×${fixed(n)}`)
      .join(', ');
    console.log(
      `  ${row.route.padEnd(31)} ${String(row.rps).padStart(5)} rps at ${String(row.connections).padStart(2)} conn, p99 ${row.p99Ms} ms; ` +
        `CPU per request: gateway ${fixed(row.gatewayCpuMs)} ms, ${row.service} ${fixed(row.serviceCpuMs)} ms; ` +
        `RSS ${row.service} ${fixed(row.idleMiB[row.service], 0)}→${fixed(row.peakMiB[row.service], 0)} MiB, gateway ${fixed(row.idleMiB.gateway, 0)}→${fixed(row.peakMiB.gateway, 0)} MiB` +
        `${events ? `; events ${events}` : ''}${row.failed ? `; FAILED ${row.failed}` : ''}`,
    );
  }
  return rows.every((row) => row.failed === 0);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { duration: { type: 'string', default: '6' }, connections: { type: 'string', default: '10' } },
  });
  const options = { durationS: Number(values.duration), connections: Number(values.connections) };
  const run = async () => {
    if (positionals[0]) return measureCapacity(positionals[0], options);
    const stack = await startBenchStack();
    try {
      return await measureCapacity(stack.url, options);
    } finally {
      await stack.stop();
    }
  };
  run()
    .then((rows) => {
      reportResult(rows);
      process.exitCode = printCapacity(rows) ? 0 : 1;
    })
    .catch((error) => {
      console.error(`capacity could not run: ${error.stack ?? error.message}`);
      process.exitCode = 2;
    });
}
