// deploy/postgres/init-databases.sh, run as the postgres image runs it, against the machine's real
// PostgreSQL (PGHOST, default 127.0.0.1, as the superuser postgres): each service ends up with a role
// that owns its database and nothing else, and cannot even connect to another service's database.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';

const script = path.resolve(import.meta.dirname, '../../postgres/init-databases.sh');
const host = process.env.PGHOST ?? '127.0.0.1';
const port = Number(process.env.PGPORT ?? 5432);
const prefix = `initdb_${randomBytes(4).toString('hex')}`;
const services = ['identity', 'commerce', 'crm', 'support', 'kpi', 'gateway'];
const name = (/** @type {string} */ service) => `${prefix}_${service}`;

/** @param {string} user @param {string} database @param {(client: pg.Client) => Promise<any>} work */
async function as(user, database, work) {
  const client = new pg.Client({ host, port, user, database, password: 'unused-with-trust' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const runScript = (/** @type {string} */ secrets) =>
  promisify(execFile)('bash', [script], {
    env: {
      ...process.env,
      PGHOST: host,
      PGPORT: String(port),
      POSTGRES_USER: 'postgres',
      PORTAL_SECRETS_DIR: secrets,
    },
  });

describe('deploy/postgres/init-databases.sh', () => {
  const secrets = mkdtempSync(path.join(tmpdir(), 'portal-secrets-'));

  before(() => {
    for (const service of services)
      writeFileSync(
        path.join(secrets, `${service}_database_url`),
        `postgres://${name(service)}:${randomBytes(12).toString('hex')}@postgres:5432/${name(service)}\n`,
      );
  });

  after(async () => {
    await as('postgres', 'postgres', async (client) => {
      for (const service of services) {
        await client.query(`DROP DATABASE IF EXISTS "${name(service)}" WITH (FORCE)`);
        await client.query(`DROP ROLE IF EXISTS "${name(service)}"`);
      }
    });
    rmSync(secrets, { recursive: true, force: true });
  });

  it('creates one unprivileged role per service, owner of its database, the only one that may connect to it', async () => {
    const { stdout } = await runScript(secrets);
    assert.match(stdout, new RegExp(`${name('gateway')} ready, owned by role ${name('gateway')}`));
    await as('postgres', 'postgres', async (client) => {
      for (const service of services) {
        const { rows } = await client.query(
          `SELECT r.rolsuper, r.rolcreatedb, r.rolcreaterole, r.rolcanlogin, pg_get_userbyid(d.datdba) AS owner
             FROM pg_roles r, pg_database d WHERE r.rolname = $1 AND d.datname = $1`,
          [name(service)],
        );
        assert.deepEqual(rows, [
          {
            rolsuper: false,
            rolcreatedb: false,
            rolcreaterole: false,
            rolcanlogin: true,
            owner: name(service),
          },
        ]);
      }
    });
    // At boot a service looks for its database from `postgres` (libs/db-admin's ensureDatabase) and,
    // finding it, creates nothing: its role may do that look-up.
    const found = await as(name('crm'), 'postgres', (client) =>
      client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name('crm')]),
    );
    assert.equal(found.rowCount, 1);
    // Its own database: it can create what its migrations create.
    await as(name('commerce'), name('commerce'), (client) => client.query('CREATE TABLE probe (id int)'));
    // Another service's: refused at the door.
    await assert.rejects(
      as(name('commerce'), name('identity'), async () => undefined),
      /permission denied for database/,
    );
  });

  it('run again on a database the superuser filled, hands its tables and types to the role', async () => {
    await as('postgres', name('kpi'), async (client) => {
      await client.query(`CREATE TYPE mood AS ENUM ('up', 'down')`);
      await client.query('CREATE TABLE metrics (id serial PRIMARY KEY, mood mood)');
    });
    await runScript(secrets);
    await as(name('kpi'), name('kpi'), async (client) => {
      await client.query(`INSERT INTO metrics (mood) VALUES ('up')`);
      await client.query('ALTER TABLE metrics ADD COLUMN note text');
      const { rows } = await client.query(
        `SELECT pg_get_userbyid(relowner) AS owner FROM pg_class WHERE relname IN ('metrics', 'metrics_id_seq')`,
      );
      assert.deepEqual(
        rows.map((row) => row.owner),
        [name('kpi'), name('kpi')],
      );
    });
  });

  it('refuses a database URL it cannot take apart safely, naming the file', async () => {
    const bad = mkdtempSync(path.join(tmpdir(), 'portal-secrets-'));
    try {
      writeFileSync(
        path.join(bad, 'identity_database_url'),
        'postgres://postgres@postgres:5432/portal_identity\n',
      );
      await assert.rejects(runScript(bad), (/** @type {any} */ error) => {
        assert.match(
          error.stderr,
          /identity_database_url is not postgres:\/\/<role>:<password>@<host>\/<database>/,
        );
        return true;
      });
    } finally {
      rmSync(bad, { recursive: true, force: true });
    }
  });
});
