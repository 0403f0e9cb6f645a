import 'reflect-metadata';
import { migrateDatabase } from '@portal/db';
import { createServiceApp } from '@portal/nest-http';
import { AppModule } from './app.module';
import { loadCrmConfig } from './config';
import { crmDatabase } from './database';

async function bootstrap(): Promise<void> {
  const config = loadCrmConfig();
  // Migrations run before the app accepts traffic; the database is created if missing.
  await migrateDatabase(crmDatabase(config.databaseUrl));
  const app = await createServiceApp(AppModule.forRoot(config), {
    name: 'crm',
    logLevel: config.logLevel,
    trustProxy: config.trustedProxies,
  });
  await app.listen(config.port, config.host);
}

bootstrap().catch((error: unknown) => {
  console.error('crm failed to start:', error);
  process.exit(1);
});
