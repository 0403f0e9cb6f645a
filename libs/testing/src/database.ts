import { Client } from 'pg';
import { testDatabaseServerUrl } from './env';
import { uniqueName } from './names';

export interface TestDatabase {
  name: string;
  /** URL of the new database. */
  url: string;
  /** Drops the database, closing any connection still open on it. */
  drop(): Promise<void>;
}

async function onServer(sql: string): Promise<void> {
  const client = new Client({ connectionString: testDatabaseServerUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates an empty, uniquely named database on the test server (`TEST_DATABASE_URL`). */
export async function createTestDatabase(prefix = 'test'): Promise<TestDatabase> {
  const name = uniqueName(prefix.replace(/[^a-z0-9_]/gi, '_'));
  await onServer(`CREATE DATABASE "${name}"`);
  const url = new URL(testDatabaseServerUrl());
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}
