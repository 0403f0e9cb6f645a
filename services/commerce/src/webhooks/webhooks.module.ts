import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { keepRawJsonBody } from '@portal/nest-http';
import type { FastifyInstance } from 'fastify';
import { OrdersModule } from '../orders/orders.module';
import { PaymentsModule } from '../payments/payments.module';
import { RefundsModule } from '../refunds/refunds.module';
import { STRIPE_WEBHOOK_PATH, StripeWebhookController } from './stripe-webhook.controller';
import { StripeWebhookService } from './stripe-webhook.service';

@Module({
  imports: [OrdersModule, PaymentsModule, RefundsModule],
  controllers: [StripeWebhookController],
  providers: [StripeWebhookService],
})
export class WebhooksModule implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    keepRawJsonBody(this.adapterHost.httpAdapter.getInstance<FastifyInstance>(), STRIPE_WEBHOOK_PATH);
  }
}
