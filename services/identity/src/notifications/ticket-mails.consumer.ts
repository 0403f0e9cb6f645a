import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ServiceConsumers } from '@portal/events';
import { TicketMails } from './ticket-mails.service';

/**
 * Reads support's ticket events (`portal.tickets.*`) once each (processed_events, in the transaction
 * that asks for the mails) and asks for the ticket emails they call for. Replicas share the work.
 */
@Injectable()
export class TicketMailsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: ServiceConsumers,
    private readonly mails: TicketMails,
  ) {}

  onApplicationBootstrap(): void {
    this.consumers.start(new Logger('TicketMailsConsumer'), 'ticket emails are not sent', (consume) => [
      consume('ticket_mails', {
        ticketCreated: ({ data, occurredAt }, { manager }) => this.mails.created(manager, data, occurredAt),
        ticketReplied: ({ data, occurredAt }, { manager }) => this.mails.replied(manager, data, occurredAt),
        ticketUpdated: ({ data, occurredAt }, { manager }) => this.mails.updated(manager, data, occurredAt),
        ticketClosed: ({ data, occurredAt }, { manager }) => this.mails.closed(manager, data, occurredAt),
        ticketReopened: ({ data, occurredAt }, { manager }) => this.mails.reopened(manager, data, occurredAt),
        ticketBreaching: ({ data, occurredAt }, { manager }) =>
          this.mails.breaching(manager, data, occurredAt),
      }),
    ]);
  }
}
