import { waitFor } from './wait-for';

/** A mail as the catcher (maildev) caught it, read over its REST API (`GET /api/email`). */
export interface CaughtMail {
  id: string;
  subject: string;
  from: { address: string; name: string }[];
  to: { address: string; name: string }[];
  /** The plain-text part. */
  text?: string;
  /** The HTML part. */
  html?: string;
  headers: Record<string, string | string[]>;
  /** When the catcher received it (ISO 8601). */
  time: string;
}

/** A client of a running mail catcher's REST API (the one `npm start` or a suite's stack runs). */
export interface MailCatcherClient {
  /** The web inbox and REST API, e.g. http://127.0.0.1:1080. */
  url: string;
  /** Every mail caught so far, oldest first. */
  mails(): Promise<CaughtMail[]>;
  /** The mails to `address` (any case), oldest first. */
  mailsTo(address: string): Promise<CaughtMail[]>;
  /**
   * The first mail to `address` (whose subject matches `subject`, when given) once it arrived; throws
   * after `timeoutMs` (default 10 s) saying what it waited for.
   */
  waitForMail(
    address: string,
    options?: { subject?: RegExp | string; timeoutMs?: number },
  ): Promise<CaughtMail>;
  /** Deletes every caught mail. */
  clear(): Promise<void>;
}

export interface MailCatcher extends MailCatcherClient {
  /** Where to send: smtp://127.0.0.1:<port>, for `SMTP_URL`. */
  smtpUrl: string;
  /** Stops the SMTP server and the REST API. */
  close(): Promise<void>;
}

/** A client of the catcher whose web inbox and REST API are at `url`. */
export function mailCatcherClient(url: string): MailCatcherClient {
  const base = url.replace(/\/$/, '');
  const mails = async (): Promise<CaughtMail[]> => {
    const response = await fetch(`${base}/api/email`, { signal: AbortSignal.timeout(5_000) });
    if (!response.ok) throw new Error(`the mail catcher at ${base} answered ${response.status}`);
    return (await response.json()) as CaughtMail[];
  };
  const mailsTo = async (address: string) => (await mails()).filter((mail) => isAddressedTo(mail, address));
  return {
    url: base,
    mails,
    mailsTo,
    async waitForMail(address, { subject, timeoutMs = 10_000 } = {}) {
      const mail = await waitFor(
        async () =>
          (await mailsTo(address)).find(
            (mail) =>
              subject === undefined ||
              (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject)),
          ),
        `a mail to ${address}${subject === undefined ? '' : ` with the subject ${String(subject)}`} at ${base}`,
        timeoutMs,
      );
      return mail as CaughtMail;
    },
    async clear() {
      const response = await fetch(`${base}/api/email/all`, {
        method: 'DELETE',
        signal: AbortSignal.timeout(5_000),
      });
      if (!response.ok) throw new Error(`the mail catcher at ${base} answered ${response.status} to a clear`);
    },
  };
}

/** Whether `mail` went to `address` (compared without case). */
export function isAddressedTo(mail: CaughtMail, address: string): boolean {
  const wanted = address.toLowerCase();
  return mail.to.some((recipient) => recipient.address.toLowerCase() === wanted);
}

/**
 * The first link of `mail`'s plain-text part (the part a reader without HTML follows) that matches
 * `pattern` (default: any http(s) link); throws when it has none.
 */
export function extractLink(mail: CaughtMail, pattern: RegExp | string = /^https?:\/\//): string {
  const links = (mail.text ?? '').match(/https?:\/\/[^\s<>"]+/g) ?? [];
  const link = links.find((candidate) =>
    typeof pattern === 'string' ? candidate.includes(pattern) : pattern.test(candidate),
  );
  if (!link) throw new Error(`the mail "${mail.subject}" has no link matching ${String(pattern)}`);
  return link;
}

/**
 * A real mail catcher (maildev) in this process, on free loopback ports: its `smtpUrl` is the
 * `SMTP_URL` to send to, its REST API tells what arrived. `close()` it after the tests.
 */
export async function startMailCatcher(): Promise<MailCatcher> {
  // Loaded when asked for: maildev brings a web server and an HTML parser most tests do not need.
  const { MailDev } = await import('maildev');
  const maildev = new MailDev({ smtp: 0, web: 0, ip: '127.0.0.1', webIp: '127.0.0.1', silent: true });
  const servers = await maildev.start();
  const webPort = servers.api?.getPort();
  if (webPort === undefined || webPort === null) {
    await maildev.stop();
    throw new Error('maildev started without its REST API');
  }
  return {
    ...mailCatcherClient(`http://127.0.0.1:${webPort}`),
    smtpUrl: `smtp://127.0.0.1:${servers.smtp.getPort()}`,
    close: () => maildev.stop(),
  };
}
