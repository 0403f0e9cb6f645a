import 'reflect-metadata';
import { envVars, loadEnv, migrateDatabase } from '@portal/db';
import { z } from 'zod';
import { crmDatabase } from './database';

/**
 * `node dist/seed.js`, run by `npm start` and compose before the service: creates crm's database if
 * missing and applies its migrations. crm has no reference data, so that is the whole seed.
 */
async function main(): Promise<void> {
  const env = loadEnv(z.object({ DATABASE_URL: envVars.postgresUrl() }));
  const ran = await migrateDatabase(crmDatabase(env.DATABASE_URL));
  console.log(ran.length ? `crm: applied ${ran.join(', ')}` : 'crm: database is up to date');
}

main().catch((error: unknown) => {
  console.error('crm seed failed:', error);
  process.exit(1);
});
