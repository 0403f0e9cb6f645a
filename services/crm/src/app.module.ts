import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { serviceDataSourceOptions } from '@portal/db';
import { OutboxRelayModule, ServiceHealthModule } from '@portal/events';
import { CRM_CONFIG, type CrmConfig } from './config';
import { ContactModule } from './contact/contact.module';
import { crmDatabase } from './database';
import { NewsletterModule } from './newsletter/newsletter.module';

export type AppConfig = Pick<CrmConfig, 'databaseUrl' | 'natsUrl' | 'limits'>;

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        TypeOrmModule.forRoot(serviceDataSourceOptions(crmDatabase(config.databaseUrl))),
        OutboxRelayModule.forRoot({ natsUrl: config.natsUrl, name: 'crm-outbox' }),
        ServiceHealthModule,
        ContactModule,
        NewsletterModule,
      ],
      providers: [{ provide: CRM_CONFIG, useValue: config }],
      exports: [CRM_CONFIG],
    };
  }
}
