import { Module } from '@nestjs/common';
import { ServiceConsumers } from '@portal/events';
import { WebhookEventsConsumer } from './webhook-events.consumer';
import { WebhookWorker } from './webhook-worker';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

/** Outbound webhooks (ADR 0202): the Developers page's endpoints, deliveries from events, the worker. */
@Module({
  controllers: [WebhooksController],
  providers: [WebhooksService, WebhookWorker, ServiceConsumers, WebhookEventsConsumer],
  exports: [WebhookWorker],
})
export class WebhooksModule {}
