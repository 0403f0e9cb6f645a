import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { IdempotencyService, reshapeEarlyV1Errors } from '@portal/nest-http';
import type { FastifyInstance } from 'fastify';
import { WebhooksModule } from '../webhooks.module';
import { V1WebhookEndpointsController } from './v1-webhook-endpoints.controller';

/** The public API's routes that crm serves (`/v1/webhook_endpoints`, ADR 0205), errors in the API's shape. */
@Module({
  imports: [WebhooksModule],
  controllers: [V1WebhookEndpointsController],
  providers: [IdempotencyService],
})
export class V1WebhooksModule implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    reshapeEarlyV1Errors(this.adapterHost.httpAdapter?.getInstance<FastifyInstance>());
  }
}
