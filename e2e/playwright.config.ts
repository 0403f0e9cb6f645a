import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '@portal/toolkit/chromium';
import { e2ePorts } from './support/stack';
// Draw the run's staff password and release store before the stack (the web server) and the workers
// inherit the environment.
import './support/staff-account.mjs';
import './support/releases.mjs';

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
    launchOptions: chromiumLaunchOptions,
  },
  webServer: {
    command: `node ${path.join(__dirname, 'support/e2e-stack.mjs')}`,
    url: `${baseURL}/api/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
