// The portal the benchmarks measure: as `npm start` runs it, on the bench block of the port plan and
// its own databases, its pages and answers at http://localhost:<port> as a developer opens them.
import { portPlan } from '@portal/toolkit/port-plan';
import { startSuiteStack } from '@portal/toolkit/stack';

/**
 * Starts it with commerce on a fake Stripe API (in this process) and the limits a benchmark's one
 * address would hit lifted; `url` is where to measure.
 */
export async function startBenchStack() {
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
    },
  });
  return Object.assign(stack, { url: stack.localhostUrl });
}
