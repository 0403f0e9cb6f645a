// The whole portal for the headers and CSP checks: started with @portal/toolkit's startRunner (the
// project's own runner, as `npm start` does) on ports and databases of its own, so it can run beside
// the rest of the security suite, the e2e suite and a developer's `npm start`.
import { randomBytes } from 'node:crypto';
import { portEnv, startFakeStripe, startRunner } from '@portal/toolkit/stack';

export const ports = {
  gateway: 17280,
  identity: 17201,
  commerce: 17202,
  crm: 17203,
  support: 17204,
  kpi: 17205,
};

/** Test-mode Stripe: the page gets a publishable key (so /checkout loads Stripe.js), commerce the fake API. */
export const stripeKeys = { publishableKey: 'pk_test_cspcrawl', secretKey: 'sk_test_cspcrawl' };

/** A Calendly booking page: the contact page embeds it and 'Book a Call' opens its popup. */
export const schedulerUrl = 'https://calendly.com/millstone-cx/discovery-call';

/**
 * Starts the fake Stripe API (in this process, on a free port) and the stack; resolves once the
 * runner prints 'Portal ready'. `stop()` ends both, once however often called.
 */
export async function startCspStack() {
  const gatewayUrl = `http://127.0.0.1:${ports.gateway}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const fakeStripe = await startFakeStripe({
    port: 0,
    webhookSecret,
    webhookUrl: `${gatewayUrl}/api/stripe/webhook`,
  });
  const stack = await startRunner({
    env: {
      DATABASE_URL: process.env.CSP_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      NATS_URL: process.env.CSP_NATS_URL ?? 'nats://127.0.0.1:4222',
      PORTAL_DB_PREFIX: 'csp_portal',
      SEED_DEMO_DATA: 'false',
      ...portEnv(ports),
      PUBLIC_SITE_URL: gatewayUrl,
      LOG_LEVEL: 'warn',
      CRM_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      STRIPE_SECRET_KEY: stripeKeys.secretKey,
      STRIPE_PUBLISHABLE_KEY: stripeKeys.publishableKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: fakeStripe.url,
      SCHEDULER_URL: schedulerUrl,
      AUTH_REGISTER_LIMIT_PER_HOUR: '100000',
      CONTACT_LIMIT_PER_10_MINUTES: '100000',
      NEWSLETTER_LIMIT_PER_10_MINUTES: '100000',
    },
    cleanup: () => fakeStripe.close(),
  });
  return { url: gatewayUrl, fakeStripe, readyMs: stack.readyMs, stop: stack.stop };
}
