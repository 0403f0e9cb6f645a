import 'reflect-metadata';
import { envVars, loadEnv } from '@portal/config';
import { migrateDatabase } from '@portal/db';
import { z } from 'zod';
import { identityDatabase } from './database';

/** `node dist/migrate.js`: creates identity's database if missing and applies pending migrations. */
async function main(): Promise<void> {
  const env = loadEnv(z.object({ DATABASE_URL: envVars.postgresUrl() }));
  const ran = await migrateDatabase(identityDatabase(env.DATABASE_URL));
  console.log(ran.length ? `identity: applied ${ran.join(', ')}` : 'identity: database is up to date');
}

main().catch((error: unknown) => {
  console.error('identity migrations failed:', error);
  process.exit(1);
});
