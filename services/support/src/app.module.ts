import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule, identityJwksUrl } from '@portal/auth';
import { serviceDataSourceOptions } from '@portal/db';
import { OutboxRelayModule, ServiceHealthModule } from '@portal/events';
import { SUPPORT_CONFIG, type SupportConfig } from './config';
import { supportDatabase } from './database';
import { TicketsModule } from './tickets/tickets.module';

export type AppConfig = Pick<SupportConfig, 'databaseUrl' | 'natsUrl' | 'identityUrl' | 'ticketLimitPerHour'>;

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        TypeOrmModule.forRoot(serviceDataSourceOptions(supportDatabase(config.databaseUrl))),
        OutboxRelayModule.forRoot({ natsUrl: config.natsUrl, name: 'support-outbox' }),
        AuthModule.forRoot({ jwksUrl: identityJwksUrl(config.identityUrl), natsUrl: config.natsUrl }),
        ServiceHealthModule,
        TicketsModule,
      ],
      providers: [{ provide: SUPPORT_CONFIG, useValue: config }],
      exports: [SUPPORT_CONFIG],
    };
  }
}
