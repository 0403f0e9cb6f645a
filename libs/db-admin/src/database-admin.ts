import { Client } from 'pg';
import { assertDatabaseName } from './database-url';

const DUPLICATE_DATABASE = '42P04';
const UNIQUE_VIOLATION = '23505';

async function withClient<T>(serverUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates database `name` on the server of `serverUrl` (a URL of any database on that server,
 * usually `postgres`) unless it exists. Safe when several processes race to create it.
 * Returns true when it created the database.
 */
export async function ensureDatabase(serverUrl: string, name: string): Promise<boolean> {
  assertDatabaseName(name);
  return withClient(serverUrl, async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return false;
    try {
      await client.query(`CREATE DATABASE "${name}"`);
      return true;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === DUPLICATE_DATABASE || code === UNIQUE_VIOLATION) return false;
      throw error;
    }
  });
}

/** Drops database `name` if it exists, closing its open connections first. */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  assertDatabaseName(name);
  await withClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
