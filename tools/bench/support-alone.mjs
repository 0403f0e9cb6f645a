// The built support service alone, for the benchmarks that measure it without the gateway in front
// (staff-queue.mjs, v1-tickets-support.mjs): a throwaway database of the machine's PostgreSQL
// (migrated by the service as it starts), identity's JWKS served here with tokens signed by a key made
// here, and 100,000 tickets seeded as a help desk holds them. (The bench stays off `@portal/testing`,
// whose helpers are jest's.)
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import pg from 'pg';
import { rootDir } from '@portal/toolkit/stack';
import { cpuSeconds } from './process-usage.mjs';

const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The built `@portal/contracts` (CommonJS: its exports are the module's default). */
export async function contracts() {
  const module = await import('@portal/contracts');
  return module.default ?? module;
}

/** A TCP port nobody listens on now. */
async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  await new Promise((resolve) => server.close(() => resolve(undefined)));
  return port;
}

/** identity as support sees it: its JWKS on a local port, and `sign` for tokens of that key. */
async function startIdentity(kid) {
  const { ACCESS_TOKEN_ALGORITHM, ACCESS_TOKEN_ISSUER, JWKS_PATH } = await contracts();
  const { publicKey, privateKey } = await generateKeyPair(ACCESS_TOKEN_ALGORITHM);
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: ACCESS_TOKEN_ALGORITHM, use: 'sig' };
  const server = createHttpServer((request, response) => {
    if (request.url !== JWKS_PATH) response.writeHead(404).end();
    else response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    /** A token with `claims`, for `audience`, valid `ttlSeconds` from now. */
    sign: (/** @type {Record<string, unknown>} */ claims, /** @type {string} */ audience, ttlSeconds) => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({
        ...claims,
        iss: ACCESS_TOKEN_ISSUER,
        aud: audience,
        iat: now,
        exp: now + ttlSeconds,
      })
        .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, kid })
        .sign(privateKey);
    },
    stop: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

/** `serverUrl` with another database name. */
function databaseUrl(name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function waitForHealth(url, child) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`support exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('support did not answer /health within 60 s');
}

/**
 * `count` tickets as a help desk holds them: 2,000 organizations, 10,000 customers, opened over the
 * last 180 days; most resolved or closed, the rest open or in progress, some of those past their SLA
 * warning, a third assigned to one of 20 staff. The database's triggers give each its SLA clocks and
 * its description as first message. Answers the staff ids.
 */
async function seedHelpDesk(client, count) {
  const staffIds = Array.from({ length: 20 }, () => randomUUID());
  await client.query(
    `WITH customers AS (
       SELECT n, gen_random_uuid() AS customer_id, (n % 2000) AS org_index FROM generate_series(0, 9999) AS n
     ), organizations AS (
       SELECT n AS org_index, gen_random_uuid() AS organization_id FROM generate_series(0, 1999) AS n
     )
     INSERT INTO tickets (id, customer_id, organization_id, title, description, priority, status,
                          assignee_id, created_at, updated_at)
     SELECT gen_random_uuid(), c.customer_id, o.organization_id,
            'Ticket ' || t, 'What happened, in a few words, for ticket ' || t,
            (ARRAY['low', 'medium', 'medium', 'high', 'urgent'])[1 + t % 5],
            CASE WHEN t % 20 < 12 THEN 'closed' WHEN t % 20 < 15 THEN 'resolved'
                 WHEN t % 20 < 18 THEN 'open' ELSE 'in_progress' END,
            CASE WHEN t % 3 = 0 THEN ($2::uuid[])[1 + t % 20] END,
            opened, opened + interval '1 hour'
     FROM generate_series(1, $1) AS t
     CROSS JOIN LATERAL (SELECT now() - (t::double precision / $1) * interval '180 days' AS opened) AS at
     JOIN customers c ON c.n = t % 10000
     JOIN organizations o ON o.org_index = c.org_index`,
    [count, staffIds],
  );
  // A desk in its steady state has already sent the warnings whose time has passed: left unsent, the
  // service's 30 s job would send tens of thousands of them in the middle of a measurement.
  await client.query(
    `UPDATE tickets SET first_response_warned_at = CASE WHEN first_response_warn_at <= now()
                                                        THEN first_response_warn_at END,
                        resolution_warned_at = CASE WHEN resolution_warn_at <= now() THEN resolution_warn_at END
     WHERE status IN ('open', 'in_progress')`,
  );
  await client.query('VACUUM ANALYZE tickets');
  return staffIds;
}

/**
 * Runs `use` against the built support service on a throwaway database (`<name>_<random>`) of `tickets`
 * seeded tickets, then stops everything and drops the database (unless `keep`). `use` gets the
 * service's URL and pid, a client of its database, the staff ids and identity's `sign`.
 * SUPPORT_NODE_ARGS adds node options to the service, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
 */
export async function withSupportAlone({ name, tickets, keep }, use) {
  const supportMain = path.join(rootDir, 'services/support/dist/main.js');
  if (!existsSync(supportMain)) throw new Error('services/support/dist is missing: build support first');

  const database = `${name}_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const identity = await startIdentity(`bench-${name}`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const nodeArgs = (process.env.SUPPORT_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, supportMain], {
    cwd: rootDir,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl(database),
      NATS_URL: '',
      IDENTITY_URL: identity.baseUrl,
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'false',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const client = new pg.Client({ connectionString: databaseUrl(database) });
  try {
    await waitForHealth(url, child);
    await client.connect();
    const seedStarted = Date.now();
    const staffIds = await seedHelpDesk(client, tickets);
    console.log(`seeded ${tickets} tickets in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);
    return await use({ url, pid: child.pid, client, staffIds, sign: identity.sign });
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) =>
      child.exitCode !== null ? resolve(undefined) : child.once('exit', resolve),
    );
    await client.end().catch(() => undefined);
    await identity.stop();
    if (keep) console.log(`kept the database ${database}`);
    else await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
}

/**
 * autocannon with `options` for `duration` seconds after a 3 s warm-up: its p99 (ms), the request
 * count, and the CPU time a request cost the process `pid` (ms). Any failed request fails the run.
 */
export async function measureService(options, duration, pid) {
  await autocannon({ ...options, duration: 3 });
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({ ...options, duration });
  const cpuMs = ((cpuSeconds(pid) - cpuBefore) * 1000) / result.requests.total;
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${failed} failed of ${result.requests.total} requests`);
  return { p99: result.latency.p99, requests: result.requests.total, cpuMs };
}
