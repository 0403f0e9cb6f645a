import 'reflect-metadata';
import { migrateDatabase } from '@portal/db';
import { createServiceApp } from '@portal/nest-http';
import { AppModule } from './app.module';
import { loadCommerceConfig } from './config';
import { commerceDatabase } from './database';

async function bootstrap(): Promise<void> {
  const config = loadCommerceConfig();
  // Migrations run before the app accepts traffic; the database is created if missing.
  await migrateDatabase(commerceDatabase(config.databaseUrl));
  const app = await createServiceApp(AppModule.forRoot(config), {
    name: 'commerce',
    logLevel: config.logLevel,
    trustProxy: config.trustedProxies,
  });
  await app.listen(config.port, config.host);
}

bootstrap().catch((error: unknown) => {
  console.error('commerce failed to start:', error);
  process.exit(1);
});
