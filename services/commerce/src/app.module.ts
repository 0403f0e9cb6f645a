import { type DynamicModule, Module } from '@nestjs/common';
import { serviceModule } from '@portal/service-kit';
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
    return serviceModule(AppModule, {
      name: 'commerce',
      config,
      configToken: COMMERCE_CONFIG,
      database: commerceDatabase,
      features: [
        StripeModule.forRoot(config.stripe),
        PackagesModule,
        OrdersModule,
        PaymentsModule,
        WebhooksModule,
      ],
    });
  }
}
