import { serviceRootModule } from '@portal/service-kit';
import { ACCOUNT_EVENTS_OPTIONS, type AccountEventsOptions } from './account/account-events';
import { AccountModule } from './account/account.module';
import { SUPPORT_CONFIG, type SupportConfig } from './config';
import { supportDatabase } from './database';
import { TicketsModule } from './tickets/tickets.module';

export type AppConfig = Pick<
  SupportConfig,
  'databaseUrl' | 'natsUrl' | 'identityUrl' | 'ticketLimitPerHour'
> & {
  /** Where account events come from; default: the stream `PORTAL` at `natsUrl`. */
  events?: Omit<AccountEventsOptions, 'databaseUrl'>;
};

export const AppModule = serviceRootModule<AppConfig>('support', {
  configToken: SUPPORT_CONFIG,
  database: supportDatabase,
  features: [TicketsModule, AccountModule],
  provide: (config) => [
    {
      provide: ACCOUNT_EVENTS_OPTIONS,
      useValue: {
        databaseUrl: config.databaseUrl,
        ...(config.events ?? { natsUrl: config.natsUrl }),
      } satisfies AccountEventsOptions,
    },
  ],
});
