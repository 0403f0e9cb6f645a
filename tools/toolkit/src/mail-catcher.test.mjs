import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { createTransport } from 'nodemailer';
import { startMailCatcher } from '@portal/runner/mail-catcher';
import { freePort } from '@portal/runner/net';
import { clearMails, extractLink, listMails, mailsTo, waitForMail } from './mail-catcher.mjs';

const rootDir = path.resolve(import.meta.dirname, '../../..');

test("reads the runner's mail catcher: the mails, the one to an address, its link; a clear; a bounded wait", async () => {
  const smtpPort = await freePort(47300);
  const webPort = await freePort(smtpPort + 1);
  const catcher = await startMailCatcher({ rootDir, smtpPort, webPort, log: () => {} });
  const url = `http://127.0.0.1:${webPort}`;
  const transport = createTransport(catcher.smtpUrl);
  try {
    assert.equal(catcher.inboxUrl, `http://localhost:${webPort}`);
    const link = 'https://portal.example.com/reset-password?token=abc';
    await transport.sendMail({
      from: 'no-reply@example.com',
      to: 'Ada@Example.com',
      subject: 'Reset your password',
      text: `Reset password:\n${link}\n`,
      html: `<a href="${link}">Reset password</a>`,
    });
    const mail = await waitForMail(url, 'ada@example.com', { subject: /Reset/, timeoutMs: 5_000 });
    assert.equal(mail.subject, 'Reset your password');
    assert.equal(extractLink(mail, '/reset-password'), link);
    assert.throws(() => extractLink(mail, '/verify-email'), /has no link matching \/verify-email/);
    assert.equal((await listMails(url)).length, 1);
    assert.equal((await mailsTo(url, 'someone@example.com')).length, 0);
    await assert.rejects(
      waitForMail(url, 'someone@example.com', { timeoutMs: 300 }),
      /a mail to someone@example.com at http:\/\/127\.0\.0\.1:\d+: not reached within 300 ms/,
    );
    await clearMails(url);
    assert.deepEqual(await listMails(url), []);
  } finally {
    transport.close();
    await catcher.stop();
  }
});
