#!/usr/bin/env node
// Budget of issue 18: authorization (the membership guard, the membership-version check and the
// organization filter of every query) adds ≤ 5 % to the p99 of GET /api/user/orders and
// GET /api/support/tickets at 50 connections.
//
// "Before" is the portal as it was before issue 18 (commit d5c07eb, the parent of the issue's first
// commit 47722e9): one build cannot switch authorization off, so this script extracts that commit
// into a directory of its own (os.tmpdir()/portal-bench-base-<sha>, with this tree's node_modules
// linked in; built once with `nx run-many -t build`, about 2 minutes on two cores, then reused) and
// starts it beside "after", the stack named by the URL (this tree), on the `benchBase` block of the
// port plan, with its own PostgreSQL databases, NATS server and fake Stripe API. In each stack a
// signed-in customer (the owner of their organization) has the same 20 orders and 20 tickets, and the
// "after" stack has a second such customer ("again"), the control. For each endpoint, after a 5 s
// warm-up of each, autocannon runs 50 connections against before, after and again in turn, in slices
// of `slice` seconds, `rounds` rounds, each round starting with another one, so that whatever else the
// machine does falls on the three alike; each p99 is of all the responses of its slices together. The
// scenario fails when after > before × 1.05 + the noise allowance: how far "again" landed from "after"
// in this run (two identical measurements; at least 1 ms). The output shows the allowance and the
// spread of the slices' p99s rather than hiding them: on two shared cores they are wide.
//
//   node tools/bench/authorization.mjs [after-gateway-url] [--base <commit>] [--rounds 15] [--slice 2]
//
// The "after" stack must let one address sign up and open tickets freely (`npm run bench` sets
// AUTH_REGISTER_LIMIT_PER_HOUR and TICKET_LIMIT_PER_HOUR) and have Stripe (the bench's fake).
// Exit codes: 0 within budget, 1 over budget, 2 could not run.
import autocannon from 'autocannon';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { buildOutputs } from '@portal/runner/stack';
import { cartFor, median, pool } from '@portal/toolkit/api-client';
import { portEnv, portPlan } from '@portal/toolkit/port-plan';
import { rootDir } from '@portal/toolkit/stack';
import { apiClient } from './api-client.mjs';
import { reportResult } from './results.mjs';

/** The commit before issue 18 (the parent of 47722e9, its first commit). */
export const defaultBaseCommit = 'd5c07eb';
export const budgetRatio = 1.05;
/** The least noise allowance: autocannon's latencies are whole milliseconds. */
export const noiseAllowanceMs = 1;
export const endpoints = ['/api/user/orders', '/api/support/tickets'];
const objectsPerCustomer = 20;

/** Runs a command with its output in `logFile`; throws with the log's tail when it fails. */
async function run(command, args, { cwd, env = {}, logFile }) {
  const out = fs.openSync(logFile, 'a');
  try {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', out, out] });
    const code = await new Promise((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', resolve);
    });
    if (code !== 0) {
      const tail = fs.readFileSync(logFile, 'utf8').slice(-3000);
      throw new Error(`${command} ${args.join(' ')} failed (${code}); ${logFile} ends:\n${tail}`);
    }
  } finally {
    fs.closeSync(out);
  }
}

/**
 * node_modules for the extracted tree: every package of this tree's, linked, but the workspaces
 * (@portal/*) and their commands (.bin) pointing at the extracted tree's own.
 */
function linkNodeModules(dir) {
  const source = path.join(rootDir, 'node_modules');
  const target = path.join(dir, 'node_modules');
  fs.mkdirSync(target);
  const inTree = (real) =>
    real.startsWith(`${rootDir}${path.sep}`) && !real.startsWith(`${source}${path.sep}`)
      ? path.join(dir, path.relative(rootDir, real))
      : real;
  for (const entry of fs.readdirSync(source)) {
    const from = path.join(source, entry);
    if (entry === '@portal' || entry === '.bin') {
      fs.mkdirSync(path.join(target, entry));
      for (const inner of fs.readdirSync(from)) {
        let real;
        try {
          real = fs.realpathSync(path.join(from, inner));
        } catch {
          continue; // a command whose package is gone
        }
        fs.symlinkSync(inTree(real), path.join(target, entry, inner));
      }
    } else {
      fs.symlinkSync(from, path.join(target, entry));
    }
  }
}

/**
 * The tree of `commit`, extracted and built in a directory of its own (reused when already built):
 * { dir, sha, buildMs (0 when reused), sameDependencies }.
 */
export async function prepareBaseTree(commit, log = console.log) {
  const git = (...args) => execFileSync('git', ['-C', rootDir, ...args], { encoding: 'utf8' }).trim();
  const sha = git('rev-parse', '--verify', `${commit}^{commit}`);
  const dir = path.join(os.tmpdir(), `portal-bench-base-${sha.slice(0, 12)}`);
  const marker = path.join(dir, '.bench-built');
  const sameDependencies =
    git('show', `${sha}:package-lock.json`) ===
    fs.readFileSync(path.join(rootDir, 'package-lock.json'), 'utf8').trim();
  const built = () =>
    fs.existsSync(marker) && buildOutputs.every((file) => fs.existsSync(path.join(dir, file)));
  if (built()) {
    log(`  before: ${sha.slice(0, 12)} already built in ${dir}`);
    return { dir, sha, buildMs: 0, sameDependencies };
  }
  const startedAt = performance.now();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const logFile = path.join(dir, 'bench-build.log');
  log(`  before: extracting ${sha.slice(0, 12)} to ${dir} and building it (log: ${logFile})`);
  await run('sh', ['-c', `git -C "${rootDir}" archive ${sha} | tar -x -C "${dir}"`], { cwd: dir, logFile });
  linkNodeModules(dir);
  await run(
    process.execPath,
    [path.join(rootDir, 'node_modules/.bin/nx'), 'run-many', '-t', 'build', '--parallel=2'],
    {
      cwd: dir,
      env: { NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
      logFile,
    },
  );
  if (!buildOutputs.every((file) => fs.existsSync(path.join(dir, file))))
    throw new Error(`the build of ${sha} left out some of ${buildOutputs.join(', ')}`);
  fs.writeFileSync(marker, `${sha}\n`);
  const buildMs = performance.now() - startedAt;
  log(`  before: built in ${(buildMs / 1000).toFixed(0)} s`);
  return { dir, sha, buildMs, sameDependencies };
}

/**
 * The portal of the extracted tree on the `benchBase` block: its own databases (on the PostgreSQL
 * this process is configured for, else an embedded one of its own, as the bench stack does), its
 * own NATS server and mail catcher, and a fake Stripe API of its own build. { url, stop() }.
 */
export async function startBaseStack(dir) {
  const { ports, databasePrefix } = portPlan.benchBase;
  const url = `http://127.0.0.1:${ports.gateway}`;
  /** @type {any} the extracted tree's own stack starter */
  const toolkit = await import(pathToFileURL(path.join(dir, 'tools/toolkit/src/stack.mjs')).href);
  const webhookSecret = 'whsec_benchbase';
  const fakeStripe = await toolkit.startFakeStripe({
    port: 0,
    webhookSecret,
    webhookUrl: `${url}/api/stripe/webhook`,
  });
  const logFile = path.join(dir, 'bench-stack.log');
  const stack = await toolkit.startRunner({
    env: {
      ...portEnv(ports),
      PORTAL_DB_PREFIX: databasePrefix,
      SEED_DEMO_DATA: 'false',
      PUBLIC_SITE_URL: url,
      SMTP_URL: '',
      // A NATS server of its own: the two stacks' services would share durable consumers on one.
      NATS_URL: '',
      STRIPE_SECRET_KEY: 'sk_test_benchbase',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: fakeStripe.url,
      AUTH_REGISTER_LIMIT_PER_HOUR: '100000',
      TICKET_LIMIT_PER_HOUR: '1000000',
      TRUSTED_PROXIES: 'loopback',
    },
    keepOutput: 20_000,
    logFile,
    killAfterMs: 20_000,
    cleanup: () => fakeStripe.close(),
  });
  return { url, logFile, stop: () => stack.stop() };
}

/** `call` again after a 504 or 503 (a busy machine's gateway deadline; the data, not its timing, matters here). */
async function patiently(call) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (attempt >= 5 || !/answered 50[34]/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

/** A new customer (the owner of a new organization) with `objectsPerCustomer` orders and tickets: their token. */
async function customerWithData(url) {
  const client = apiClient(url);
  const { token } = await patiently(() => client.signUp('bench-authorization'));
  const packages = await patiently(() => client.expectOk('GET', '/api/packages'));
  await pool(
    Array.from({ length: objectsPerCustomer }, (_, i) => async () => {
      await patiently(() =>
        client.expectOk('POST', '/api/create-payment-intent', { token, body: cartFor(i, packages) }),
      );
      await patiently(() =>
        client.expectOk('POST', '/api/support/tickets', {
          token,
          body: {
            title: `Bench ticket ${i}`,
            description: 'Opened by the authorization benchmark.',
            priority: 'low',
          },
        }),
      );
    }),
    5,
  );
  for (const endpoint of endpoints) {
    const listed = await patiently(() => client.expectOk('GET', endpoint, { token }));
    const count = Array.isArray(listed) ? listed.length : Object.values(listed).find(Array.isArray)?.length;
    if (count !== undefined && count < objectsPerCustomer)
      throw new Error(`${url}${endpoint} lists ${count} of the customer's ${objectsPerCustomer}`);
  }
  return token;
}

/** Every response's time (ms, as autocannon times it) of `connections` for `durationS` seconds. */
function load(url, token, { connections, durationS }) {
  /** @type {number[]} */
  const times = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, headers: { authorization: `Bearer ${token}` }, connections, duration: durationS },
      (error, result) => {
        if (error) return reject(error);
        const statuses = Object.entries(result.statusCodeStats ?? {})
          .filter(([status]) => !status.startsWith('2'))
          .map(([status, { count }]) => `${status} ×${count}`);
        resolve({
          times,
          requests: result.requests.total,
          seconds: result.duration,
          failed: result.errors + result.timeouts + result.non2xx,
          failures: [
            ...statuses,
            ...(result.errors ? [`errors ×${result.errors}`] : []),
            ...(result.timeouts ? [`timeouts ×${result.timeouts}`] : []),
          ],
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

/** The value at quantile `q` of `numbers` (nearest rank). */
const quantile = (numbers, q) => {
  const sorted = Float64Array.from(numbers).sort();
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)];
};
const round1 = (ms) => Math.round(ms * 10) / 10;

/**
 * p99 of each endpoint before and after: `sides` is { before, after, again }, each { url, token };
 * `again` is a second customer of the "after" stack with the same data, the control that shows how
 * far two identical measurements land apart in this run. The three take turns in short slices
 * (`sliceS` seconds each, `rounds` rounds, each round starting with another one), so that whatever
 * else the machine does falls on all three alike; each p99 is of every response of its slices
 * together. The noise allowance of an endpoint is the distance between `after` and `again` (at least
 * `noiseAllowanceMs`).
 */
export async function measureSideBySide(
  sides,
  { connections = 50, sliceS = 2, rounds = 15, warmUpS = 5 } = {},
) {
  const names = /** @type {const} */ (['before', 'after', 'again']);
  for (const endpoint of endpoints) {
    for (const name of names)
      await load(`${sides[name].url}${endpoint}`, sides[name].token, { connections, durationS: warmUpS });
  }
  const rows = [];
  for (const endpoint of endpoints) {
    /** @type {Record<'before' | 'after' | 'again', Awaited<ReturnType<typeof load>>[]>} */
    const runs = { before: [], after: [], again: [] };
    for (let round = 0; round < rounds; round++) {
      const order = [...names.slice(round % 3), ...names.slice(0, round % 3)];
      for (const name of order) {
        runs[name].push(
          await load(`${sides[name].url}${endpoint}`, sides[name].token, { connections, durationS: sliceS }),
        );
      }
    }
    const summary = (list) => {
      const times = list.flatMap((run) => run.times);
      const perSlice = list.map((run) => quantile(run.times, 0.99));
      return {
        p99Ms: round1(quantile(times, 0.99)),
        p50Ms: round1(quantile(times, 0.5)),
        responses: times.length,
        rps: Math.round(
          list.reduce((sum, run) => sum + run.requests, 0) / list.reduce((sum, run) => sum + run.seconds, 0),
        ),
        sliceP99Ms: {
          min: round1(Math.min(...perSlice)),
          median: round1(median(perSlice)),
          max: round1(Math.max(...perSlice)),
        },
        failed: list.reduce((sum, run) => sum + run.failed, 0),
        failures: list.flatMap((run) => run.failures),
      };
    };
    const before = summary(runs.before);
    const after = summary(runs.after);
    const again = summary(runs.again);
    const allowanceMs = round1(Math.max(noiseAllowanceMs, Math.abs(after.p99Ms - again.p99Ms)));
    const limitMs = round1(before.p99Ms * budgetRatio + allowanceMs);
    rows.push({
      endpoint: `GET ${endpoint}`,
      connections,
      sliceS,
      rounds,
      before,
      after,
      again,
      ratio: after.p99Ms / before.p99Ms,
      allowanceMs,
      limitMs,
      withinBudget: after.p99Ms <= limitMs,
    });
  }
  return rows;
}

export function printAuthorization(figures) {
  console.log(
    `  before: ${figures.base.sha.slice(0, 12)} (before issue 18)${figures.base.buildMs ? `, built in ${(figures.base.buildMs / 1000).toFixed(0)} s` : ', reused'}` +
      `${figures.base.sameDependencies ? '' : ' — its package-lock.json differs from this tree’s, whose node_modules it runs on'}`,
  );
  for (const row of figures.rows) {
    const side = (name) => {
      const figure = row[name];
      return (
        `${name} p99 ${figure.p99Ms} ms, p50 ${figure.p50Ms} ms, ${figure.rps} rps, ${figure.responses} responses ` +
        `(p99 of a ${row.sliceS} s slice: ${figure.sliceP99Ms.min}–${figure.sliceP99Ms.max} ms, median ${figure.sliceP99Ms.median})` +
        `${figure.failed ? `, failed: ${figure.failures.join(', ')}` : ''}`
      );
    };
    console.log(
      `  ${row.endpoint}: p99 after / before = ${row.after.p99Ms} / ${row.before.p99Ms} ms = ${row.ratio.toFixed(3)}; ` +
        `limit ${row.limitMs} ms = before × ${budgetRatio} + ${row.allowanceMs} ms noise allowance ` +
        `(after and again, two identical measurements, ${row.after.p99Ms} and ${row.again.p99Ms} ms): ${row.withinBudget ? 'ok' : 'OVER'}` +
        `\n    ${side('before')}\n    ${side('after')}\n    ${side('again')}`,
    );
  }
}

/**
 * The whole scenario against the "after" stack at `afterUrl`: { base, rows }.
 * @param {string} afterUrl
 * @param {{ baseCommit?: string, connections?: number, sliceS?: number, rounds?: number }} [options]
 */
export async function measureAuthorization(afterUrl, { baseCommit = defaultBaseCommit, ...options } = {}) {
  const base = await prepareBaseTree(baseCommit);
  const baseStack = await startBaseStack(base.dir);
  try {
    const [beforeToken, afterToken, againToken] = await Promise.all([
      customerWithData(baseStack.url),
      customerWithData(afterUrl),
      customerWithData(afterUrl),
    ]);
    const rows = await measureSideBySide(
      {
        before: { url: baseStack.url, token: beforeToken },
        after: { url: afterUrl, token: afterToken },
        again: { url: afterUrl, token: againToken },
      },
      options,
    );
    return {
      base: { sha: base.sha, buildMs: Math.round(base.buildMs), sameDependencies: base.sameDependencies },
      rows,
    };
  } finally {
    await baseStack.stop();
  }
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      base: { type: 'string', default: process.env.BENCH_AUTHORIZATION_BASE ?? defaultBaseCommit },
      rounds: { type: 'string', default: '15' },
      slice: { type: 'string', default: '2' },
      connections: { type: 'string', default: '50' },
    },
  });
  const afterUrl = (positionals[0] ?? process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
  let figures;
  try {
    figures = await measureAuthorization(afterUrl, {
      baseCommit: values.base,
      rounds: Number(values.rounds),
      sliceS: Number(values.slice),
      connections: Number(values.connections),
    });
  } catch (error) {
    console.error(`authorization benchmark could not run: ${error instanceof Error ? error.stack : error}`);
    process.exitCode = 2;
    return;
  }
  printAuthorization(figures);
  reportResult(figures);
  process.exitCode = figures.rows.every((row) => row.withinBudget) ? 0 : 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main();
