import 'reflect-metadata';
import { bootstrapService } from '@portal/service-kit';
import { AppModule } from './app.module';
import { loadCommerceConfig } from './config';
import { commerceDatabase } from './database';

void bootstrapService({
  name: 'commerce',
  loadConfig: loadCommerceConfig,
  database: commerceDatabase,
  rootModule: AppModule,
});
