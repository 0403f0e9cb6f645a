#!/usr/bin/env node
// The minimal Fastify proxy the gateway is measured against (gateway-overhead.mjs, issue 22): Fastify
// with @fastify/http-proxy on its default options in front of one upstream, every path forwarded as
// it is (no prefix), no logger (Fastify's default). Nothing of the gateway's own: no request id,
// security headers, metrics, traces, deadline or replicas. It prints `listening <url>` once it serves.
//
//   node tools/bench/fastify-proxy.mjs <upstream-url> <port> [workers]
//
// With workers > 1 it runs as a node:cluster of that many processes on one port, as the gateway does
// with GATEWAY_WORKERS, so that both use the same number of cores. SIGTERM or SIGINT stops it.
import httpProxy from '@fastify/http-proxy';
import Fastify from 'fastify';
import cluster from 'node:cluster';

const [upstream, port, workersArg = '1'] = process.argv.slice(2);
const workers = Number(workersArg);
if (!upstream || !(Number(port) >= 0) || !(workers >= 1)) {
  process.stderr.write('usage: node tools/bench/fastify-proxy.mjs <upstream-url> <port> [workers]\n');
  process.exit(2);
}

/** One proxy process listening on 127.0.0.1:port (a cluster worker shares the primary's port). */
async function serve() {
  const app = Fastify();
  await app.register(httpProxy, { upstream });
  const url = await app.listen({ host: '127.0.0.1', port: Number(port) });
  const stop = () => void app.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  return url;
}

/** The primary forks the workers and says `listening` once all of them are; it stops them with itself. */
function runWorkers() {
  let listening = 0;
  let stopping = false;
  cluster.on('listening', (_worker, address) => {
    listening += 1;
    if (listening === workers) process.stdout.write(`listening http://127.0.0.1:${address.port}\n`);
  });
  // A worker that dies unasked means the comparison is off: stop everything, the benchmark sees the exit.
  cluster.on('exit', (worker, code, signal) => {
    if (!stopping)
      process.stderr.write(`fastify-proxy worker ${worker.process.pid} exited (${signal ?? code})\n`);
    stop(stopping ? 0 : 1);
  });
  const stop = (/** @type {number} */ code) => {
    stopping = true;
    const alive = Object.values(cluster.workers ?? {}).filter((worker) => worker && !worker.isDead());
    if (alive.length === 0) process.exit(code);
    for (const worker of alive) worker?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', () => stop(0));
  process.on('SIGINT', () => stop(0));
  for (let i = 0; i < workers; i++) cluster.fork();
}

if (workers > 1 && cluster.isPrimary) runWorkers();
else {
  const url = await serve();
  if (cluster.isPrimary) process.stdout.write(`listening ${url}\n`);
}
