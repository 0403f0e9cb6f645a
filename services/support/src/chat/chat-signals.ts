import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { CHAT_SIGNAL_SUBJECT, type ChatSignal } from '@portal/contracts';
import { NatsLink } from '@portal/events';
import { SUPPORT_CONFIG, type SupportConfig } from '../config';

/**
 * Sends the live chat's signals (a message, typing, a state change, the staff's presence) on core
 * NATS for the gateway's chat streams (ADR 0236). Not through the outbox: a signal is for the pages
 * open now, the chat itself is in the database, and a page reads it again whenever its stream
 * (re)opens; a signal lost while NATS is down costs a re-read, never a message. Sent after the
 * transaction that wrote what it announces has committed.
 */
@Injectable()
export class ChatSignals implements OnApplicationShutdown {
  private readonly logger = new Logger('ChatSignals');
  private readonly link?: NatsLink;

  constructor(@Inject(SUPPORT_CONFIG) config: Pick<SupportConfig, 'natsUrl'>) {
    if (config.natsUrl) {
      this.link = new NatsLink({ url: config.natsUrl, name: 'support-chat-signals', logger: this.logger });
    }
  }

  /** Publishes the signals (in order); never throws: without NATS the pages re-read on reconnect. */
  async send(...signals: ChatSignal[]): Promise<void> {
    if (!this.link || signals.length === 0) return;
    const connection = await this.link.get();
    if (!connection) return;
    try {
      for (const signal of signals) connection.publish(CHAT_SIGNAL_SUBJECT, JSON.stringify(signal));
    } catch (error) {
      this.logger.warn(`a chat signal was not sent: ${(error as Error).message}`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.link?.close();
  }
}
