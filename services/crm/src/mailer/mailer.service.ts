import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type BeforeApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EventEnvelope, MailRequestedData } from '@portal/contracts';
import { type ConsumedEventsOptions, type EventContext, ServiceConsumers } from '@portal/events';
import type { DataSource, EntityManager } from 'typeorm';
import type { MailSettings } from '../config';
import { MailSender } from './mail-sender';
import { renderMail } from './mail-templates';

/** Where requested mails are consumed from (no NATS URL: they wait in the stream until a mailer runs). */
export interface MailerOptions extends ConsumedEventsOptions {
  /** Unset: the mailer does not run (test harnesses that send no mail). */
  mail?: MailSettings;
}

export const MAILER_OPTIONS = Symbol('MAILER_OPTIONS');

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * crm's mailer: a durable JetStream consumer of `portal.mail.requested` that renders each mail (plain
 * text and HTML) and sends it over SMTP, after the request that asked for it has long been answered.
 * Each mail id is sent at most once (`mail_deliveries`, claimed in the handler's transaction before
 * sending). A failed send rolls the claim back and the consumer redelivers with backoff; the last
 * allowed delivery that fails makes the mail a dead letter: its row says 'dead' with the recipient and
 * the error, and an error line names the mail and its template (never the address). The durable name starts with the database's name,
 * so stacks sharing one NATS (`npm start` and the e2e suite) each send to their own mail catcher.
 */
@Injectable()
export class MailerService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Mailer');
  private readonly consumers: ServiceConsumers;
  private sender?: MailSender;

  constructor(
    @Inject(MAILER_OPTIONS) private readonly options: MailerOptions,
    @InjectDataSource() dataSource: DataSource,
  ) {
    this.consumers = new ServiceConsumers(options, dataSource);
  }

  onApplicationBootstrap(): void {
    const { mail } = this.options;
    if (!mail) return;
    const started = this.consumers.start(
      this.logger,
      'no mail is sent (requested mails wait in the outboxes)',
      (consume) => {
        this.sender = new MailSender({ smtpUrl: mail.smtpUrl, from: mail.from });
        return [
          consume(
            'mailer',
            { mailRequested: (event, context) => this.deliver(event, context) },
            { maxDeliver: mail.maxAttempts },
          ),
        ];
      },
    );
    if (started) this.logger.log(`Sending mail through ${redactedSmtpUrl(mail.smtpUrl)}`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.consumers.stop();
    this.sender?.close();
  }

  /** True while the consumer is connected (or none runs). */
  isConnected(): boolean {
    return this.consumers.isConnected();
  }

  private async deliver(
    { data }: EventEnvelope<MailRequestedData>,
    { manager, deliveryCount, maxDeliver }: EventContext,
  ): Promise<void> {
    const { mailId, to, content } = data;
    const claimed = await claim(manager, data, deliveryCount);
    if (!claimed) {
      this.logger.log(`Mail ${mailId} (${content.template}) was already handled: not sent again`);
      return;
    }
    const sender = this.sender;
    if (!sender) throw new Error('the mailer is not running');
    try {
      await sender.send(to, renderMail(content), mailId);
    } catch (error) {
      const reason = errorMessage(error);
      if (deliveryCount < maxDeliver) {
        // Rolls the claim back; the consumer logs the attempt and redelivers with backoff.
        throw new Error(`mail ${mailId} (${content.template}) was not sent: ${reason}`, { cause: error });
      }
      await manager.query(
        `UPDATE mail_deliveries SET status = 'dead', sent_at = NULL, recipient = $2, last_error = $3
         WHERE mail_id = $1`,
        [mailId, to, reason.slice(0, 2000)],
      );
      this.logger.error(
        `Mail ${mailId} (${content.template}) is a dead letter after ${deliveryCount} attempts: ${reason}`,
      );
    }
  }
}

/**
 * Records the mail as sent (undone if the send fails), without its recipient: only a dead letter keeps
 * the address. False when its id was already sent or given up.
 */
async function claim(manager: EntityManager, data: MailRequestedData, attempts: number): Promise<boolean> {
  const rows: unknown[] = await manager.query(
    `INSERT INTO mail_deliveries (mail_id, template, status, attempts, sent_at)
     VALUES ($1, $2, 'sent', $3, now())
     ON CONFLICT (mail_id) DO NOTHING RETURNING mail_id`,
    [data.mailId, data.content.template, attempts],
  );
  return rows.length === 1;
}

/** The SMTP URL without its password, for the log. */
function redactedSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (url.password) url.password = '***';
  return url.toString();
}
