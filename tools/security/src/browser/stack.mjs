// The whole portal for the headers and CSP checks: started by @portal/toolkit's startSuiteStack (the
// project's own runner, as `npm start` does) on the csp block of the port plan and databases of its
// own, so it can run beside the rest of the security suite, the e2e suite and a developer's `npm start`.
import { randomBytes } from 'node:crypto';
import { startSuiteStack } from '@portal/toolkit/stack';

/** Test-mode Stripe: the page gets a publishable key (so /checkout loads Stripe.js), commerce the fake API. */
export const stripeKeys = { publishableKey: 'pk_test_cspcrawl', secretKey: 'sk_test_cspcrawl' };

/** A Calendly booking page: the contact page embeds it and 'Book a Call' opens its popup. */
export const schedulerUrl = 'https://calendly.com/millstone-cx/discovery-call';

/**
 * Starts the fake Stripe API (in this process, on a free port) and the stack; resolves once the
 * runner prints 'Portal ready'. `stop()` ends both, once however often called.
 */
export async function startCspStack() {
  const stack = await startSuiteStack('csp', {
    stripe: { ...stripeKeys, webhookSecret: `whsec_${randomBytes(16).toString('hex')}` },
    env: {
      DATABASE_URL: process.env.CSP_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      NATS_URL: process.env.CSP_NATS_URL ?? 'nats://127.0.0.1:4222',
      LOG_LEVEL: 'warn',
      CRM_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      IDENTITY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      SCHEDULER_URL: schedulerUrl,
      AUTH_REGISTER_LIMIT_PER_HOUR: '100000',
      CONTACT_LIMIT_PER_10_MINUTES: '100000',
      CONTACT_EMAIL_LIMIT_PER_10_MINUTES: '100000',
      NEWSLETTER_LIMIT_PER_10_MINUTES: '100000',
    },
  });
  return Object.assign(stack, {
    fakeStripe: /** @type {NonNullable<typeof stack.fakeStripe>} */ (stack.fakeStripe),
  });
}
