import 'reflect-metadata';
import { envVars, loadEnv } from '@portal/config';
import { createDataSource, demoCustomer, demoDataWanted, demoPasswordEnv, migrateDatabase } from '@portal/db';
import { seedDemoCustomer } from './demo/demo-customer.seed';
import { identityDatabase } from './database';
import { seedFeatures } from './features/features.seed';
import { ensureStaffAccount, staffAccountEnvSchema, staffAccountFromEnv } from './staff/staff-account';

/**
 * `node dist/seed.js`: migrates, upserts the feature catalog and, when STAFF_EMAIL and STAFF_PASSWORD
 * are set, the staff (admin) account; with SEED_DEMO_DATA=true, the demo customer, whose password is
 * DEMO_CUSTOMER_PASSWORD (needed only then). Safe to run any number of times.
 */
async function main(): Promise<void> {
  const env = loadEnv(staffAccountEnvSchema.extend({ DATABASE_URL: envVars.postgresUrl() }));
  const staff = staffAccountFromEnv(env);
  const database = identityDatabase(env.DATABASE_URL);
  await migrateDatabase(database);
  const dataSource = await createDataSource({ ...database, poolSize: 1 }).initialize();
  try {
    const { inserted, updated } = await seedFeatures(dataSource);
    console.log(`identity: features seeded (${inserted} inserted, ${updated} refreshed)`);
    if (staff)
      console.log(`identity: staff account ${staff.email} ${await ensureStaffAccount(dataSource, staff)}`);
    if (demoDataWanted()) {
      const { DEMO_CUSTOMER_PASSWORD } = loadEnv(demoPasswordEnv);
      const seeded = await seedDemoCustomer(dataSource, DEMO_CUSTOMER_PASSWORD);
      console.log(`identity: demo customer ${demoCustomer.email} ${seeded}`);
    }
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  console.error('identity seed failed:', error);
  process.exit(1);
});
