import { type ConsumedEventsOptions, consumedEventsProvider } from '@portal/events';
import { serviceRootModule } from '@portal/service-kit';
import { AccountModule } from './account/account.module';
import { AgentsModule } from './agents/agents.module';
import { AttachmentsModule } from './attachments/attachments.module';
import { ChatModule } from './chat/chat.module';
import { SUPPORT_CONFIG, type SupportConfig } from './config';
import { supportDatabase } from './database';
import { DeflectionsModule } from './deflections/deflections.module';
import { PublicApiModule } from './public-api/public-api.module';
import { SlaModule } from './sla/sla.module';
import { StatusModule } from './status/status.module';
import { TicketsModule } from './tickets/tickets.module';

export type AppConfig = Pick<
  SupportConfig,
  | 'databaseUrl'
  | 'natsUrl'
  | 'identityUrl'
  | 'ticketLimitPerHour'
  | 'allowPrivateCallbackUrls'
  | 'publicSiteUrl'
> &
  Partial<Pick<SupportConfig, 'chatWaitSeconds' | 'chatMessagesPerMinute'>> &
  Partial<Pick<SupportConfig, 'statusSubscribeLimits'>> & {
    /** Where account events come from; default: the stream `PORTAL` at `natsUrl`. */
    events?: Omit<ConsumedEventsOptions, 'databaseUrl'>;
  };

export const AppModule = serviceRootModule<AppConfig>('support', {
  configToken: SUPPORT_CONFIG,
  database: supportDatabase,
  features: [
    TicketsModule,
    AttachmentsModule,
    SlaModule,
    DeflectionsModule,
    AccountModule,
    AgentsModule,
    PublicApiModule,
    ChatModule,
    StatusModule,
  ],
  provide: (config) => [consumedEventsProvider(config, config.events)],
});
