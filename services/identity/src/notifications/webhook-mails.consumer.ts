import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ServiceConsumers } from '@portal/events';
import { WebhookMails } from './webhook-mails.service';

/** Reads crm's `portal.webhooks.failing` once each and mails the organization's owners. */
@Injectable()
export class WebhookMailsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: ServiceConsumers,
    private readonly mails: WebhookMails,
  ) {}

  onApplicationBootstrap(): void {
    this.consumers.start(
      new Logger('WebhookMailsConsumer'),
      'failing webhook emails are not sent',
      (consume) => [
        consume('webhook_mails', {
          webhookEndpointFailing: ({ data, occurredAt }, { manager }) =>
            this.mails.endpointFailing(manager, data, occurredAt),
        }),
      ],
    );
  }
}
