import { Module } from '@nestjs/common';
import { ServiceConsumers } from '@portal/events';
import { CallbackSecrets } from './callback-secrets';
import { CallbacksController } from './callbacks.controller';
import { WebhookEventsConsumer } from './webhook-events.consumer';
import { WebhookWorker } from './webhook-worker';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

/**
 * Outbound webhooks (ADR 0202): the Developers page's endpoints, deliveries from events, the worker;
 * and tickets' callbacks through the same machinery (ADR 0206).
 */
@Module({
  controllers: [WebhooksController, CallbacksController],
  providers: [WebhooksService, WebhookWorker, ServiceConsumers, WebhookEventsConsumer, CallbackSecrets],
  exports: [WebhookWorker, WebhooksService],
})
export class WebhooksModule {}
