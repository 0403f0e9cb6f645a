import 'reflect-metadata';
import { bootstrapService } from '@portal/service-kit';
import { AppModule } from './app.module';
import { loadIdentityConfig } from './config';
import { identityDatabase } from './database';

void bootstrapService({
  name: 'identity',
  loadConfig: loadIdentityConfig,
  database: identityDatabase,
  rootModule: AppModule,
});
