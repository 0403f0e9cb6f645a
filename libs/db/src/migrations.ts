import type { DataSource } from 'typeorm';
import { ensureDatabase, splitDatabaseUrl } from '@portal/db-admin';
import { createDataSource, type DataSourceConfig } from './data-source';

/** Runs the pending migrations of an initialized DataSource; returns the names it ran, in order. */
export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  const ran = await dataSource.runMigrations({ transaction: 'each' });
  return ran.map((migration) => migration.name);
}

/**
 * What a service runs at boot and the runner runs before seeding: creates the service's database
 * if it is missing, then applies its pending migrations. Returns the names of the migrations run.
 */
export async function migrateDatabase(config: DataSourceConfig): Promise<string[]> {
  const { serverUrl, database } = splitDatabaseUrl(config.url);
  await ensureDatabase(serverUrl, database);
  const dataSource = await createDataSource({ ...config, poolSize: 1 }).initialize();
  try {
    return await runMigrations(dataSource);
  } finally {
    await dataSource.destroy();
  }
}
