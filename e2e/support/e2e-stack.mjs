// The stack the suite runs against, started by playwright.config.ts as its web server (an ES module:
// @portal/toolkit is one): `npm start`'s runner on the e2e block of the port plan and databases of its
// own, so a developer's `npm start` can keep running, with commerce on the fake Stripe API. It runs
// until Playwright stops it (SIGTERM), then stops the stack. REPLICAS=2 runs two of each service
// behind the gateway (ADR 0213).
import { startSuiteStack } from '@portal/toolkit/stack';
import { rm } from 'node:fs/promises';
import { e2eReleasesRoot } from './releases.mjs';
import { staffAccount } from './staff-account.mjs';
import { e2eStripe } from './stripe-keys.mjs';

// Every run starts with each section as built (no release from an earlier run).
await rm(e2eReleasesRoot, { recursive: true, force: true });
const stack = await startSuiteStack('e2e', {
  stripe: e2eStripe,
  replicas: Number(process.env.REPLICAS || 1),
  // Warnings and errors of every process show in the report; access lines would drown it.
  echo: true,
  killAfterMs: 10_000,
  env: {
    // The e2e databases outlive a run (and a clone): their sealed secrets need the same key every time.
    CRM_ENCRYPTION_KEY: 'ZTJlLXBvcnRhbC1jcm0tZW5jcnlwdGlvbi1rZXktMzI=',
    IDENTITY_ENCRYPTION_KEY: 'ZTJlLXBvcnRhbC1pZGVudGl0eS1lbmNyeXB0LWtleSE=',
    // Every test browser shares one address, and the databases persist between runs: reruns must not
    // hit the limits.
    CONTACT_LIMIT_PER_10_MINUTES: '1000',
    CONTACT_EMAIL_LIMIT_PER_10_MINUTES: '1000',
    NEWSLETTER_LIMIT_PER_10_MINUTES: '1000',
    AUTH_REGISTER_LIMIT_PER_HOUR: '1000',
    AUTH_RESET_ADDRESS_LIMIT_PER_HOUR: '1000',
    APPLICATION_LIMIT_PER_ADDRESS_PER_HOUR: '1000',
    APPLICATION_LIMIT_PER_EMAIL_PER_HOUR: '1000',
    // The staff console's account (staff-console.spec.ts).
    STAFF_EMAIL: staffAccount.email,
    STAFF_PASSWORD: staffAccount.password,
    // The docs samples' webhook receivers listen on this machine (docs-samples.spec.ts): crm may deliver to loopback,
    // and support takes a loopback callback_url (public-api.spec.ts).
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    RELEASES_ROOT: e2eReleasesRoot,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    // The gateway counts /v1 requests where every replica sees them, as in production.
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  },
});
console.log(`e2e stack ready at ${stack.url}`);
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    void stack.stop().then(() => process.exit(0));
  });
}
