import type { DataSource } from 'typeorm';
import { ensureDatabase, splitDatabaseUrl } from '@portal/db-admin';
import { createDataSource, type DataSourceConfig } from './data-source';

/**
 * The session-level advisory lock a database's migrations run under. Advisory locks belong to the
 * database they are taken in, so each service's database has its own.
 */
const MIGRATIONS_LOCK = `hashtextextended('portal.migrations', 0)`;

/** Runs the pending migrations of an initialized DataSource; returns the names it ran, in order. */
export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  const ran = await dataSource.runMigrations({ transaction: 'each' });
  return ran.map((migration) => migration.name);
}

/**
 * What a service runs at boot and the runner runs before seeding: creates the service's database
 * if it is missing, then applies its pending migrations. Returns the names of the migrations run.
 * Replicas starting together migrate one at a time: each waits for the lock, and the ones after the
 * first find nothing pending. A replica that dies holding it ends its session, which frees it.
 */
export async function migrateDatabase(config: DataSourceConfig): Promise<string[]> {
  const { serverUrl, database } = splitDatabaseUrl(config.url);
  await ensureDatabase(serverUrl, database);
  // One connection holds the lock while TypeORM migrates on the other.
  const dataSource = await createDataSource({ ...config, poolSize: 2 }).initialize();
  const lock = dataSource.createQueryRunner();
  try {
    await lock.query(`SELECT pg_advisory_lock(${MIGRATIONS_LOCK})`);
    return await runMigrations(dataSource);
  } finally {
    await lock.query(`SELECT pg_advisory_unlock(${MIGRATIONS_LOCK})`).catch(() => undefined);
    await lock.release();
    await dataSource.destroy();
  }
}
