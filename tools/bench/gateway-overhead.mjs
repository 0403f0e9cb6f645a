#!/usr/bin/env node
// The gateway against its peers (issue 22, item 6): GET /api/identity/features straight to the
// identity service, through the gateway (gateway/dist/main.js), through a minimal Fastify proxy
// (fastify-proxy.mjs: @fastify/http-proxy on its default options) and through a reference nginx
// reverse proxy, interleaved in one run on the same upstream and the same read.
// Budget: gateway p99 <= 1.2 x nginx p99, gateway rps >= 1.5 x the Fastify proxy's and >= 0.6 x nginx's.
// Each target's CPU per request (its processes' /proc times; identity's when it runs here) is shown
// beside them, since it is what decides throughput when the load, the proxy and identity share cores.
//
//   node tools/bench/gateway-overhead.mjs [identity-url] [--json] [--duration 5] [--rounds 3]
//     [--connections 50] [--warmup 5] [--workers <cores>] [--path /api/identity/features]
//
// The identity URL comes from the first argument, else IDENTITY_URL, else http://127.0.0.1:3101.
// Exit codes: 0 within budget, 1 over budget, 2 could not run.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { pidListeningOn, treeCpuSeconds } from './process-usage.mjs';
import { reportResult } from './results.mjs';

// Issue 22's budget, every ratio the gateway's figure over its peer's, from the same run.
const budget = { p99VsNginx: 1.2, rpsVsFastify: 1.5, rpsVsNginx: 0.6 };
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const gatewayMain = path.join(repoRoot, 'gateway/dist/main.js');
const fastifyProxyMain = path.join(repoRoot, 'tools/bench/fastify-proxy.mjs');
const nginxBin = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    json: { type: 'boolean', default: false },
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '5' },
    // One gateway process per core, as it would run on a host of its own (GATEWAY_WORKERS); the
    // Fastify proxy runs as many (node:cluster, as the gateway). nginx keeps its one worker.
    workers: { type: 'string', default: String(os.availableParallelism()) },
    path: { type: 'string', default: '/api/identity/features' },
  },
});
const identityUrl = (positionals[0] ?? process.env.IDENTITY_URL ?? 'http://127.0.0.1:3101').replace(
  /\/+$/,
  '',
);
const settings = {
  duration: Number(values.duration),
  rounds: Number(values.rounds),
  connections: Number(values.connections),
  warmup: Number(values.warmup),
  workers: Number(values.workers),
  path: values.path,
};

const log = (message) => process.stderr.write(`${message}\n`);
const started = [];
let tmpDir;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

function start(name, command, args, env) {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const entry = { name, child, exited, stderr: () => stderr };
  started.push(entry);
  return entry;
}

async function waitFor(url, process, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (process && process.child.exitCode !== null) {
      throw new Error(`${process.name} exited (${process.child.exitCode}): ${process.stderr()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await sleep(100);
  }
  throw new Error(
    `${url} did not answer 200 within ${timeoutMs} ms${process ? `: ${process.stderr()}` : ''}`,
  );
}

async function startGateway() {
  const port = await freePort();
  const gateway = start('gateway', process.execPath, [gatewayMain], {
    PORT: String(port),
    HOST: '127.0.0.1',
    IDENTITY_URL: identityUrl,
    LOG_LEVEL: process.env.GATEWAY_LOG_LEVEL ?? 'info',
    GATEWAY_WORKERS: String(settings.workers),
    DATABASE_URL: '',
    NATS_URL: '',
    NODE_ENV: 'production',
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/healthz`, gateway);
  return { url, pid: gateway.child.pid };
}

/** The minimal Fastify proxy, with as many processes as the gateway so that both may use every core. */
async function startFastifyProxy() {
  const port = await freePort();
  const proxy = start('fastify proxy', process.execPath, [
    fastifyProxyMain,
    identityUrl,
    String(port),
    String(settings.workers),
  ]);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}${settings.path}`, proxy);
  return { url, pid: proxy.child.pid };
}

async function startNginx() {
  const port = await freePort();
  const upstream = new URL(identityUrl);
  const conf = `
worker_processes 1;
pid ${tmpDir}/nginx.pid;
error_log ${tmpDir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${tmpDir}/client_body;
  proxy_temp_path ${tmpDir}/proxy;
  fastcgi_temp_path ${tmpDir}/fastcgi;
  uwsgi_temp_path ${tmpDir}/uwsgi;
  scgi_temp_path ${tmpDir}/scgi;
  upstream identity {
    server ${upstream.host};
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://identity;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Request-Id $request_id;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`;
  const confPath = path.join(tmpDir, 'nginx.conf');
  await writeFile(confPath, conf);
  const nginx = start('nginx', nginxBin, ['-p', tmpDir, '-c', confPath, '-g', 'daemon off;']);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}${settings.path}`, nginx);
  return { url, pid: nginx.child.pid };
}

/**
 * The process serving `url` directly (identity, when it runs on this machine as this user), for its
 * CPU time; undefined when it cannot be found, and its CPU is then not reported.
 */
function directPid(url) {
  try {
    return pidListeningOn(Number(new URL(url).port));
  } catch {
    return undefined;
  }
}

/** CPU seconds of a target's processes (a cluster's workers, nginx's worker); undefined if unknown. */
function cpuOf(pid) {
  if (pid === undefined) return undefined;
  try {
    return treeCpuSeconds(pid);
  } catch {
    return undefined;
  }
}

/**
 * A run of autocannon against `target`, with the CPU a request cost the target's processes: unlike
 * latency and throughput, it stays comparable when other work shares the machine.
 */
async function load(target, duration) {
  const cpuBefore = cpuOf(target.pid);
  const result = await autocannon({
    url: `${target.url}${settings.path}`,
    connections: settings.connections,
    duration,
  });
  const cpuAfter = cpuOf(target.pid);
  const failures = result.errors + result.timeouts + result.non2xx;
  return {
    rps: Math.round(result.requests.total / result.duration),
    p99: result.latency.p99,
    cpuUsPerRequest:
      cpuBefore === undefined || cpuAfter === undefined || result.requests.total === 0
        ? null
        : Math.round(((cpuAfter - cpuBefore) * 1e6) / result.requests.total),
    failures,
    // Which kind, when some failed: a 504 of the gateway's deadline is a non-2xx, a reset an error.
    ...(failures > 0 && { errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx }),
  };
}

const median = (numbers) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function stopAll() {
  await Promise.all(
    started.map(async ({ child, exited }) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // SIGTERM: the gateway and the Fastify proxy close gracefully, nginx's master stops its worker.
      child.kill('SIGTERM');
      const done = await Promise.race([exited.then(() => true), sleep(5000).then(() => false)]);
      if (!done) child.kill('SIGKILL');
    }),
  );
  if (tmpDir) await rm(tmpDir, { recursive: true, force: true });
}

/** The medians of a target's rounds, and all its rounds. */
function summarize(list) {
  return {
    rps: median(list.map((r) => r.rps)),
    p99: median(list.map((r) => r.p99)),
    cpuUsPerRequest: list.some((r) => r.cpuUsPerRequest === null)
      ? null
      : median(list.map((r) => /** @type {number} */ (r.cpuUsPerRequest))),
    failures: list.reduce((n, r) => n + r.failures, 0),
    runs: list,
  };
}

/** The gateway's figures over each peer's: p99 (lower is better) and rps (higher is better). */
function gatewayRatios(summary) {
  const against = (peer) => ({
    p99: summary.gateway.p99 / summary[peer].p99,
    rps: summary.gateway.rps / summary[peer].rps,
  });
  return { vsNginx: against('nginx'), vsFastify: against('fastify'), vsDirect: against('direct') };
}

/** Issue 22's three checks on the medians, and no failed request on any target. */
function judge(ratios, failures) {
  const checks = {
    p99VsNginx: ratios.vsNginx.p99 <= budget.p99VsNginx,
    rpsVsFastify: ratios.vsFastify.rps >= budget.rpsVsFastify,
    rpsVsNginx: ratios.vsNginx.rps >= budget.rpsVsNginx,
    noFailedRequest: failures === 0,
  };
  return { checks, withinBudget: Object.values(checks).every(Boolean) };
}

const labels = { direct: 'direct', gateway: 'gateway', fastify: 'fastify proxy', nginx: 'nginx' };

/** The medians of every target and the gateway's ratios, each against its budget where it has one. */
function printReport({ summary, ratios, checks, failures, withinBudget }) {
  const row = (name) =>
    `${labels[name].padEnd(14)}| ${String(summary[name].rps).padStart(9)} | ${String(summary[name].p99).padStart(11)} | ` +
    `${String(summary[name].cpuUsPerRequest ?? '-').padStart(13)}`;
  console.log(
    `\ntarget        |  rps(med) | p99 ms(med) | CPU µs/req(med)\n--------------+-----------+-------------+----------------\n` +
      Object.keys(labels).map(row).join('\n'),
  );
  const verdict = (ok) => (ok ? 'ok' : 'OVER');
  console.log(
    `\ngateway/nginx   p99 ${ratios.vsNginx.p99.toFixed(2)} (budget <= ${budget.p99VsNginx}, ${verdict(checks.p99VsNginx)})  ` +
      `rps ${ratios.vsNginx.rps.toFixed(2)} (budget >= ${budget.rpsVsNginx}, ${verdict(checks.rpsVsNginx)})`,
  );
  console.log(
    `gateway/fastify p99 ${ratios.vsFastify.p99.toFixed(2)}                        ` +
      `rps ${ratios.vsFastify.rps.toFixed(2)} (budget >= ${budget.rpsVsFastify}, ${verdict(checks.rpsVsFastify)})`,
  );
  console.log(
    `gateway/direct  p99 ${ratios.vsDirect.p99.toFixed(2)}                        rps ${ratios.vsDirect.rps.toFixed(2)}`,
  );
  if (failures) console.log(`failed requests: ${failures}`);
  console.log(withinBudget ? 'WITHIN BUDGET' : 'OVER BUDGET');
}

async function main() {
  if (!existsSync(gatewayMain))
    throw new Error(`${gatewayMain} is missing: npm run build -w @portal/gateway`);
  if (!existsSync(nginxBin)) throw new Error(`${nginxBin} is missing: apt-get install -y nginx-light`);
  tmpDir = await mkdtemp(path.join(os.tmpdir(), 'gateway-bench-'));
  log(`identity: ${identityUrl}${settings.path}`);
  await waitFor(`${identityUrl}${settings.path}`, undefined, 5000);
  const targets = {
    direct: { url: identityUrl, pid: directPid(identityUrl) },
    gateway: await startGateway(),
    fastify: await startFastifyProxy(),
    nginx: await startNginx(),
  };
  log(
    `gateway: ${targets.gateway.url} (${settings.workers} workers)  fastify proxy: ${targets.fastify.url} ` +
      `(${settings.workers} workers)  nginx: ${targets.nginx.url} (1 worker)`,
  );
  log(
    `${settings.connections} connections, ${settings.duration} s per run, ${settings.rounds} rounds, interleaved`,
  );

  for (const [name, target] of Object.entries(targets)) {
    log(`warm-up ${name} (${settings.warmup} s)`);
    await load(target, settings.warmup);
  }
  const names = /** @type {(keyof typeof targets)[]} */ (Object.keys(targets));
  /** @type {Record<keyof typeof targets, Awaited<ReturnType<typeof load>>[]>} */
  const runs = { direct: [], gateway: [], fastify: [], nginx: [] };
  for (let round = 1; round <= settings.rounds; round++) {
    // Each target takes each place of the order in turn, and a second of load just before its run
    // reopens the keep-alive connections to identity that idled while the others ran (ADR 0216).
    const order = names.map((_, index) => names[(index + round - 1) % names.length]);
    for (const name of order) {
      await load(targets[name], 1);
      const run = await load(targets[name], settings.duration);
      runs[name].push(run);
      log(
        `round ${round} ${labels[name].padEnd(13)} ${String(run.rps).padStart(7)} rps  p99 ${run.p99} ms  CPU ${run.cpuUsPerRequest ?? '-'} µs/req${run.failures ? `  failures ${run.failures} (errors ${run.errors}, timeouts ${run.timeouts}, non-2xx ${run.non2xx})` : ''}`,
      );
    }
  }

  const summary = {
    direct: summarize(runs.direct),
    gateway: summarize(runs.gateway),
    fastify: summarize(runs.fastify),
    nginx: summarize(runs.nginx),
  };
  const ratios = gatewayRatios(summary);
  const failures = names.reduce((n, name) => n + summary[name].failures, 0);
  const { checks, withinBudget } = judge(ratios, failures);
  const report = {
    identityUrl,
    path: settings.path,
    settings,
    loadAverage: os.loadavg().map((n) => Number(n.toFixed(2))),
    budget,
    summary,
    ratios,
    checks,
    failures,
    withinBudget,
  };

  reportResult(report);
  if (values.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else printReport(report);
  return withinBudget ? 0 : 1;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    stopAll().finally(() => process.exit(130));
  });
}

main()
  .then(async (code) => {
    await stopAll();
    process.exit(code);
  })
  .catch(async (error) => {
    log(`benchmark could not run: ${error.message}`);
    await stopAll();
    process.exit(2);
  });
