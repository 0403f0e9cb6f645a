import { DataSource, type EntitySchema, type MixedList } from 'typeorm';
import { createTestDatabase, type TestDatabase } from './database';

export interface MigratedTestDatabaseOptions {
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function>;
  /** Entities for the connection, for reading and writing through repositories. */
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities?: MixedList<Function | EntitySchema>;
  /** Connections the test may hold at once (TypeORM's default: 10). */
  poolSize?: number;
}

export interface MigratedTestDatabase {
  database: TestDatabase;
  /** A connection to it, migrated. */
  dataSource: DataSource;
  /** Closes the connection, then drops the database. */
  close(): Promise<void>;
}

/**
 * A throwaway database on the test server (`createTestDatabase`) with `migrations` run, one
 * transaction each as a service runs them, and a connection to it. On a failed migration the
 * database is dropped again.
 */
export async function createMigratedTestDatabase(
  prefix: string,
  options: MigratedTestDatabaseOptions,
): Promise<MigratedTestDatabase> {
  const database = await createTestDatabase(prefix);
  const dataSource = new DataSource({
    type: 'postgres',
    url: database.url,
    entities: options.entities ?? [],
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    installExtensions: false,
    poolSize: options.poolSize,
  });
  const close = async () => {
    if (dataSource.isInitialized) await dataSource.destroy();
    await database.drop();
  };
  try {
    await dataSource.initialize();
    await dataSource.runMigrations({ transaction: 'each' });
  } catch (error) {
    await close();
    throw error;
  }
  return { database, dataSource, close };
}
