#!/usr/bin/env node
// What metrics and traces cost the gateway (issue 21's budget: together ≤ 5 % on its p99 and its
// throughput for GET /api/packages at 50 connections, on and off interleaved in one run). Two gateways
// in front of the bench stack's services (bench-gateway.mjs), alike but for one thing: one with
// metrics and traces, exporting every span over OTLP to a receiver in this process, one without any
// (`--uninstrumented`). Rounds take turns, so a hiccup of the machine lands on both; each side's p99
// and rps are the medians of its rounds, and its CPU time per request is read from /proc.
//
//   node tools/bench/observability-overhead.mjs [--rounds 3] [--duration 8] [--connections 50]
//
// Exit codes: 0 within budget, 1 over, 2 could not run.
import autocannon from 'autocannon';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { portPlan } from '@portal/toolkit/port-plan';
import { startBenchGateway } from './bench-gateway.mjs';
import { treeCpuSeconds } from './process-usage.mjs';
import { reportResult } from './results.mjs';
import { startBenchStack } from './stack.mjs';

const budget = 0.05;

/** An OTLP/HTTP receiver that takes every export (200) and counts them. */
async function startOtlpReceiver() {
  let exports = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      exports += 1;
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}`,
    exports: () => exports,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function load(gateway, { connections, durationS }) {
  const cpuBefore = treeCpuSeconds(gateway.pid);
  const result = await autocannon({ url: `${gateway.url}/api/packages`, connections, duration: durationS });
  const requests = result.requests.total;
  return {
    p99Ms: result.latency.p99,
    rps: requests / result.duration,
    cpuMsPerRequest: ((treeCpuSeconds(gateway.pid) - cpuBefore) * 1000) / requests,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

export async function measureObservabilityOverhead({ rounds = 3, durationS = 8, connections = 50 } = {}) {
  const receiver = await startOtlpReceiver();
  const { gateway } = portPlan.bench.ports;
  const sides = {
    off: await startBenchGateway(gateway + 60, { flags: ['--uninstrumented'] }),
    on: await startBenchGateway(gateway + 61, {
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SERVICE_NAME: 'bench-gateway' },
    }),
  };
  try {
    for (const side of Object.values(sides)) await load(side, { connections, durationS: 3 });
    /** @type {Record<string, Awaited<ReturnType<typeof load>>[]>} */
    const runs = { off: [], on: [] };
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? ['off', 'on'] : ['on', 'off'];
      for (const name of order) runs[name].push(await load(sides[name], { connections, durationS }));
    }
    const summary = (name) => ({
      p99Ms: median(runs[name].map((run) => run.p99Ms)),
      rps: Math.round(median(runs[name].map((run) => run.rps))),
      cpuMsPerRequest: median(runs[name].map((run) => run.cpuMsPerRequest)),
      failed: runs[name].reduce((sum, run) => sum + run.failed, 0),
      rounds: runs[name],
    });
    const off = summary('off');
    const on = summary('on');
    const p99Ratio = on.p99Ms / off.p99Ms;
    const rpsRatio = on.rps / off.rps;
    return {
      connections,
      durationS,
      rounds,
      off,
      on,
      p99Ratio,
      rpsRatio,
      cpuRatio: on.cpuMsPerRequest / off.cpuMsPerRequest,
      spanExports: receiver.exports(),
      withinBudget:
        p99Ratio <= 1 + budget &&
        rpsRatio >= 1 - budget &&
        off.failed + on.failed === 0 &&
        receiver.exports() > 0,
    };
  } finally {
    for (const side of Object.values(sides)) side.stop();
    await receiver.close();
  }
}

export function printObservabilityOverhead(figures) {
  for (const name of ['off', 'on']) {
    const side = figures[name];
    console.log(
      `  ${name === 'on' ? 'metrics + traces' : 'neither         '}  p99 ${side.p99Ms} ms  ${side.rps} rps  ` +
        `CPU ${side.cpuMsPerRequest.toFixed(3)} ms/request${side.failed ? `  failed ${side.failed}` : ''}`,
    );
  }
  console.log(
    `  p99 ×${figures.p99Ratio.toFixed(3)} (≤ ×${1 + budget}), rps ×${figures.rpsRatio.toFixed(3)} (≥ ×${1 - budget}), ` +
      `CPU ×${figures.cpuRatio.toFixed(3)}; ${figures.spanExports} OTLP exports received${figures.withinBudget ? '' : '  OVER'}`,
  );
  return figures.withinBudget;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '3' },
      duration: { type: 'string', default: '8' },
      connections: { type: 'string', default: '50' },
    },
  });
  const options = {
    rounds: Number(values.rounds),
    durationS: Number(values.duration),
    connections: Number(values.connections),
  };
  // The bench stack's services must be running: `npm run bench` has them, alone this starts them.
  const standalone = process.env.BENCH_RESULT_FILE ? undefined : await startBenchStack();
  measureObservabilityOverhead(options)
    .then((figures) => {
      reportResult(figures);
      process.exitCode = printObservabilityOverhead(figures) ? 0 : 1;
    })
    .catch((error) => {
      console.error(`observability overhead could not run: ${error.stack ?? error.message}`);
      process.exitCode = 2;
    })
    .finally(() => standalone?.stop());
}
