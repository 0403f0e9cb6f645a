import 'reflect-metadata';
import { envVars, loadEnv } from '@portal/config';
import { createDataSource, demoDataWanted, migrateDatabase } from '@portal/db';
import { z } from 'zod';
import { commerceDatabase } from './database';
import { seedDemoOrders } from './orders/demo-orders.seed';
import { catalog, seedCatalog } from './packages/catalog.seed';

/**
 * `node dist/seed.js`, run by `npm start` and compose before the service: creates commerce's database
 * if missing, migrates it and upserts the package catalog; with SEED_DEMO_DATA=true it adds the demo
 * customer's orders. Safe to run any number of times.
 */
async function main(): Promise<void> {
  const env = loadEnv(z.object({ DATABASE_URL: envVars.postgresUrl() }));
  const database = commerceDatabase(env.DATABASE_URL);
  await migrateDatabase(database);
  const dataSource = await createDataSource({ ...database, poolSize: 1 }).initialize();
  try {
    await seedCatalog(dataSource);
    console.log(`commerce: catalog seeded (${catalog.length} packages)`);
    if (demoDataWanted())
      console.log(`commerce: demo customer's orders: ${await seedDemoOrders(dataSource)} added`);
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  console.error('commerce seed failed:', error);
  process.exit(1);
});
