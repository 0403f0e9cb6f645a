import { type DynamicModule, Module } from '@nestjs/common';
import { serviceModule } from '@portal/service-kit';
import { SUPPORT_CONFIG, type SupportConfig } from './config';
import { supportDatabase } from './database';
import { TicketsModule } from './tickets/tickets.module';

export type AppConfig = Pick<SupportConfig, 'databaseUrl' | 'natsUrl' | 'identityUrl' | 'ticketLimitPerHour'>;

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return serviceModule(AppModule, {
      name: 'support',
      config,
      configToken: SUPPORT_CONFIG,
      database: supportDatabase,
      features: [TicketsModule],
    });
  }
}
