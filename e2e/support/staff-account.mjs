// The suite's staff account, created by identity from STAFF_EMAIL / STAFF_PASSWORD (the documented way
// for a fresh install) when the e2e stack starts. No password is written in the repository: the
// Playwright process draws one per run (playwright.config.ts) and hands it to the stack and the tests
// through the environment; identity brings the existing account to it at start.
import { randomBytes } from 'node:crypto';

process.env.E2E_STAFF_PASSWORD ??= `staff-${randomBytes(12).toString('base64url')}-1`;

export const staffAccount = {
  email: 'console.staff@example.com',
  password: process.env.E2E_STAFF_PASSWORD,
};
