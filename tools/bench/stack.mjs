// The portal the benchmarks measure: as `npm start` runs it, on the bench block of the port plan and
// its own databases, its pages and answers at http://localhost:<port> as a developer opens them.
import { randomBytes } from 'node:crypto';
import { portPlan } from '@portal/toolkit/port-plan';
import { startSuiteStack } from '@portal/toolkit/stack';

/**
 * Starts it with commerce on a fake Stripe API (in this process) and the limits a benchmark's one
 * address would hit lifted; `url` is where to measure, `staff` the staff account identity creates from
 * STAFF_EMAIL/STAFF_PASSWORD as on a fresh install (a password drawn per run, never in the repository).
 */
export async function startBenchStack() {
  const staff = {
    email: 'bench.staff@example.com',
    password: `staff-${randomBytes(12).toString('base64url')}-1`,
  };
  const stack = await startSuiteStack('bench', {
    stripe: { secretKey: 'sk_test_benchportal', webhookSecret: 'whsec_benchportal' },
    env: {
      // Prerendered pages name the site's address in their canonical links.
      PUBLIC_SITE_URL: `http://localhost:${portPlan.bench.ports.gateway}`,
      // Every benchmark user signs up from this one address.
      AUTH_REGISTER_LIMIT_PER_HOUR: '100000',
      // The account recovery benchmark asks for hundreds of reset links for a few accounts, each as
      // a customer of its own address behind a load balancer (this machine, trusted as production's).
      AUTH_RESET_EMAIL_LIMIT_PER_HOUR: '100000',
      TRUSTED_PROXIES: 'loopback',
      // Ticket creation is measured by one customer opening thousands (throughput, load create-ticket).
      TICKET_LIMIT_PER_HOUR: '1000000',
      // The live chat benchmark's one staff account answers 200 chats (issue 24).
      CHAT_MESSAGES_PER_MINUTE: '100000',
      STAFF_EMAIL: staff.email,
      STAFF_PASSWORD: staff.password,
    },
  });
  return Object.assign(stack, { url: stack.localhostUrl, staff });
}

/**
 * Runs `measure(baseUrl, staffAccount)` on the stack at `url` (its staff account from STAFF_EMAIL and
 * STAFF_PASSWORD), or without one on a bench stack of its own, stopped after; answers what it measured.
 * @template T
 * @param {string | undefined} url
 * @param {(baseUrl: string, staff: { email: string, password: string }) => Promise<T>} measure
 * @returns {Promise<T>}
 */
export async function measureWithStaff(url, measure) {
  if (url) {
    const { STAFF_EMAIL: email, STAFF_PASSWORD: password } = process.env;
    if (!email || !password)
      throw new Error('STAFF_EMAIL and STAFF_PASSWORD must name a staff account of that stack');
    return measure(url.replace(/\/+$/, ''), { email, password });
  }
  const stack = await startBenchStack();
  try {
    return await measure(stack.url, stack.staff);
  } finally {
    await stack.stop();
  }
}
