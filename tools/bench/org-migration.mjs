#!/usr/bin/env node
// Budget of issue 18: the data migration of 100,000 orders and 100,000 tickets runs in ≤ 60 s. On
// throwaway databases of the machine's PostgreSQL, commerce's and support's migrations of before
// organizations owned data are run, then 100,000 orders and 100,000 tickets are seeded for 20,000
// customers without an organization (as they were stored before). Timed, both services at once as
// their processes would: their organization migrations (ADR 0184), then the legacy claim of every
// customer as each service's consumer of `portal.memberships.changed` applies it, one event per
// transaction, in order, with its processed_events row, the built services' own claim functions.
// Then every row must carry its customer's organization.
//
//   node tools/bench/org-migration.mjs [--orders 100000] [--tickets 100000] [--users 20000]
//
// Needs the built tree (commerce, support and their libraries: `npx nx run-many -t build -p
// @portal/commerce @portal/support`) and PostgreSQL at TEST_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres). Exit codes: 0 within budget, 1 over budget or a row
// left without its organization, 2 could not run.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { rootDir } from '@portal/toolkit/stack';
import { reportResult } from './results.mjs';

export const orgMigrationBudgetSeconds = 60;

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '100000' },
    tickets: { type: 'string', default: '100000' },
    users: { type: 'string', default: '20000' },
  },
});
const counts = {
  orders: Number(values.orders),
  tickets: Number(values.tickets),
  users: Number(values.users),
};
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A module of the built tree, as its CommonJS exports.
 * @param {string} file path from the repository root
 * @returns {Promise<any>}
 */
async function built(file) {
  const full = path.join(rootDir, file);
  if (!existsSync(full)) throw new Error(`${file} is missing: build commerce and support first`);
  const module = await import(pathToFileURL(full).href);
  return module.default ?? module;
}

/**
 * What the bench needs of one service: its migrations (those of the organization migration last),
 * the legacy rows to seed, and the claim its consumer runs.
 * @typedef {object} ServiceUnderTest
 * @property {string} name
 * @property {Function[]} migrations
 * @property {string} firstOfIssue18 the class name of the service's organization migration
 * @property {string} table
 * @property {string} actor the actor column
 * @property {number} rows
 * @property {(query: (sql: string, params?: unknown[]) => Promise<unknown>, users: string[], rows: number) => Promise<unknown>} seed
 * @property {(manager: { query: (sql: string, params?: unknown[]) => Promise<any> }, claim: { organizationId: string, userId: string }) => Promise<number>} claim
 */

/** @returns {Promise<ServiceUnderTest[]>} */
async function servicesUnderTest() {
  const commerceMigrations = (await built('services/commerce/dist/migrations/index.js')).commerceMigrations;
  const supportMigrations = (await built('services/support/dist/migrations/index.js')).supportMigrations;
  const { claimLegacyOrders } = await built('services/commerce/dist/orders/orders.service.js');
  const { claimLegacyTickets } = await built('services/support/dist/tickets/tickets.service.js');
  return [
    {
      name: 'commerce',
      migrations: commerceMigrations,
      firstOfIssue18: 'OrdersOwnedByOrganizations1765000000000',
      table: 'orders',
      actor: 'user_id',
      rows: counts.orders,
      // Orders as checkout stored them: a user, a status, a total, most with the checkout's key.
      seed: (query, users, rows) =>
        query(
          `INSERT INTO orders (user_id, status, total, idempotency_key, canceled_at, created_at, updated_at)
           SELECT ($1::uuid[])[1 + n % cardinality($1::uuid[])],
                  (ARRAY['pending', 'completed', 'failed', 'canceled'])[1 + n % 4],
                  (n % 5000) + 99, CASE WHEN n % 10 = 0 THEN NULL ELSE 'checkout-' || n END,
                  CASE WHEN n % 4 = 3 THEN now() - make_interval(mins => n) END,
                  now() - make_interval(mins => n), now() - make_interval(mins => n)
           FROM generate_series(1, $2) AS n`,
          [users, rows],
        ),
      claim: claimLegacyOrders,
    },
    {
      name: 'support',
      migrations: supportMigrations,
      firstOfIssue18: 'TicketsOwnedByOrganizations1765000000000',
      table: 'tickets',
      actor: 'customer_id',
      rows: counts.tickets,
      seed: (query, users, rows) =>
        query(
          `INSERT INTO tickets (customer_id, title, description, priority, status, created_at, updated_at)
           SELECT ($1::uuid[])[1 + n % cardinality($1::uuid[])], 'Calls drop after a minute ' || n,
                  'Since this morning every call to the front desk drops after about a minute.',
                  (ARRAY['low', 'medium', 'high', 'urgent'])[1 + n % 4],
                  (ARRAY['open', 'in_progress', 'resolved', 'closed'])[1 + n % 4],
                  now() - make_interval(mins => n), now() - make_interval(mins => n)
           FROM generate_series(1, $2) AS n`,
          [users, rows],
        ),
      claim: claimLegacyTickets,
    },
  ];
}

/**
 * @param {ServiceUnderTest} service
 * @param {string} databaseUrl
 * @param {any} typeorm
 */
function dataSourceOf(service, databaseUrl, typeorm, migrations = service.migrations) {
  return new typeorm.DataSource({
    type: 'postgres',
    url: databaseUrl,
    migrations,
    migrationsTableName: 'migrations',
    installExtensions: false,
    logging: false,
  });
}

/**
 * Migrates the service's database up to before its organization migration and seeds the legacy rows.
 * @param {ServiceUnderTest} service
 * @param {string} databaseUrl
 * @param {string[]} users
 * @param {any} typeorm
 */
async function prepare(service, databaseUrl, users, typeorm) {
  const index = service.migrations.findIndex((migration) => migration.name === service.firstOfIssue18);
  if (index < 0) throw new Error(`${service.name}: no migration ${service.firstOfIssue18} in the built tree`);
  const before = dataSourceOf(service, databaseUrl, typeorm, service.migrations.slice(0, index));
  await before.initialize();
  try {
    await before.runMigrations({ transaction: 'each' });
    await service.seed((sql, params) => before.query(sql, params), users, service.rows);
    await before.query(`ANALYZE ${service.table}`);
  } finally {
    await before.destroy();
  }
}

/**
 * The timed part for one service: its remaining migrations, then one claim per user as its consumer
 * handles `portal.memberships.changed` (a transaction each: processed_events, then the claim).
 * @param {ServiceUnderTest} service
 * @param {string} databaseUrl
 * @param {{ userId: string, organizationId: string }[]} owners
 * @param {any} typeorm
 */
async function migrate(service, databaseUrl, owners, typeorm) {
  const dataSource = dataSourceOf(service, databaseUrl, typeorm);
  await dataSource.initialize();
  try {
    const started = performance.now();
    const ran = await dataSource.runMigrations({ transaction: 'each' });
    const migrationsMs = performance.now() - started;
    const durable = `${path.basename(new URL(databaseUrl).pathname)}_memberships_changed`;
    let moved = 0;
    for (const owner of owners) {
      await dataSource.transaction(async (/** @type {any} */ manager) => {
        await manager.query(
          `INSERT INTO processed_events (consumer, event_id) VALUES ($1, $2)
           ON CONFLICT DO NOTHING RETURNING event_id`,
          [durable, randomUUID()],
        );
        moved += await service.claim(manager, owner);
      });
    }
    const totalMs = performance.now() - started;
    const [{ left }] = await dataSource.query(
      `SELECT count(*)::int AS left FROM ${service.table} AS row
       LEFT JOIN unnest($1::uuid[], $2::uuid[]) AS owner(user_id, organization_id) ON owner.user_id = row.${service.actor}
       WHERE row.organization_id IS DISTINCT FROM owner.organization_id`,
      [owners.map((owner) => owner.userId), owners.map((owner) => owner.organizationId)],
    );
    return {
      service: service.name,
      rows: service.rows,
      migrations: ran.map((migration) => migration.name),
      migrationsMs: Math.round(migrationsMs),
      claimsMs: Math.round(totalMs - migrationsMs),
      totalMs: Math.round(totalMs),
      moved,
      withoutTheirOrganization: left,
    };
  } finally {
    await dataSource.destroy();
  }
}

async function main() {
  const typeorm = await import('typeorm');
  const { dropDatabase, ensureDatabase, withDatabase } = await built('libs/db-admin/dist/index.js');
  const services = await servicesUnderTest();
  const owners = Array.from({ length: counts.users }, () => ({
    userId: randomUUID(),
    organizationId: randomUUID(),
  }));
  const users = owners.map((owner) => owner.userId);
  const suffix = randomUUID().slice(0, 8);
  const databases = services.map((service) => `bench_org_migration_${service.name}_${suffix}`);
  try {
    for (const [i, service] of services.entries()) {
      await ensureDatabase(serverUrl, databases[i]);
      const seeding = performance.now();
      await prepare(service, withDatabase(serverUrl, databases[i]), users, typeorm);
      console.log(
        `  ${service.name}: ${service.rows} ${service.table} of ${counts.users} customers seeded without an organization in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
      );
    }
    const started = performance.now();
    const results = await Promise.all(
      services.map((service, i) => migrate(service, withDatabase(serverUrl, databases[i]), owners, typeorm)),
    );
    const seconds = (performance.now() - started) / 1000;
    for (const result of results) {
      console.log(
        `  ${result.service}: ${result.migrations.join(', ')} in ${(result.migrationsMs / 1000).toFixed(1)} s, ` +
          `${counts.users} legacy claims (${result.moved} ${result.service === 'commerce' ? 'orders' : 'tickets'} moved) in ${(result.claimsMs / 1000).toFixed(1)} s; ` +
          `${result.withoutTheirOrganization} left without their organization`,
      );
    }
    const complete = results.every((result) => result.withoutTheirOrganization === 0);
    const withinBudget = seconds <= orgMigrationBudgetSeconds;
    console.log(
      `data migration of ${counts.orders} orders and ${counts.tickets} tickets: ${seconds.toFixed(1)} s ` +
        `(budget ${orgMigrationBudgetSeconds} s)${complete ? '' : ', ROWS LEFT WITHOUT THEIR ORGANIZATION'}`,
    );
    reportResult({ ...counts, seconds: Number(seconds.toFixed(1)), results, complete, withinBudget });
    process.exitCode = complete && withinBudget ? 0 : 1;
  } finally {
    for (const database of databases) await dropDatabase(serverUrl, database).catch(() => undefined);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main().catch((error) => {
    console.error(`org-migration could not run: ${error instanceof Error ? error.stack : error}`);
    process.exitCode = 2;
  });
}
