// The whole portal as `npm start` runs it (tools/runner), on the ports and database prefix kept for
// the security suite, with every line every process writes kept for the checks that read logs.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { generateSigningKeyPem, portEnv, startFakeStripe, startRunner } from '@portal/toolkit/stack';

export const databaseServerUrl =
  process.env.SECURITY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const natsUrl = process.env.SECURITY_NATS_URL ?? 'nats://127.0.0.1:4222';
export const databasePrefix = 'security_portal';

export const ports = {
  gateway: 17080,
  identity: 17101,
  commerce: 17102,
  crm: 17103,
  support: 17104,
  kpi: 17105,
};
export const serviceNames = ['identity', 'commerce', 'crm', 'support', 'kpi'];

/** The database of `service` in the suite's stack, e.g. `security_portal_crm`. */
export const databaseOf = (service) => `${databasePrefix}_${service}`;
export const databaseUrlOf = (service) => {
  const url = new URL(databaseServerUrl);
  url.pathname = `/${databaseOf(service)}`;
  return url.toString();
};

/**
 * Starts the stack and resolves once the runner prints 'Portal ready'. The suite makes its own token
 * signing key (so it can sign tokens with the right key and wrong claims), crm encryption key and staff
 * account, and points commerce at an in-process fake Stripe API. Limits meant for people (sign-ups,
 * failed logins, contact and newsletter per address) are lifted: every request here comes from 127.0.0.1.
 */
export async function startSecurityStack({ env = {} } = {}) {
  const startedAt = performance.now();
  const runId = randomBytes(4).toString('hex');
  const signingKeyPem = generateSigningKeyPem();
  const staff = { email: `security-staff-${runId}@example.com`, password: `staff-${runId}-password-1` };
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const fakeStripe = await startFakeStripe({ port: 0, webhookSecret });
  const gatewayUrl = `http://127.0.0.1:${ports.gateway}`;
  fakeStripe.webhookUrl = `${gatewayUrl}/api/stripe/webhook`;

  const logFile = path.join(os.tmpdir(), `security-stack-${runId}.log`);
  const runner = await startRunner({
    env: {
      DATABASE_URL: databaseServerUrl,
      NATS_URL: natsUrl,
      PORTAL_DB_PREFIX: databasePrefix,
      SEED_DEMO_DATA: 'false',
      ...portEnv(ports),
      PUBLIC_SITE_URL: `http://localhost:${ports.gateway}`,
      JWT_SIGNING_KEY: signingKeyPem,
      CRM_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      STAFF_EMAIL: staff.email,
      STAFF_PASSWORD: staff.password,
      STRIPE_SECRET_KEY: 'sk_test_securitysuite',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: fakeStripe.url,
      AUTH_REGISTER_LIMIT_PER_HOUR: '1000000',
      AUTH_LOGIN_FAILURE_LIMIT: '1000000',
      CONTACT_LIMIT_PER_10_MINUTES: '1000000',
      NEWSLETTER_LIMIT_PER_10_MINUTES: '1000000',
      TICKET_LIMIT_PER_HOUR: '1000000',
      ...env,
    },
    // Every line: the checks read the mapped routes at the start and look for leaks in all of it.
    keepOutput: Infinity,
    logFile,
    killAfterMs: 20_000,
    cleanup: () => fakeStripe.close(),
  });

  return {
    url: gatewayUrl,
    serviceUrls: Object.fromEntries(serviceNames.map((name) => [name, `http://127.0.0.1:${ports[name]}`])),
    signingKeyPem,
    staff,
    fakeStripe,
    logFile,
    readyMs: performance.now() - startedAt,
    /** Everything the runner and every process of the stack wrote so far. */
    output: runner.output,
    get running() {
      return runner.running;
    },
    /** Ctrl-C to the runner (it stops every child), then the fake Stripe API. Once, however often called. */
    stop: runner.stop,
  };
}
