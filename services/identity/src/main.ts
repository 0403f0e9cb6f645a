import 'reflect-metadata';
import { migrateDatabase } from '@portal/db';
import { createServiceApp } from '@portal/nest-http';
import { AppModule } from './app.module';
import { loadIdentityConfig } from './config';
import { identityDatabase } from './database';

async function bootstrap(): Promise<void> {
  const config = loadIdentityConfig();
  // Migrations run before the app accepts traffic; the database is created if missing.
  await migrateDatabase(identityDatabase(config.databaseUrl));
  const app = await createServiceApp(AppModule.forRoot(config), {
    name: 'identity',
    logLevel: config.logLevel,
    trustProxy: config.trustedProxies,
  });
  await app.listen(config.port, config.host);
}

bootstrap().catch((error: unknown) => {
  console.error('identity failed to start:', error);
  process.exit(1);
});
