import 'reflect-metadata';
import { migrateDatabase } from '@portal/db';
import { createServiceApp } from '@portal/nest-http';
import { AppModule } from './app.module';
import { loadSupportConfig } from './config';
import { supportDatabase } from './database';

async function bootstrap(): Promise<void> {
  const config = loadSupportConfig();
  // Migrations run before the app accepts traffic; the database is created if missing.
  await migrateDatabase(supportDatabase(config.databaseUrl));
  const app = await createServiceApp(AppModule.forRoot(config), {
    name: 'support',
    logLevel: config.logLevel,
    trustProxy: config.trustedProxies,
  });
  await app.listen(config.port, config.host);
}

bootstrap().catch((error: unknown) => {
  console.error('support failed to start:', error);
  process.exit(1);
});
