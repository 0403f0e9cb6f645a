import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { e2ePorts, e2eStripe } from './support/stack';

// The stack runs on its own ports and databases so a developer's `npm start` can keep running.
export const baseURL = `http://127.0.0.1:${e2ePorts.gateway}`;

export default defineConfig({
  testDir: './tests',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      // Stripe's servers cannot be reached from here: commerce's SDK talks to this fake, which signs
      // its webhooks with the stack's secret and sends them through the gateway.
      command: `node ${path.join(__dirname, '../libs/testing/dist/fake-stripe/main.js')}`,
      port: e2ePorts.fakeStripe,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(e2ePorts.fakeStripe),
        FAKE_STRIPE_WEBHOOK_URL: `${baseURL}/api/stripe/webhook`,
        STRIPE_WEBHOOK_SECRET: e2eStripe.webhookSecret,
      },
    },
    {
      command: `node ${path.join(__dirname, '../tools/runner/src/start.mjs')}`,
      url: `${baseURL}/api/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      env: {
        GATEWAY_PORT: String(e2ePorts.gateway),
        IDENTITY_PORT: String(e2ePorts.identity),
        COMMERCE_PORT: String(e2ePorts.commerce),
        CRM_PORT: String(e2ePorts.crm),
        SUPPORT_PORT: String(e2ePorts.support),
        KPI_PORT: String(e2ePorts.kpi),
        // Tests make their own customers and never depend on the demo one (nor its dialer).
        SEED_DEMO_DATA: 'false',
        // The e2e databases outlive a run (and a clone): their sealed secrets need the same key every time.
        CRM_ENCRYPTION_KEY: 'ZTJlLXBvcnRhbC1jcm0tZW5jcnlwdGlvbi1rZXktMzI=',
        STRIPE_SECRET_KEY: e2eStripe.secretKey,
        STRIPE_WEBHOOK_SECRET: e2eStripe.webhookSecret,
        STRIPE_API_URL: e2eStripe.apiUrl,
        STRIPE_PUBLISHABLE_KEY: e2eStripe.publishableKey,
        // Every test browser shares one address; reruns within ten minutes must not hit the limits.
        CONTACT_LIMIT_PER_10_MINUTES: '1000',
        NEWSLETTER_LIMIT_PER_10_MINUTES: '1000',
        PORTAL_DB_PREFIX: 'e2e_portal',
        // The site's own address: prerendered pages carry it in their canonical links and previews.
        PUBLIC_SITE_URL: baseURL,
        // Access lines of every request would drown the test report; warnings and errors still show.
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
        NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
        // The e2e database persists between runs and every sign-up comes from one address.
        AUTH_REGISTER_LIMIT_PER_HOUR: '1000',
      },
    },
  ],
});
