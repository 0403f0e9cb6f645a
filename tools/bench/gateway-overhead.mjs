#!/usr/bin/env node
// Gateway overhead benchmark: GET /api/identity/features straight to the identity service, through
// the gateway (gateway/dist/main.js) and through a reference nginx reverse proxy, interleaved.
// Budget: gateway p99 <= 1.5 x nginx p99 and gateway rps >= 0.7 x nginx rps.
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
import { reportResult } from './results.mjs';

const budget = { p99Ratio: 1.5, rpsRatio: 0.7 };
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const gatewayMain = path.join(repoRoot, 'gateway/dist/main.js');
const nginxBin = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    json: { type: 'boolean', default: false },
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '5' },
    // One gateway process per core, as it would run on a host of its own (GATEWAY_WORKERS).
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
  return url;
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
  return url;
}

async function load(url, duration) {
  const result = await autocannon({
    url: `${url}${settings.path}`,
    connections: settings.connections,
    duration,
  });
  const failures = result.errors + result.timeouts + result.non2xx;
  return {
    rps: Math.round(result.requests.total / result.duration),
    p99: result.latency.p99,
    failures,
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
      // SIGTERM: the gateway closes gracefully, nginx's master stops its worker.
      child.kill('SIGTERM');
      const done = await Promise.race([exited.then(() => true), sleep(5000).then(() => false)]);
      if (!done) child.kill('SIGKILL');
    }),
  );
  if (tmpDir) await rm(tmpDir, { recursive: true, force: true });
}

async function main() {
  if (!existsSync(gatewayMain))
    throw new Error(`${gatewayMain} is missing: npm run build -w @portal/gateway`);
  if (!existsSync(nginxBin)) throw new Error(`${nginxBin} is missing: apt-get install -y nginx`);
  tmpDir = await mkdtemp(path.join(os.tmpdir(), 'gateway-bench-'));
  log(`identity: ${identityUrl}${settings.path}`);
  await waitFor(`${identityUrl}${settings.path}`, undefined, 5000);
  const targets = { direct: identityUrl, gateway: await startGateway(), nginx: await startNginx() };
  log(`gateway: ${targets.gateway} (${settings.workers} workers)  nginx: ${targets.nginx} (1 worker)`);
  log(
    `${settings.connections} connections, ${settings.duration} s per run, ${settings.rounds} rounds, interleaved`,
  );

  for (const [name, url] of Object.entries(targets)) {
    log(`warm-up ${name} (${settings.warmup} s)`);
    await load(url, settings.warmup);
  }
  /** @type {Record<string, Awaited<ReturnType<typeof load>>[]>} */
  const runs = { direct: [], gateway: [], nginx: [] };
  for (let round = 1; round <= settings.rounds; round++) {
    for (const [name, url] of Object.entries(targets)) {
      const run = await load(url, settings.duration);
      runs[name].push(run);
      log(
        `round ${round} ${name.padEnd(7)} ${String(run.rps).padStart(7)} rps  p99 ${run.p99} ms${run.failures ? `  failures ${run.failures}` : ''}`,
      );
    }
  }

  const summary = Object.fromEntries(
    Object.entries(runs).map(([name, list]) => [
      name,
      {
        rps: median(list.map((r) => r.rps)),
        p99: median(list.map((r) => r.p99)),
        failures: list.reduce((n, r) => n + r.failures, 0),
        runs: list,
      },
    ]),
  );
  const ratios = {
    p99: summary.gateway.p99 / summary.nginx.p99,
    rps: summary.gateway.rps / summary.nginx.rps,
  };
  const failures = summary.direct.failures + summary.gateway.failures + summary.nginx.failures;
  const withinBudget = ratios.p99 <= budget.p99Ratio && ratios.rps >= budget.rpsRatio && failures === 0;
  const report = {
    identityUrl,
    path: settings.path,
    settings,
    budget,
    summary,
    ratios,
    failures,
    withinBudget,
  };

  reportResult(report);
  if (values.json) {
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } else {
    const row = (name) =>
      `${name.padEnd(8)}| ${String(summary[name].rps).padStart(9)} | ${String(summary[name].p99).padStart(8)}`;
    console.log(
      `\ntarget  |  rps(med) | p99 ms(med)\n--------+-----------+---------\n${row('direct')}\n${row('gateway')}\n${row('nginx')}`,
    );
    console.log(
      `\ngateway/nginx p99 ${ratios.p99.toFixed(2)} (budget <= ${budget.p99Ratio})  ` +
        `rps ${ratios.rps.toFixed(2)} (budget >= ${budget.rpsRatio})${failures ? `  failed requests: ${failures}` : ''}`,
    );
    console.log(withinBudget ? 'WITHIN BUDGET' : 'OVER BUDGET');
  }
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
