import 'reflect-metadata';
import { bootstrapService } from '@portal/service-kit';
import { AppModule } from './app.module';
import { loadSupportConfig } from './config';
import { supportDatabase } from './database';

void bootstrapService({
  name: 'support',
  loadConfig: loadSupportConfig,
  database: supportDatabase,
  rootModule: AppModule,
});
