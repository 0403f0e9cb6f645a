import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule, identityJwksUrl } from '@portal/auth';
import { serviceDataSourceOptions } from '@portal/db';
import { OutboxRelayModule, ServiceHealthModule } from '@portal/events';
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
    return {
      module: AppModule,
      global: true,
      imports: [
        TypeOrmModule.forRoot(serviceDataSourceOptions(crmDatabase(config.databaseUrl))),
        OutboxRelayModule.forRoot({ natsUrl: config.natsUrl, name: 'crm-outbox' }),
        AuthModule.forRoot({ jwksUrl: identityJwksUrl(config.identityUrl), natsUrl: config.natsUrl }),
        ServiceHealthModule,
        ContactModule,
        NewsletterModule,
        IntegrationsModule,
      ],
      providers: [
        { provide: CRM_CONFIG, useValue: config },
        { provide: SecretBox, useValue: new SecretBox(config.encryptionKey) },
      ],
      exports: [CRM_CONFIG, SecretBox],
    };
  }
}
