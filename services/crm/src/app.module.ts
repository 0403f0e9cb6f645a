import { type ConsumedEventsOptions, consumedEventsProvider } from '@portal/events';
import { serviceRootModule } from '@portal/service-kit';
import { AccountModule } from './account/account.module';
import { ApplicationsModule } from './applications/applications.module';
import { CRM_CONFIG, type CrmConfig } from './config';
import { ContactModule } from './contact/contact.module';
import { crmDatabase } from './database';
import { IntegrationsModule } from './integrations/integrations.module';
import { KickoffModule } from './kickoff/kickoff.module';
import { LeadsModule } from './leads/leads.module';
import { MailerModule } from './mailer/mailer.module';
import { MAILER_OPTIONS, type MailerOptions } from './mailer/mailer.service';
import { NewsletterModule } from './newsletter/newsletter.module';
import { SecretBox } from '@portal/auth';

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
  /** How mail is sent; unset, the mailer does not run (harnesses of tests that send none). */
  mail?: CrmConfig['mail'];
  /** Where the mailer reads requested mails from; default: the stream `PORTAL` at `natsUrl`. */
  mailEvents?: Pick<MailerOptions, 'natsUrl' | 'stream' | 'subjectPrefix'>;
  /** Where deleted accounts are read from; default: the stream `PORTAL` at `natsUrl`. */
  accountEvents?: Omit<ConsumedEventsOptions, 'databaseUrl'>;
};

export const AppModule = serviceRootModule<AppConfig>('crm', {
  configToken: CRM_CONFIG,
  database: crmDatabase,
  features: [
    ContactModule,
    LeadsModule,
    NewsletterModule,
    IntegrationsModule,
    ApplicationsModule,
    KickoffModule,
    MailerModule,
    AccountModule,
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
  ],
});
