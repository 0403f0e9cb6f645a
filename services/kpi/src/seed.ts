import 'reflect-metadata';
import { envVars, loadEnv } from '@portal/config';
import { createDataSource, demoDataWanted, migrateDatabase } from '@portal/db';
import { z } from 'zod';
import { kpiDatabase } from './database';
import { seedDemoMetrics } from './demo/demo-metrics';

/**
 * `node dist/seed.js`, run by `npm start` and compose before the service: creates kpi's database if
 * missing and migrates it; with SEED_DEMO_DATA=true it also adds the demo customer's last 30 days.
 */
async function main(): Promise<void> {
  const env = loadEnv(z.object({ DATABASE_URL: envVars.postgresUrl() }));
  const database = kpiDatabase(env.DATABASE_URL);
  const ran = await migrateDatabase(database);
  console.log(ran.length ? `kpi: applied ${ran.join(', ')}` : 'kpi: database is up to date');
  if (!demoDataWanted()) return;
  const dataSource = await createDataSource({ ...database, poolSize: 1 }).initialize();
  try {
    console.log(`kpi: demo customer's metrics seeded (${await seedDemoMetrics(dataSource)} new)`);
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  console.error('kpi seed failed:', error);
  process.exit(1);
});
