// The whole portal as `npm start` runs it, on the security suite's block of the port plan and its
// databases, with every line every process writes kept for the checks that read logs.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { services } from '@portal/runner/stack';
import { portPlan } from '@portal/toolkit/port-plan';
import { generateSigningKeyPem, startSuiteStack } from '@portal/toolkit/stack';

export const databaseServerUrl =
  process.env.SECURITY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const natsUrl = process.env.SECURITY_NATS_URL ?? 'nats://127.0.0.1:4222';
export const { ports, databasePrefix } = portPlan.security;
export const serviceNames = services.map((service) => service.name);

/**
 * The database of `service` in the suite's stack, e.g. `security_portal_crm`.
 * @param {string} service
 */
export const databaseOf = (service) => `${databasePrefix}_${service}`;
/** @param {string} service */
export const databaseUrlOf = (service) => {
  const url = new URL(databaseServerUrl);
  url.pathname = `/${databaseOf(service)}`;
  return url.toString();
};

/**
 * Starts the stack and resolves once the runner prints 'Portal ready'. The suite makes its own token
 * signing key (so it can sign tokens with the right key and wrong claims), crm and identity encryption keys and staff
 * account, and points commerce at an in-process fake Stripe API. Limits meant for people (sign-ups,
 * failed logins, contact per address and per email, newsletter, job applications) are lifted: every request here comes from 127.0.0.1.
 * @param {{ env?: Record<string, string> }} [options]
 */
export async function startSecurityStack({ env = {} } = {}) {
  const startedAt = performance.now();
  const runId = randomBytes(4).toString('hex');
  const signingKeyPem = generateSigningKeyPem();
  // One staff account however many runs the suite's database has seen (a new password each run): staff
  // are mailed about every new ticket, so an account per run would multiply the suite's mails.
  const staff = { email: 'security-staff@example.com', password: `staff-${runId}-password-1` };
  const logFile = path.join(os.tmpdir(), `security-stack-${runId}.log`);
  const stack = await startSuiteStack('security', {
    stripe: { secretKey: 'sk_test_securitysuite', webhookSecret: `whsec_${randomBytes(16).toString('hex')}` },
    env: {
      DATABASE_URL: databaseServerUrl,
      NATS_URL: natsUrl,
      PUBLIC_SITE_URL: `http://localhost:${ports.gateway}`,
      JWT_SIGNING_KEY: signingKeyPem,
      CRM_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      IDENTITY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      STAFF_EMAIL: staff.email,
      STAFF_PASSWORD: staff.password,
      AUTH_REGISTER_LIMIT_PER_HOUR: '1000000',
      AUTH_LOGIN_FAILURE_LIMIT: '1000000',
      CONTACT_LIMIT_PER_10_MINUTES: '1000000',
      CONTACT_EMAIL_LIMIT_PER_10_MINUTES: '1000000',
      NEWSLETTER_LIMIT_PER_10_MINUTES: '1000000',
      APPLICATION_LIMIT_PER_ADDRESS_PER_HOUR: '1000000',
      APPLICATION_LIMIT_PER_EMAIL_PER_HOUR: '1000000',
      TICKET_LIMIT_PER_HOUR: '1000000',
      CHAT_MESSAGES_PER_MINUTE: '1000000',
      STATUS_SUBSCRIBE_LIMIT_PER_ADDRESS_PER_HOUR: '1000000',
      STATUS_SUBSCRIBE_LIMIT_PER_EMAIL_PER_HOUR: '1000000',
      ...env,
    },
    // Every line: the checks read the mapped routes at the start and look for leaks in all of it.
    keepOutput: Infinity,
    logFile,
    killAfterMs: 20_000,
  });

  return Object.assign(stack, {
    serviceUrls: Object.fromEntries(serviceNames.map((name) => [name, stack.serviceUrl(name)])),
    signingKeyPem,
    staff,
    fakeStripe: /** @type {NonNullable<typeof stack.fakeStripe>} */ (stack.fakeStripe),
    logFile,
    readyMs: performance.now() - startedAt,
  });
}
