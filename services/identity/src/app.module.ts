import { serviceRootModule } from '@portal/service-kit';
import { AuthModule } from './auth/auth.module';
import { IDENTITY_CONFIG, type IdentityConfig } from './config';
import { identityDatabase } from './database';
import { FeaturesModule } from './features/features.module';
import { OrganizationsModule } from './organizations/organizations.module';

// No identityUrl: identity verifies the tokens it signs itself (./auth).
export type AppConfig = Pick<IdentityConfig, 'databaseUrl' | 'natsUrl' | 'auth'>;

export const AppModule = serviceRootModule<AppConfig>('identity', {
  configToken: IDENTITY_CONFIG,
  database: identityDatabase,
  features: [FeaturesModule, OrganizationsModule, AuthModule],
});
