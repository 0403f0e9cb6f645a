import { type DynamicModule, Module } from '@nestjs/common';
import { serviceModule } from '@portal/service-kit';
import { CRM_CONFIG, type CrmConfig } from './config';
import { ContactModule } from './contact/contact.module';
import { crmDatabase } from './database';
import { IntegrationsModule } from './integrations/integrations.module';
import { NewsletterModule } from './newsletter/newsletter.module';
import { SecretBox } from './secrets/secret-box';

export type AppConfig = Pick<
  CrmConfig,
  'databaseUrl' | 'natsUrl' | 'identityUrl' | 'encryptionKey' | 'publicSiteUrl' | 'limits'
>;

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return serviceModule(AppModule, {
      name: 'crm',
      database: crmDatabase(config.databaseUrl),
      natsUrl: config.natsUrl,
      identityUrl: config.identityUrl,
      features: [ContactModule, NewsletterModule, IntegrationsModule],
      provide: [
        { provide: CRM_CONFIG, useValue: config },
        { provide: SecretBox, useValue: new SecretBox(config.encryptionKey) },
      ],
    });
  }
}
