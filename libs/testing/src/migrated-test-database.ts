import { DataSource, type EntitySchema, type MixedList, type QueryRunner } from 'typeorm';
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

/**
 * Runs `work` with a query runner in a transaction of its own, as TypeORM runs a migration (rolled
 * back when it throws): a migration's `up` once more, e.g., to show that a second run changes nothing.
 */
export async function asMigration<T>(
  dataSource: DataSource,
  work: (runner: QueryRunner) => Promise<T>,
): Promise<T> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction();
    const result = await work(runner);
    await runner.commitTransaction();
    return result;
  } catch (error) {
    if (runner.isTransactionActive) await runner.rollbackTransaction();
    throw error;
  } finally {
    await runner.release();
  }
}
