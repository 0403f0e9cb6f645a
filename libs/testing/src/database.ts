import { dropDatabase, ensureDatabase, withDatabase } from '@portal/db-admin';
import { testDatabaseServerUrl } from './env';
import { uniqueName } from './names';

export interface TestDatabase {
  name: string;
  /** URL of the new database. */
  url: string;
  /** Drops the database, closing any connection still open on it. */
  drop(): Promise<void>;
}

/**
 * Creates an empty, uniquely named database on the test server (`TEST_DATABASE_URL`), through the
 * same code that creates a service's database at boot (`@portal/db-admin`).
 */
export async function createTestDatabase(prefix = 'test'): Promise<TestDatabase> {
  const server = testDatabaseServerUrl();
  const name = uniqueName(prefix.replace(/[^a-z0-9_]/gi, '_'));
  await ensureDatabase(server, name);
  return { name, url: withDatabase(server, name), drop: () => dropDatabase(server, name) };
}
