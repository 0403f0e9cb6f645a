// What the portal sent, read from a mail catcher (maildev) over its REST API: the one `npm start` runs
// (http://localhost:1080) or a suite's stack (`stack.mailCatcherUrl`, the suite's `mailWeb` port).
import { waitFor } from './wait.mjs';

/**
 * @typedef {{ address: string, name: string }} MailAddress
 * @typedef {object} CaughtMail a mail as maildev caught it (`GET /api/email`)
 * @property {string} id
 * @property {string} subject
 * @property {MailAddress[]} from
 * @property {MailAddress[]} to
 * @property {string} [text] the plain-text part
 * @property {string} [html] the HTML part
 * @property {Record<string, string | string[]>} headers
 * @property {string} time when the catcher received it (ISO 8601)
 */

/** @param {string} url */
const base = (url) => url.replace(/\/$/, '');

/**
 * One call to the catcher's API gives up after this long. maildev parses each mail as it arrives and
 * answers its API only in between: on two busy cores (CI with the type checks beside it) a call made just after a send timed out at 5 s.
 */
const REQUEST_TIMEOUT_MS = 15_000;

/**
 * Every mail the catcher at `url` holds, oldest first.
 * @param {string} url the catcher's web inbox and REST API, e.g. http://127.0.0.1:18126
 * @returns {Promise<CaughtMail[]>}
 */
export async function listMails(url) {
  const response = await fetch(`${base(url)}/api/email`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`the mail catcher at ${base(url)} answered ${response.status}`);
  return /** @type {Promise<CaughtMail[]>} */ (response.json());
}

/**
 * Whether `mail` went to `address` (compared without case).
 * @param {CaughtMail} mail
 * @param {string} address
 */
export function isAddressedTo(mail, address) {
  const wanted = address.toLowerCase();
  return mail.to.some((recipient) => recipient.address.toLowerCase() === wanted);
}

/**
 * The mails to `address`, oldest first.
 * @param {string} url
 * @param {string} address
 */
export async function mailsTo(url, address) {
  return (await listMails(url)).filter((mail) => isAddressedTo(mail, address));
}

/**
 * The first mail to `address` (whose subject matches `subject`, when given) once it has arrived;
 * throws after `timeoutMs` (default 10 s) naming what it waited for.
 * @param {string} url
 * @param {string} address
 * @param {{ subject?: RegExp | string, timeoutMs?: number }} [options]
 * @returns {Promise<CaughtMail>}
 */
export async function waitForMail(url, address, { subject, timeoutMs = 10_000 } = {}) {
  const matches = (/** @type {CaughtMail} */ mail) =>
    subject === undefined ||
    (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject));
  return waitFor(async () => (await mailsTo(url, address)).find(matches), {
    timeoutMs,
    intervalMs: 100,
    what: `a mail to ${address}${subject === undefined ? '' : ` with the subject ${String(subject)}`} at ${base(url)}`,
  });
}

/**
 * The first link of `mail`'s plain-text part that matches `pattern` (default: any http(s) link, a
 * string: a link containing it); throws when there is none.
 * @param {CaughtMail} mail
 * @param {RegExp | string} [pattern]
 * @returns {string}
 */
export function extractLink(mail, pattern = /^https?:\/\//) {
  const links = (mail.text ?? '').match(/https?:\/\/[^\s<>"]+/g) ?? [];
  const link = links.find((candidate) =>
    typeof pattern === 'string' ? candidate.includes(pattern) : pattern.test(candidate),
  );
  if (!link) throw new Error(`the mail "${mail.subject}" has no link matching ${String(pattern)}`);
  return link;
}

/**
 * Deletes every mail the catcher holds.
 * @param {string} url
 */
export async function clearMails(url) {
  const response = await fetch(`${base(url)}/api/email/all`, {
    method: 'DELETE',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!response.ok)
    throw new Error(`the mail catcher at ${base(url)} answered ${response.status} to a clear`);
}
