import { urlOf } from '@portal/toolkit/port-plan';
import {
  type CaughtMail,
  clearMails,
  extractLink,
  listMails,
  mailsTo,
  waitForMail,
} from '@portal/toolkit/mail-catcher';

export type { CaughtMail };
export { extractLink };

/**
 * The e2e stack's mail catcher (maildev, started by the runner on the e2e block's `mailWeb` port):
 * every mail the stack sends lands here. Its web inbox is this address, its REST API `/api/email`.
 */
export const mailCatcherUrl = process.env.MAIL_CATCHER_URL ?? urlOf('e2e', 'mailWeb');

/** Every mail the e2e stack sent so far (other tests' too: look for your own address). */
export const mails = (): Promise<CaughtMail[]> => listMails(mailCatcherUrl);

/** The mails to `address`, oldest first. */
export const mailsToAddress = (address: string): Promise<CaughtMail[]> => mailsTo(mailCatcherUrl, address);

/**
 * The first mail to `address` (with a subject matching `subject`, when given) once it arrived; fails
 * after `timeoutMs` (default 10 s) naming the address.
 */
export const mailTo = (
  address: string,
  options?: { subject?: RegExp | string; timeoutMs?: number },
): Promise<CaughtMail> => waitForMail(mailCatcherUrl, address, options);

/** Empties the catcher (rarely needed: unique addresses keep tests apart). */
export const clearCaughtMails = (): Promise<void> => clearMails(mailCatcherUrl);
