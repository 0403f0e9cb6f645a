import 'reflect-metadata';
import { bootstrapService } from '@portal/service-kit';
import { AppModule } from './app.module';
import { loadKpiConfig } from './config';
import { kpiDatabase } from './database';

void bootstrapService({
  name: 'kpi',
  loadConfig: loadKpiConfig,
  database: kpiDatabase,
  rootModule: AppModule,
});
