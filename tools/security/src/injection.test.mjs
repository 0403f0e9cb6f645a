// sqlmap (--level 3 --risk 2, PostgreSQL payloads) against every route that takes parameters: JSON
// body fields, query parameters, path ids and the Idempotency-Key header, through the gateway, with the
// route's rightful token. Passes when sqlmap finds no injectable parameter and says it tested each one.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pool } from '@portal/toolkit/api-client';
import { apiClient } from './support/api.mjs';
import { createWorld } from './support/fixtures.mjs';
import { routeKey, routes } from './support/routes.mjs';
import { startSecurityStack } from './support/stack.mjs';

const sqlmap = process.env.SQLMAP ?? 'sqlmap';
const sqlmapVersion = spawnSync(sqlmap, ['--version'], { encoding: 'utf8' });

let stack;
let gateway;
let ctx;
let outputDir;
let doomedIntegration;

before(async () => {
  if (sqlmapVersion.status !== 0) return;
  stack = await startSecurityStack();
  gateway = apiClient(stack.url);
  ctx = await createWorld(gateway, stack);
  outputDir = fs.mkdtempSync(path.join(os.tmpdir(), 'security-sqlmap-'));
  // DELETE takes it away on sqlmap's first request; A's own integration stays for the others.
  doomedIntegration = await gateway.expectStatus(201, 'POST', '/api/crm/integrations', {
    token: ctx.a.token,
    body: { type: 'zoho', name: 'Doomed', apiKey: 'doomed-api-key-1' },
  });
});
after(async () => {
  await stack?.stop();
  if (outputDir && !process.env.SECURITY_KEEP_SQLMAP) fs.rmSync(outputDir, { recursive: true, force: true });
});

/** Routes with something to inject into: body fields, query parameters or path parameters. */
const withParameters = routes.filter(
  (route) => route.fields?.length || route.query || route.path.includes('/:'),
);
/** SECURITY_SQLMAP_ONLY=/api/crm/booking: only the routes whose path contains it (a quicker run while working on them). */
const only = process.env.SECURITY_SQLMAP_ONLY;

/** The JSON leaves of a body as sqlmap names its parameters: `JSON <key>` for every scalar value. */
function jsonLeaves(value) {
  if (Array.isArray(value)) return value.flatMap(jsonLeaves);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) =>
      inner && typeof inner === 'object' ? jsonLeaves(inner) : [`JSON ${key}`],
    );
  }
  return [];
}

/**
 * The sqlmap runs of a route: URL (path ids marked `*`), JSON body, headers, and the parameters each
 * run must report as tested. Sign-up runs twice: with a new email each time (so the name and the
 * User-Agent reach the insert and the session) and with a taken one (the email lookup).
 */
function targetsOf(route) {
  const ids = {
    id:
      route.owned === 'integration' && route.method === 'DELETE'
        ? doomedIntegration.id
        : ctx.ids[route.owned],
    integrationId: ctx.ids.integration,
    attachmentId: ctx.ids.attachment,
    // PATCH gives A's crm_manager a role, again and again; DELETE removes A's member on its first request.
    userId: route.method === 'PATCH' ? ctx.members.a.crm_manager.id : ctx.ids.member,
    // The booking's manage link: a token with anything appended is no token (404).
    token: route.booking && ctx.booking.tokens[route.booking],
  };
  // sqlmap's custom injection marker after each path parameter's real value.
  const marked = route.path.replace(/:(\w+)/g, (_, name) => `${ids[name]}*`);
  const parameters = route.query?.(ctx) ?? {};
  const query = route.query ? `?${new URLSearchParams(parameters)}` : '';
  const token = { staff: ctx.staff.token, customer: ctx.a.token, 'signed-in': ctx.a.token }[route.access];
  const headers = [token && `Authorization: Bearer ${token}`];
  const expected = [...route.path.matchAll(/:\w+/g)].map((_, i) => `#${i + 1}*`);
  expected.push(...Object.keys(parameters));
  // A transfer that went through would make A an admin, and A's token, which every run uses, stale:
  // this one is to no member (404, like a DELETE's id once gone).
  const transfer = route.path === '/api/team/transfer-ownership';
  const example = transfer ? { userId: randomUUID() } : route.example?.(ctx);
  if (example) {
    headers.push('Content-Type: application/json');
    expected.push(...new Set(jsonLeaves(example)));
  }
  if (route.path === '/api/create-payment-intent') {
    headers.push('Idempotency-Key: security-sqlmap-1*');
    expected.push('Idempotency-Key #1*');
  }
  const base = {
    url: `${stack.url}${marked}${query}`,
    method: route.method,
    data: example && JSON.stringify(example),
    headers: headers.filter(Boolean),
    // Answers sqlmap must not take for "stop here": a wrong password or signature (401), an id gone (404).
    ignoreCodes: [
      ...(route.path.startsWith('/api/auth/login') || route.access === 'signature' ? [401] : []),
      // …and a made-up invitation or incident-mail link (404, where the account links' made-up tokens
      // are a 400).
      ...(route.method === 'DELETE' || transfer || madeUpLinkIs404(route.path) ? [404] : []),
    ],
    // identity keeps the User-Agent of each session it opens: at level 3 sqlmap tries that header there.
    only: undefined,
    randomize: undefined,
    expected,
  };
  if (route.path === '/api/auth/login')
    return [{ ...base, only: ['email', 'password', 'User-Agent'], expected: [...expected, 'User-Agent'] }];
  // Below level 4 sqlmap ignores a parameter named like an anti-CSRF token (`token`: the mail links'
  // routes); named with -p, it is tested like the others.
  const fields = [...new Set(jsonLeaves(example))].map((leaf) => leaf.replace(/^JSON /, ''));
  if (fields.some((field) => /csrf|xsrf|token/i.test(field))) return [{ ...base, only: fields }];
  if (route.path === '/api/auth/register') {
    return [
      { ...base, only: ['name', 'User-Agent'], randomize: 'email', expected: ['JSON name', 'User-Agent'] },
      {
        ...base,
        data: JSON.stringify({ ...example, email: ctx.b.email }),
        only: ['email', 'password'],
        expected: ['JSON email', 'JSON password'],
      },
    ];
  }
  return [base];
}

/** Routes that answer a link's made-up token 404 (an invitation, an incident mail's confirm or unsubscribe). */
const madeUpLinkIs404 = (routePath) =>
  routePath.startsWith('/api/invitations/') || routePath.startsWith('/api/status/subscriptions/');

function runSqlmap(route, target, index) {
  const dir = path.join(outputDir, `${routeKey(route).replace(/[^\w]+/g, '_')}${index}`);
  const args = [
    '-u',
    target.url,
    '--method',
    target.method,
    ...(target.data ? ['--data', target.data] : []),
    '--headers',
    target.headers.join('\n'),
    '--batch',
    '--level',
    '3',
    '--risk',
    '2',
    '--dbms',
    'PostgreSQL',
    '--threads',
    '4',
    '--time-sec',
    '2',
    '--timeout',
    '15',
    '--retries',
    '1',
    '--disable-coloring',
    // A field the contract refuses unless it is an email (say) looks "type cast" to sqlmap, which would
    // then skip it: every parameter is tested all the same.
    '--answers',
    'skip those kind=N',
    '--output-dir',
    dir,
    ...(target.only ? ['-p', target.only.join(',')] : ['--skip', 'user-agent,referer']),
    ...(target.randomize ? ['--randomize', target.randomize] : []),
    ...target.ignoreCodes.flatMap((code) => ['--ignore-code', String(code)]),
  ];
  return new Promise((resolve) => {
    const child = spawn(sqlmap, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 10 * 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out, dir });
    });
  });
}

/**
 * What sqlmap concluded: injection points it reports (its final summary, the results CSV, the target
 * log, which stays empty otherwise), and the parameters it says it tested. A candidate sqlmap itself
 * then calls a false positive is not a finding.
 */
function findings(run) {
  const tested = [
    ...run.out.matchAll(/parameter '([^']+)' (?:does not seem to be injectable|is not injectable)/g),
  ].map((m) => m[1]);
  const injectable = [];
  if (/identified the following injection point/.test(run.out))
    injectable.push(
      run.out.slice(run.out.indexOf('identified the following injection point')).slice(0, 2000),
    );
  const walk = (dir) =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((entry) =>
            entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
          )
      : [];
  for (const file of walk(run.dir)) {
    const text = fs.readFileSync(file, 'utf8');
    // One row per candidate; sqlmap notes the ones its own confirmation step threw out.
    if (file.endsWith('.csv')) {
      injectable.push(
        ...text
          .trim()
          .split('\n')
          .slice(1)
          .filter((row) => row && !/false positive or unexploitable/.test(row)),
      );
    }
    if (path.basename(file) === 'log' && text.trim()) injectable.push(text.trim());
  }
  return {
    tested,
    injectable,
    finished: /all tested parameters do not appear to be injectable/.test(run.out),
  };
}

/** sqlmap names a path marker `#1*`, or `JSON #1*` when the request also has a JSON body. */
const wasTested = (tested, name) =>
  tested.some((each) => each === name || (name.startsWith('#') && each.endsWith(name)));

describe('SQL injection (sqlmap)', () => {
  test(
    'sqlmap finds no injectable parameter on any route that takes parameters',
    { timeout: 20 * 60_000 },
    async (t) => {
      if (sqlmapVersion.status !== 0) {
        t.skip(`sqlmap is not installed (${sqlmap}): apt-get install sqlmap`);
        return;
      }
      t.diagnostic(`sqlmap ${sqlmapVersion.stdout.trim()}, output in ${outputDir}`);
      assert.ok(withParameters.length >= 14, 'every route with parameters is classified');
      const targets = only ? withParameters.filter((route) => route.path.includes(only)) : withParameters;
      if (only) t.diagnostic(`SECURITY_SQLMAP_ONLY=${only}: ${targets.length} routes`);
      assert.ok(targets.length > 0, `routes to test (SECURITY_SQLMAP_ONLY=${only})`);
      const jobs = targets.flatMap((route) =>
        targetsOf(route).map((target, index) => ({ route, target, index })),
      );
      const runs = await pool(
        jobs.map(({ route, target, index }) => async () => {
          const started = performance.now();
          const run = await runSqlmap(route, target, index);
          return { route, target, run, seconds: (performance.now() - started) / 1000, ...findings(run) };
        }),
        2,
      );
      const problems = [];
      for (const { route, target, run, seconds, tested, injectable, finished } of runs) {
        t.diagnostic(`${routeKey(route)}: ${tested.join(', ')} in ${seconds.toFixed(0)} s`);
        if (injectable.length) problems.push(`${routeKey(route)} injectable:\n${injectable.join('\n')}`);
        if (run.code !== 0 || !finished) {
          problems.push(
            `${routeKey(route)}: sqlmap did not finish (exit ${run.code}):\n${run.out.slice(-1500)}`,
          );
        }
        const untested = target.expected.filter((name) => !wasTested(tested, name));
        if (untested.length)
          problems.push(
            `${routeKey(route)}: sqlmap did not test ${untested.join(', ')} (tested: ${tested.join(', ')})`,
          );
      }
      assert.deepEqual(problems, []);
      // The stack is still whole after it all.
      assert.ok(stack.running);
      assert.equal((await gateway.call('GET', '/api/readyz')).status, 200);
    },
  );
});
