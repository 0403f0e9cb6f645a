import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { serviceDataSourceOptions } from '@portal/db';
import { OutboxRelayModule, ServiceHealthModule } from '@portal/events';
import { AuthModule } from './auth/auth.module';
import { IDENTITY_CONFIG, type IdentityConfig } from './config';
import { identityDatabase } from './database';
import { FeaturesModule } from './features/features.module';
import { OrganizationsModule } from './organizations/organizations.module';

export type AppConfig = Pick<IdentityConfig, 'databaseUrl' | 'natsUrl' | 'auth'>;

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        TypeOrmModule.forRoot(serviceDataSourceOptions(identityDatabase(config.databaseUrl))),
        OutboxRelayModule.forRoot({ natsUrl: config.natsUrl, name: 'identity-outbox' }),
        ServiceHealthModule,
        FeaturesModule,
        OrganizationsModule,
        AuthModule,
      ],
      providers: [{ provide: IDENTITY_CONFIG, useValue: config }],
      exports: [IDENTITY_CONFIG],
    };
  }
}
