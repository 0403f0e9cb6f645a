import 'reflect-metadata';
import { envVars, loadEnv } from '@portal/config';
import { createDataSource, demoDataWanted, migrateDatabase } from '@portal/db';
import { z } from 'zod';
import { supportDatabase } from './database';
import { assignDemoTicketAgents, seedDemoAgents } from './agents/demo-agents.seed';
import { seedDemoTickets } from './tickets/demo-tickets.seed';

/**
 * `node dist/seed.js`, run by `npm start` and compose before the service: creates support's database
 * if missing and applies its migrations; with `SEED_DEMO_DATA=true` it also adds the demo customer's
 * tickets and the agents assigned to its account. Safe to run any number of times.
 */
async function main(): Promise<void> {
  const env = loadEnv(z.object({ DATABASE_URL: envVars.postgresUrl() }));
  const database = supportDatabase(env.DATABASE_URL);
  const ran = await migrateDatabase(database);
  const migrated = ran.length ? `applied ${ran.join(', ')}` : 'database is up to date';
  if (!demoDataWanted()) {
    console.log(`support: ${migrated}`);
    return;
  }
  const dataSource = await createDataSource({ ...database, poolSize: 1 }).initialize();
  try {
    const agents = await seedDemoAgents(dataSource);
    const added = await seedDemoTickets(dataSource);
    await assignDemoTicketAgents(dataSource);
    console.log(`support: ${migrated}; demo customer's tickets: ${added} added, agents: ${agents} added`);
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  console.error('support seed failed:', error);
  process.exit(1);
});
