// Throughput through the gateway at 50 connections: the catalog read (GET /api/packages) and ticket
// creation (POST /api/support/tickets by one signed-in customer), each for `durationS` seconds. The stack
// must let one customer open that many tickets (TICKET_LIMIT_PER_HOUR); `npm run bench` sets it.
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { apiClient } from './api-client.mjs';

export async function measureThroughput(gatewayUrl, { connections = 50, durationS = 10 } = {}) {
  const { token } = await apiClient(gatewayUrl).signUp('bench-throughput');
  const targets = [
    { measure: 'catalog read', request: { method: 'GET', path: '/api/packages' } },
    {
      measure: 'ticket creation',
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
  for (const { measure, request } of targets) {
    const result = await autocannon({
      url: gatewayUrl,
      connections,
      duration: durationS,
      requests: [request],
    });
    rows.push({
      measure,
      endpoint: `${request.method} ${request.path}`,
      connections,
      durationS,
      rps: Math.round(result.requests.total / result.duration),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      failed: result.errors + result.timeouts + result.non2xx,
    });
  }
  return rows;
}

export function printThroughput(rows) {
  for (const row of rows) {
    console.log(
      `  ${row.measure.padEnd(16)} ${row.endpoint.padEnd(26)} ${String(row.rps).padStart(6)} rps at ${row.connections} connections` +
        `  p50 ${row.p50Ms} ms  p99 ${row.p99Ms} ms${row.failed ? `  failed ${row.failed}` : ''}`,
    );
  }
  return rows.every((row) => row.failed === 0);
}
