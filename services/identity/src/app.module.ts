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
      database: identityDatabase(config.databaseUrl),
      natsUrl: config.natsUrl,
      features: [FeaturesModule, OrganizationsModule, AuthModule],
      provide: [{ provide: IDENTITY_CONFIG, useValue: config }],
    });
  }
}
