import 'reflect-metadata';
import { bootstrapService } from '@portal/service-kit';
import { AppModule } from './app.module';
import { loadCrmConfig } from './config';
import { crmDatabase } from './database';

void bootstrapService({
  name: 'crm',
  loadConfig: loadCrmConfig,
  database: crmDatabase,
  rootModule: AppModule,
});
