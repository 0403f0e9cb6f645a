import { type ConsumedEventsOptions, consumedEventsProvider } from '@portal/events';
import { serviceRootModule } from '@portal/service-kit';
import { AccountModule } from './account/account.module';
import { COMMERCE_CONFIG, type CommerceConfig } from './config';
import { commerceDatabase } from './database';
import { OrdersModule } from './orders/orders.module';
import { PackagesModule } from './packages/packages.module';
import { PaymentsModule } from './payments/payments.module';
import { RefundsModule } from './refunds/refunds.module';
import { StripeModule } from './stripe/stripe.module';
import { SubscriptionsModule } from './subscriptions/subscriptions.module';
import { WebhooksModule } from './webhooks/webhooks.module';

export type AppConfig = Pick<
  CommerceConfig,
  'databaseUrl' | 'natsUrl' | 'identityUrl' | 'stripe' | 'paymentWindowMinutes'
> & {
  /** Where account events come from; default: the stream `PORTAL` at `natsUrl`. */
  events?: Omit<ConsumedEventsOptions, 'databaseUrl'>;
};

export const AppModule = serviceRootModule<AppConfig>('commerce', {
  configToken: COMMERCE_CONFIG,
  database: commerceDatabase,
  features: (config) => [
    StripeModule.forRoot(config.stripe),
    PackagesModule,
    OrdersModule,
    PaymentsModule,
    RefundsModule,
    SubscriptionsModule,
    WebhooksModule,
    AccountModule,
  ],
  provide: (config) => [consumedEventsProvider(config, config.events)],
});
