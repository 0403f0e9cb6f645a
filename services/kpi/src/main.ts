import 'reflect-metadata';
import { migrateDatabase } from '@portal/db';
import { createServiceApp } from '@portal/nest-http';
import { AppModule } from './app.module';
import { loadKpiConfig } from './config';
import { kpiDatabase } from './database';

async function bootstrap(): Promise<void> {
  const config = loadKpiConfig();
  // Migrations run before the app accepts traffic; the database is created if missing.
  await migrateDatabase(kpiDatabase(config.databaseUrl));
  const app = await createServiceApp(AppModule.forRoot(config), {
    name: 'kpi',
    logLevel: config.logLevel,
    trustProxy: config.trustedProxies,
  });
  await app.listen(config.port, config.host);
}

bootstrap().catch((error: unknown) => {
  console.error('kpi failed to start:', error);
  process.exit(1);
});
