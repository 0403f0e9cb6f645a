import { type ConsumedEventsOptions, consumedEventsProvider } from '@portal/events';
import { serviceRootModule } from '@portal/service-kit';
import { AccountModule } from './account/account.module';
import { ApplicationsModule } from './applications/applications.module';
import { CRM_CONFIG, type CrmConfig } from './config';
import { BookingModule } from './booking/booking.module';
import { ContactModule } from './contact/contact.module';
import { crmDatabase } from './database';
import { IntegrationsModule } from './integrations/integrations.module';
import { KickoffModule } from './kickoff/kickoff.module';
import { LeadsModule } from './leads/leads.module';
import { MailerModule } from './mailer/mailer.module';
import { MAILER_OPTIONS, type MailerOptions } from './mailer/mailer.service';
import { NewsletterModule } from './newsletter/newsletter.module';
import { SecretBox } from '@portal/auth';
import { WEBHOOK_OPTIONS, type WebhookOptions } from './webhooks/webhook-options';
import { defaultWebhookSchedule, type WebhookSchedule } from './webhooks/webhook-schedule';
import type { HostResolver } from '@portal/nest-http';
import { WebhooksModule } from './webhooks/webhooks.module';
import { V1WebhooksModule } from './webhooks/v1/v1-webhooks.module';

export type AppConfig = Pick<
  CrmConfig,
  | 'databaseUrl'
  | 'natsUrl'
  | 'identityUrl'
  | 'encryptionKey'
  | 'publicSiteUrl'
  | 'limits'
  | 'applicationLimits'
> & {
  /** The staff inbox of booked calls (`BOOKING_INBOX`); default: the company's address. */
  bookingInbox?: CrmConfig['bookingInbox'];
  /** How mail is sent; unset, the mailer does not run (harnesses of tests that send none). */
  mail?: CrmConfig['mail'];
  /** Where the mailer reads requested mails from; default: the stream `PORTAL` at `natsUrl`. */
  mailEvents?: Pick<MailerOptions, 'natsUrl' | 'stream' | 'subjectPrefix'>;
  /** Where deleted accounts are read from; default: the stream `PORTAL` at `natsUrl`. */
  accountEvents?: Omit<ConsumedEventsOptions, 'databaseUrl'>;
  /** Outbound webhooks' settings; default: private targets refused, 16 attempts at a time. */
  webhooks?: CrmConfig['webhooks'];
  /** Tests: a clock, jitter and delays of their own (default: real time, WEBHOOK_RETRY_HOURS…). */
  webhookSchedule?: Partial<WebhookSchedule>;
  /** Tests: how webhook hosts resolve (default: the system's resolver). */
  webhookResolve?: HostResolver;
};

export const AppModule = serviceRootModule<AppConfig>('crm', {
  configToken: CRM_CONFIG,
  database: crmDatabase,
  features: [
    ContactModule,
    BookingModule,
    LeadsModule,
    NewsletterModule,
    IntegrationsModule,
    ApplicationsModule,
    KickoffModule,
    MailerModule,
    AccountModule,
    WebhooksModule,
    V1WebhooksModule,
  ],
  provide: (config) => [
    { provide: SecretBox, useValue: new SecretBox(config.encryptionKey) },
    {
      provide: MAILER_OPTIONS,
      useValue: {
        databaseUrl: config.databaseUrl,
        mail: config.mail,
        ...(config.mailEvents ?? { natsUrl: config.natsUrl }),
      } satisfies MailerOptions,
    },
    consumedEventsProvider(config, config.accountEvents),
    {
      provide: WEBHOOK_OPTIONS,
      useValue: {
        allowPrivateUrls: false,
        concurrency: 16,
        ...config.webhooks,
        databaseUrl: config.databaseUrl,
        schedule: { ...defaultWebhookSchedule(), ...config.webhookSchedule },
        perEndpointConcurrency: 2,
        pollIntervalMs: 5_000,
        resolve: config.webhookResolve,
      } satisfies WebhookOptions,
    },
  ],
});
