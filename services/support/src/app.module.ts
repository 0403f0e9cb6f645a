import { serviceRootModule } from '@portal/service-kit';
import { SUPPORT_CONFIG, type SupportConfig } from './config';
import { supportDatabase } from './database';
import { TicketsModule } from './tickets/tickets.module';

export type AppConfig = Pick<SupportConfig, 'databaseUrl' | 'natsUrl' | 'identityUrl' | 'ticketLimitPerHour'>;

export const AppModule = serviceRootModule<AppConfig>('support', {
  configToken: SUPPORT_CONFIG,
  database: supportDatabase,
  features: [TicketsModule],
});
