// The release store of the e2e stack's gateway (RELEASES_ROOT): its own, so section-release.spec.ts
// releases and rolls back sections without touching a developer's `npm start`. Drawn once per run by
// the Playwright process (playwright.config.ts), which hands it to the stack and the workers through
// the environment, like the staff account.
import os from 'node:os';
import path from 'node:path';

process.env.E2E_RELEASES_ROOT ??= path.join(os.tmpdir(), `portal-e2e-releases-${process.pid}`);

export const e2eReleasesRoot = process.env.E2E_RELEASES_ROOT;
