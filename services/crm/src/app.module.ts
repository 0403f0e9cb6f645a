import { serviceRootModule } from '@portal/service-kit';
import { ApplicationsModule } from './applications/applications.module';
import { CRM_CONFIG, type CrmConfig } from './config';
import { ContactModule } from './contact/contact.module';
import { crmDatabase } from './database';
import { IntegrationsModule } from './integrations/integrations.module';
import { KickoffModule } from './kickoff/kickoff.module';
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
>;

export const AppModule = serviceRootModule<AppConfig>('crm', {
  configToken: CRM_CONFIG,
  database: crmDatabase,
  features: [ContactModule, NewsletterModule, IntegrationsModule, ApplicationsModule, KickoffModule],
  provide: (config) => [{ provide: SecretBox, useValue: new SecretBox(config.encryptionKey) }],
});
