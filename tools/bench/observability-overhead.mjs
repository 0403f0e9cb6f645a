#!/usr/bin/env node
// What metrics and traces cost the gateway (issue 21's budget: together ≤ 5 % on its p99 and its
// throughput for a proxied read at 50 connections, on and off interleaved in one run). The read is
// GET /api/identity/features, a cheap public read the gateway proxies to identity: GET /api/packages,
// which issue 21 measured, is answered from the gateway's memory since ADR 0217 and no longer reaches
// a service, so it would not measure the instrumentation of a proxied request. Three
// gateways in front of the bench stack's services (bench-gateway.mjs), alike but for their
// instrumentation: none at all (`--uninstrumented`); metrics and traces as deployed, the edge recording
// 1 trace in 10 (docker-compose.yml, deploy/src/k8s/portal.mjs); and every trace recorded. Both record
// over OTLP to a receiver in this process. Rounds take turns, each side in each place of the order and
// warmed just before its run, so neither a hiccup of the machine nor an idle pool favours one side;
// each side's p99 and rps are the medians of its rounds, and its CPU time per request is read from
// /proc. The budget is judged as deployed; the cost of recording every trace is reported beside it.
//
//   node tools/bench/observability-overhead.mjs [--rounds 3] [--duration 8] [--connections 50]
//
// Exit codes: 0 within budget, 1 over, 2 could not run.
import autocannon from 'autocannon';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { median } from '@portal/toolkit/api-client';
import { portPlan } from '@portal/toolkit/port-plan';
import { startBenchGateway } from './bench-gateway.mjs';
import { treeCpuSeconds } from './process-usage.mjs';
import { reportResult } from './results.mjs';
import { startBenchStack } from './stack.mjs';

const budget = 0.05;
/** The proxied read loaded (see above). */
const loadedPath = '/api/identity/features';
/** The share of traces the deployed gateway records (OTEL_TRACES_SAMPLER_ARG in docker-compose.yml and the manifests). */
const deployedTraceRatio = '0.1';

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

async function load(gateway, { connections, durationS }) {
  const cpuBefore = treeCpuSeconds(gateway.pid);
  const result = await autocannon({ url: `${gateway.url}${loadedPath}`, connections, duration: durationS });
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
  const recording = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SERVICE_NAME: 'bench-gateway' };
  const sides = {
    off: await startBenchGateway(gateway + 60, { flags: ['--uninstrumented'] }),
    on: await startBenchGateway(gateway + 61, {
      env: {
        ...recording,
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_TRACES_SAMPLER_ARG: deployedTraceRatio,
      },
    }),
    everyTrace: await startBenchGateway(gateway + 62, { env: recording }),
  };
  try {
    for (const side of Object.values(sides)) await load(side, { connections, durationS: 3 });
    /** @type {Record<keyof typeof sides, Awaited<ReturnType<typeof load>>[]>} */
    const runs = { off: [], on: [], everyTrace: [] };
    const names = /** @type {(keyof typeof sides)[]} */ (Object.keys(sides));
    for (let round = 0; round < rounds; round++) {
      // Each side takes each place in turn; a second of load just before its run reopens the
      // connections to commerce that closed while the others ran, so no side starts cold.
      const order = names.map((_, index) => names[(index + round) % names.length]);
      for (const name of order) {
        await load(sides[name], { connections, durationS: 1 });
        runs[name].push(await load(sides[name], { connections, durationS }));
      }
    }
    /** @param {keyof typeof sides} name */
    const summary = (name) => ({
      p99Ms: median(runs[name].map((run) => run.p99Ms)),
      rps: Math.round(median(runs[name].map((run) => run.rps))),
      cpuMsPerRequest: median(runs[name].map((run) => run.cpuMsPerRequest)),
      failed: runs[name].reduce((sum, run) => sum + run.failed, 0),
      rounds: runs[name],
    });
    const off = summary('off');
    /** @param {keyof typeof sides} name */
    const against = (name) => {
      const side = summary(name);
      return { ...side, p99Ratio: side.p99Ms / off.p99Ms, rpsRatio: side.rps / off.rps };
    };
    const figures = { off, on: against('on'), everyTrace: against('everyTrace') };
    const cpuRatio = (name) => figures[name].cpuMsPerRequest / figures.off.cpuMsPerRequest;
    return {
      connections,
      durationS,
      rounds,
      deployedTraceRatio: Number(deployedTraceRatio),
      ...figures,
      p99Ratio: figures.on.p99Ratio,
      rpsRatio: figures.on.rpsRatio,
      cpuRatio: cpuRatio('on'),
      everyTraceCpuRatio: cpuRatio('everyTrace'),
      spanExports: receiver.exports(),
      withinBudget:
        figures.on.p99Ratio <= 1 + budget &&
        figures.on.rpsRatio >= 1 - budget &&
        Object.values(figures).every((side) => side.failed === 0) &&
        receiver.exports() > 0,
    };
  } finally {
    await Promise.all(Object.values(sides).map((side) => side.stop()));
    await receiver.close();
  }
}

export function printObservabilityOverhead(figures) {
  const labels = {
    off: 'neither                         ',
    on: `metrics + traces (1 in ${Math.round(1 / figures.deployedTraceRatio)} recorded)`,
    everyTrace: 'metrics + every trace recorded  ',
  };
  for (const [name, label] of Object.entries(labels)) {
    const side = figures[name];
    console.log(
      `  ${label}  p99 ${side.p99Ms} ms  ${side.rps} rps  CPU ${side.cpuMsPerRequest.toFixed(3)} ms/request` +
        (name === 'off' ? '' : `  (p99 ×${side.p99Ratio.toFixed(3)}, rps ×${side.rpsRatio.toFixed(3)})`) +
        (side.failed ? `  failed ${side.failed}` : ''),
    );
  }
  console.log(
    `  as deployed: p99 ×${figures.p99Ratio.toFixed(3)} (≤ ×${1 + budget}), rps ×${figures.rpsRatio.toFixed(3)} ` +
      `(≥ ×${1 - budget}), CPU ×${figures.cpuRatio.toFixed(3)}; every trace: CPU ×${figures.everyTraceCpuRatio.toFixed(3)}; ` +
      `${figures.spanExports} OTLP exports received${figures.withinBudget ? '' : '  OVER'}`,
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
