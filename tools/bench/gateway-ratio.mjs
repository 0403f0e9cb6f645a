// Gateway overhead inside a running stack: p99 through the gateway / p99 straight to the service, for
// GET /api/identity/features (public) and GET /api/auth/me (signed in), both identity's, measured side
// by side in one run: the four targets take turns, round after round, and each ratio is of the median
// p99s. (GET /api/packages, measured until issue 22, is answered from the gateway's memory since ADR
// 0217: no proxy overhead to measure there.)
import autocannon from 'autocannon';
import { median } from '@portal/toolkit/api-client';
import { apiClient } from './api-client.mjs';

async function load(url, headers, { connections, durationS }) {
  const result = await autocannon({ url, headers, connections, duration: durationS });
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .filter(([status]) => !status.startsWith('2'))
    .map(([status, { count }]) => `${status} ×${count}`);
  return {
    p99Ms: result.latency.p99,
    rps: Math.round(result.requests.total / result.duration),
    failed: result.errors + result.timeouts + result.non2xx,
    failures: [
      ...statuses,
      ...(result.errors ? [`errors ×${result.errors}`] : []),
      ...(result.timeouts ? [`timeouts ×${result.timeouts}`] : []),
    ],
  };
}

/**
 * `services` maps a service name to its own URL ({ identity }). Answers one row per endpoint:
 * median p99 and rps direct and through the gateway, and the p99 ratio.
 */
export async function measureGatewayRatio(
  gatewayUrl,
  services,
  { connections = 50, durationS = 5, rounds = 3 } = {},
) {
  const { token } = await apiClient(gatewayUrl).signUp('bench-ratio');
  const bearer = { authorization: `Bearer ${token}` };
  const endpoints = [
    {
      endpoint: 'GET /api/identity/features',
      path: '/api/identity/features',
      direct: services.identity,
      headers: {},
    },
    { endpoint: 'GET /api/auth/me', path: '/api/auth/me', direct: services.identity, headers: bearer },
  ];
  const settings = { connections, durationS };
  for (const { path, direct, headers } of endpoints) {
    await load(`${direct}${path}`, headers, { connections, durationS: 2 });
    await load(`${gatewayUrl}${path}`, headers, { connections, durationS: 2 });
  }
  /** @type {{ direct: Awaited<ReturnType<typeof load>>[], gateway: Awaited<ReturnType<typeof load>>[] }[]} */
  const runs = endpoints.map(() => ({ direct: [], gateway: [] }));
  for (let round = 0; round < rounds; round++) {
    for (const [i, { path, direct, headers }] of endpoints.entries()) {
      runs[i].direct.push(await load(`${direct}${path}`, headers, settings));
      runs[i].gateway.push(await load(`${gatewayUrl}${path}`, headers, settings));
    }
  }
  return endpoints.map(({ endpoint }, i) => {
    const summary = (list) => ({
      p99Ms: median(list.map((run) => run.p99Ms)),
      rps: median(list.map((run) => run.rps)),
      failed: list.reduce((sum, run) => sum + run.failed, 0),
      failures: list.flatMap((run) => run.failures),
    });
    const direct = summary(runs[i].direct);
    const gateway = summary(runs[i].gateway);
    return {
      endpoint,
      connections,
      durationS,
      rounds,
      direct,
      gateway,
      p99Ratio: gateway.p99Ms / direct.p99Ms,
    };
  });
}

export function printGatewayRatio(rows) {
  for (const row of rows) {
    console.log(
      `  ${row.endpoint.padEnd(26)} direct p99 ${row.direct.p99Ms} ms (${row.direct.rps} rps)  ` +
        `gateway p99 ${row.gateway.p99Ms} ms (${row.gateway.rps} rps)  ratio ${row.p99Ratio.toFixed(2)}` +
        `${row.direct.failed ? `  direct failed: ${row.direct.failures.join(', ')}` : ''}` +
        `${row.gateway.failed ? `  gateway failed: ${row.gateway.failures.join(', ')}` : ''}`,
    );
  }
  return rows.every((row) => row.direct.failed + row.gateway.failed === 0);
}
