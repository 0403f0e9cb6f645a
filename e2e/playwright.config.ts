import path from 'node:path';
import { defineConfig } from '@playwright/test';

// The stack runs on its own ports and databases so a developer's `npm start` can keep running.
const gatewayPort = Number(process.env.E2E_GATEWAY_PORT ?? 18080);
export const baseURL = `http://127.0.0.1:${gatewayPort}`;

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
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: `node ${path.join(__dirname, '../tools/runner/src/start.mjs')}`,
    url: `${baseURL}/api/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      GATEWAY_PORT: String(gatewayPort),
      IDENTITY_PORT: process.env.E2E_IDENTITY_PORT ?? '18101',
      CRM_PORT: process.env.E2E_CRM_PORT ?? '18103',
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
});
