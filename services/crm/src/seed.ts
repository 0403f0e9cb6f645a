import 'reflect-metadata';
import { envVars, loadEnv } from '@portal/config';
import { createDataSource, demoDataWanted, demoDialerEnv, migrateDatabase } from '@portal/db';
import { z } from 'zod';
import { encryptionKeyVar, SecretBox } from '@portal/auth';
import { crmDatabase } from './database';
import { demoIntegrations, seedDemoIntegrations } from './integrations/demo-integrations.seed';

/**
 * `node dist/seed.js`, run by `npm start` and compose before the service: creates crm's database if
 * missing and applies its migrations. With SEED_DEMO_DATA=true it also adds the demo customer's
 * integrations, sealed with CRM_ENCRYPTION_KEY, the dialer's signing secret being DEMO_DIALER_SIGNING_SECRET
 * (both needed only then). Safe to run any number of times.
 */
async function main(): Promise<void> {
  const env = loadEnv(z.object({ DATABASE_URL: envVars.postgresUrl() }));
  const database = crmDatabase(env.DATABASE_URL);
  const ran = await migrateDatabase(database);
  const migrated = ran.length ? `applied ${ran.join(', ')}` : 'database is up to date';
  if (!demoDataWanted()) {
    console.log(`crm: ${migrated}`);
    return;
  }
  const { CRM_ENCRYPTION_KEY, DEMO_DIALER_SIGNING_SECRET } = loadEnv(
    demoDialerEnv.extend({ CRM_ENCRYPTION_KEY: encryptionKeyVar() }),
  );
  const dataSource = await createDataSource({ ...database, poolSize: 1 }).initialize();
  try {
    const box = new SecretBox(CRM_ENCRYPTION_KEY);
    const added = await seedDemoIntegrations(dataSource, box, DEMO_DIALER_SIGNING_SECRET);
    console.log(
      `crm: ${migrated}; demo integrations: ${added} added, ${demoIntegrations.length - added} already there`,
    );
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  console.error('crm seed failed:', error);
  process.exit(1);
});
