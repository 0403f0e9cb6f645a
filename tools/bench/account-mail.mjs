#!/usr/bin/env node
// Budgets of account recovery (issue 17), through the gateway of a running stack and its mail catcher:
//   1. POST /api/auth/forgot-password, 20 at a time, for accounts that exist and emails that do not:
//      p99 <= 150 ms, and the same with the SMTP server hung (the catcher stopped with SIGSTOP: it
//      accepts connections and never answers), since mail is sent after the answer.
//   2. A reset mail reaches the catcher within 2 s of its request, p95; the mails asked for while SMTP
//      hung all arrive once it answers again.
//   3. Sign-in with two-factor (password, then a TOTP code) adds <= 20 ms p99 over sign-in without.
//
//   node tools/bench/account-mail.mjs [gateway-url] --mail-catcher <url>
//
// The catcher must be the runner's maildev child on this machine (found by its --web port); the
// stack's gateway must trust this machine as a proxy (TRUSTED_PROXIES=loopback) and the stack must
// lift the sign-up limit of one address and the reset limit per email; `npm run bench` does all three.
// Exit codes: 0 within budget, 1 over budget, 2 could not run.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { percentile, pool } from '@portal/toolkit/api-client';
import { listMails } from '@portal/toolkit/mail-catcher';
import { totpCode } from '@portal/toolkit/totp';
import { waitFor } from '@portal/toolkit/wait';
import { apiClient } from './api-client.mjs';
import { reportResult } from './results.mjs';

export const resetP99BudgetMs = 150;
export const mailP95BudgetMs = 2000;
export const twoFactorOverheadBudgetMs = 20;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'mail-catcher': { type: 'string' }, requests: { type: 'string', default: '400' } },
});
const baseUrl = (positionals[0] ?? process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
const catcherUrl = (values['mail-catcher'] ?? 'http://127.0.0.1:1080').replace(/\/+$/, '');
const requests = Number(values.requests);

const client = apiClient(baseUrl);
const sorted = (numbers) => [...numbers].sort((a, b) => a - b);
const p = (numbers, q) => percentile(sorted(numbers), q);

/** The pid of the maildev serving `catcherUrl` (the runner starts it as `maildev.js --web <port>`). */
function catcherPid() {
  const webPort = new URL(catcherUrl).port;
  const line = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' })
    .split('\n')
    .find((row) => row.includes('maildev.js') && row.includes(`--web ${webPort} `));
  if (!line) throw new Error(`no maildev process serves ${catcherUrl} on this machine`);
  return Number(line.trim().split(/\s+/)[0]);
}

let clients = 0;
/**
 * Asks for a reset link as a customer of an address of its own: the stack's gateway trusts this
 * machine as the load balancer in front (TRUSTED_PROXIES), as production's does, so X-Forwarded-For
 * names the client. One address asking hundreds of times would meet the per-address limit instead.
 */
function forgotPassword(email) {
  clients += 1;
  const address = `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
  return client.call('POST', '/api/auth/forgot-password', {
    body: { email },
    headers: { 'x-forwarded-for': address },
  });
}

/** `count` forgot-password requests, 20 in flight, alternating existing and unknown emails. */
async function resetRequests(accounts, count) {
  const tasks = Array.from({ length: count }, (_, i) => async () => {
    const email =
      i % 2 === 0 ? accounts[(i / 2) % accounts.length].email : `nobody-${randomUUID()}@example.com`;
    const answer = await forgotPassword(email);
    return { ...answer, email, sentAt: Date.now() - answer.ms };
  });
  const answers = await pool(tasks, 20);
  return {
    answers,
    p50Ms: p(
      answers.map((a) => a.ms),
      0.5,
    ),
    p99Ms: p(
      answers.map((a) => a.ms),
      0.99,
    ),
    failed: answers.filter((a) => a.status !== 202).length,
  };
}

const describe = (run) =>
  `p50 ${run.p50Ms.toFixed(1)} ms, p99 ${run.p99Ms.toFixed(1)} ms, ${run.failed} failed of ${run.answers.length}`;

const resetMailsTo = async (email) =>
  (await listMails(catcherUrl)).filter(
    (mail) =>
      mail.to.some((to) => to.address === email) && (mail.text ?? '').includes('/reset-password?token='),
  );

/** For each account, one reset request and the time until its mail is in the catcher. */
async function mailLatencies(accounts) {
  const latencies = [];
  for (const account of accounts) {
    const before = (await resetMailsTo(account.email)).length;
    const sentAt = Date.now();
    const asked = await forgotPassword(account.email);
    if (asked.status !== 202) throw new Error(`forgot-password answered ${asked.status}: ${asked.text}`);
    // maildev dates a mail to the second, so the time is when the inbox first lists it (polled
    // every 20 ms: at most that much late).
    const arrivedAt = await waitFor(
      async () => (await resetMailsTo(account.email)).length > before && Date.now(),
      { timeoutMs: 30_000, intervalMs: 20, what: `the reset mail to ${account.email}` },
    );
    latencies.push(arrivedAt - sentAt);
  }
  return latencies;
}

const currentStep = () => Math.floor(Date.now() / 30_000);

/** How long (ms) `account` takes to be signed in: the password, then (with `secret`) a code. */
async function signInTime(account, secret) {
  const started = performance.now();
  const first = await client.expectOk('POST', '/api/auth/login', {
    body: { email: account.email, password: account.password },
  });
  if (!secret) {
    if (!first.token) throw new Error('sign-in answered no token');
    return performance.now() - started;
  }
  if (!first.challenge) throw new Error('sign-in with two-factor on answered no challenge');
  // Enabling took the code of its step; the next step's code is accepted (one step of drift).
  const code = totpCode(secret, currentStep() + 1);
  await client.expectOk('POST', '/api/auth/login/two-factor', { body: { challenge: first.challenge, code } });
  return performance.now() - started;
}

/** A new account with two-factor sign-in on, and its secret. */
async function twoFactorAccount() {
  const account = await client.signUp('bench-2fa');
  const { secret } = await client.expectOk('POST', '/api/account/two-factor/setup', { token: account.token });
  await client.expectOk('POST', '/api/account/two-factor/enable', {
    token: account.token,
    body: { code: totpCode(secret, currentStep()), password: account.password },
  });
  return { ...account, secret };
}

async function main() {
  const accounts = await pool(
    Array.from({ length: 30 }, () => () => client.signUp('bench-reset')),
    5,
  );

  // Warm-up, then the budgets.
  await resetRequests(accounts, 40);
  const healthy = await resetRequests(accounts, requests);
  console.log(`  forgot-password, 20 at a time: ${describe(healthy)}`);

  const latencies = await mailLatencies(accounts);
  const mailP95 = p(latencies, 0.95);
  console.log(
    `  reset mail in the catcher: p50 ${p(latencies, 0.5)} ms, p95 ${mailP95} ms (${latencies.length} mails)`,
  );

  const resetMailCount = async () => {
    const addresses = new Set(accounts.map((account) => account.email));
    return (await listMails(catcherUrl)).filter(
      (mail) =>
        mail.to.some((to) => addresses.has(to.address)) &&
        (mail.text ?? '').includes('/reset-password?token='),
    ).length;
  };
  const caughtBefore = await resetMailCount();
  const pid = catcherPid();
  process.kill(pid, 'SIGSTOP');
  let hung;
  try {
    hung = await resetRequests(accounts, requests / 2);
  } finally {
    process.kill(pid, 'SIGCONT');
  }
  console.log(`  forgot-password with SMTP hung: ${describe(hung)}`);
  const owed = hung.answers.filter(
    (a) => a.status === 202 && accounts.some((x) => x.email === a.email),
  ).length;
  const delivered = await waitFor(async () => (await resetMailCount()) >= caughtBefore + owed, {
    timeoutMs: 120_000,
    intervalMs: 500,
    what: `the ${owed} reset mails asked for while SMTP hung`,
  }).catch(() => false);
  console.log(
    `  after SMTP answered again: ${delivered ? 'every' : 'NOT every'} mail asked for while it hung arrived (${owed})`,
  );

  // A TOTP code is taken once per account and step, so each account signs in once.
  const rounds = 100;
  const plain = await pool(
    Array.from({ length: rounds }, () => () => client.signUp('bench-signin')),
    5,
  );
  const guarded = await pool(
    Array.from({ length: rounds }, () => twoFactorAccount),
    5,
  );
  // Their mails (a verification each, 'two-factor on' for the guarded) are sent before measuring,
  // so the mailer's work does not land on one side's sign-ins.
  const addresses = new Set([...plain, ...guarded].map((account) => account.email));
  await waitFor(
    async () =>
      (await listMails(catcherUrl)).filter((mail) => mail.to.some((to) => addresses.has(to.address)))
        .length >=
      3 * rounds,
    { timeoutMs: 60_000, intervalMs: 250, what: "the new accounts' mails" },
  );
  const withoutTimes = [];
  const withTimes = [];
  for (let i = 0; i < rounds; i += 1) {
    withoutTimes.push(await signInTime(plain[i]));
    withTimes.push(await signInTime(guarded[i], guarded[i].secret));
  }
  const overhead = p(withTimes, 0.99) - p(withoutTimes, 0.99);
  console.log(
    `  sign-in without two-factor p50 ${p(withoutTimes, 0.5).toFixed(1)} ms, p99 ${p(withoutTimes, 0.99).toFixed(1)} ms; ` +
      `with it p50 ${p(withTimes, 0.5).toFixed(1)} ms, p99 ${p(withTimes, 0.99).toFixed(1)} ms: +${overhead.toFixed(1)} ms at p99`,
  );

  const over = [];
  if (healthy.p99Ms > resetP99BudgetMs || healthy.failed) over.push('forgot-password');
  if (hung.p99Ms > resetP99BudgetMs || hung.failed) over.push('forgot-password with SMTP hung');
  if (mailP95 > mailP95BudgetMs) over.push('reset mail delivery');
  if (!delivered) over.push('mails asked for while SMTP hung');
  if (overhead > twoFactorOverheadBudgetMs) over.push('two-factor sign-in overhead');
  console.log(over.length ? `  over budget: ${over.join(', ')}` : '  within budget');
  reportResult({
    resetP99Ms: healthy.p99Ms,
    resetP99SmtpHungMs: hung.p99Ms,
    mailP95Ms: mailP95,
    mailsAfterHang: Boolean(delivered),
    signInP99Ms: p(withoutTimes, 0.99),
    twoFactorSignInP99Ms: p(withTimes, 0.99),
    withinBudget: over.length === 0,
  });
  process.exitCode = over.length ? 1 : 0;
}

main().catch((error) => {
  console.error(`account-mail benchmark could not run: ${error.message}`);
  process.exitCode = 2;
});
