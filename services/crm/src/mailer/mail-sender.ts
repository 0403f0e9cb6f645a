import { createTransport } from 'nodemailer';
import type { RenderedMail } from './mail-templates';

/** How long the mailer waits on the SMTP server: well inside the consumer's 30 s to handle an event. */
export const SMTP_TIMEOUTS = {
  /** To open the TCP connection. */
  connectionTimeout: 5_000,
  /** For the server's greeting once connected. */
  greetingTimeout: 5_000,
  /** Of silence on an open connection. */
  socketTimeout: 10_000,
  /** To resolve the server's name. */
  dnsTimeout: 5_000,
} as const;

export interface MailSenderOptions {
  /** e.g. smtp://127.0.0.1:1025, smtps://user:password@mail.example.com:465 */
  smtpUrl: string;
  /** The sender, e.g. `Millstone CX <no-reply@example.com>`. */
  from: string;
}

/**
 * Sends rendered mails over SMTP (nodemailer) with short timeouts, on a small pool of connections kept
 * open between mails (a burst of mails does not open one connection each).
 */
export class MailSender {
  private readonly transport;

  constructor(private readonly options: MailSenderOptions) {
    this.transport = createTransport({
      pool: true,
      maxConnections: 2,
      url: options.smtpUrl,
      ...SMTP_TIMEOUTS,
    });
  }

  /** Resolves once the SMTP server accepted the mail; rejects with its error otherwise. */
  async send(to: string, mail: RenderedMail, mailId: string): Promise<void> {
    const info = await this.transport.sendMail({
      from: this.options.from,
      to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      // A calendar invitation travels as an .ics file (text/calendar with its iTIP method).
      attachments: mail.attachments?.map(({ filename, contentType, content }) => ({
        filename,
        contentType,
        content,
        contentDisposition: 'attachment' as const,
      })),
      // Lets the operator find a mail in the SMTP server's logs by the id of its request.
      headers: { 'X-Mail-Id': mailId },
      // A subscription's mail (the status page's) can be left in one click from the mail client.
      ...(mail.unsubscribe && { list: { unsubscribe: mail.unsubscribe } }),
    });
    if (info.rejected.length > 0) throw new Error(`the SMTP server refused the recipient (${info.response})`);
  }

  close(): void {
    this.transport.close();
  }
}
