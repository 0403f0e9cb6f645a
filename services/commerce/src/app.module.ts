import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule, identityJwksUrl } from '@portal/auth';
import { serviceDataSourceOptions } from '@portal/db';
import { OutboxRelayModule, ServiceHealthModule } from '@portal/events';
import { COMMERCE_CONFIG, type CommerceConfig } from './config';
import { commerceDatabase } from './database';
import { OrdersModule } from './orders/orders.module';
import { PackagesModule } from './packages/packages.module';
import { PaymentsModule } from './payments/payments.module';
import { StripeModule } from './stripe/stripe.module';
import { WebhooksModule } from './webhooks/webhooks.module';

export type AppConfig = Pick<CommerceConfig, 'databaseUrl' | 'natsUrl' | 'identityUrl' | 'stripe'>;

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        TypeOrmModule.forRoot(serviceDataSourceOptions(commerceDatabase(config.databaseUrl))),
        OutboxRelayModule.forRoot({ natsUrl: config.natsUrl, name: 'commerce-outbox' }),
        AuthModule.forRoot({ jwksUrl: identityJwksUrl(config.identityUrl), natsUrl: config.natsUrl }),
        StripeModule.forRoot(config.stripe),
        ServiceHealthModule,
        PackagesModule,
        OrdersModule,
        PaymentsModule,
        WebhooksModule,
      ],
      providers: [{ provide: COMMERCE_CONFIG, useValue: config }],
      exports: [COMMERCE_CONFIG],
    };
  }
}
