import { type DynamicModule, Module } from '@nestjs/common';
import { serviceModule } from '@portal/service-kit';
import { AuthModule } from './auth/auth.module';
import { IDENTITY_CONFIG, type IdentityConfig } from './config';
import { identityDatabase } from './database';
import { FeaturesModule } from './features/features.module';
import { OrganizationsModule } from './organizations/organizations.module';

export type AppConfig = Pick<IdentityConfig, 'databaseUrl' | 'natsUrl' | 'auth'>;

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    // No identityUrl: identity verifies the tokens it signs itself (./auth).
    return serviceModule(AppModule, {
      name: 'identity',
      config,
      configToken: IDENTITY_CONFIG,
      database: identityDatabase,
      features: [FeaturesModule, OrganizationsModule, AuthModule],
    });
  }
}
