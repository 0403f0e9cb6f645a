import 'reflect-metadata';
import { createDataSource, envVars, loadEnv, migrateDatabase } from '@portal/db';
import { z } from 'zod';
import { identityDatabase } from './database';
import { seedFeatures } from './features/features.seed';

/** `node dist/seed.js`: migrates, then upserts the feature catalog. Safe to run any number of times. */
async function main(): Promise<void> {
  const env = loadEnv(z.object({ DATABASE_URL: envVars.postgresUrl() }));
  const database = identityDatabase(env.DATABASE_URL);
  await migrateDatabase(database);
  const dataSource = await createDataSource({ ...database, poolSize: 1 }).initialize();
  try {
    const { inserted, updated } = await seedFeatures(dataSource);
    console.log(`identity: features seeded (${inserted} inserted, ${updated} refreshed)`);
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  console.error('identity seed failed:', error);
  process.exit(1);
});
