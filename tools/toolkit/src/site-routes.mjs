// Every page the sections' builds serve, as addresses to visit: each section's routes (its build's
// `routes.json`, docs/adr/0231-sections-own-their-routes.md), a parameter filled with a listed page or
// a sample, plus a path no section serves. The end-to-end and security suites visit them all, so a new
// page is checked the day its section adds it.
import fs from 'node:fs';
import path from 'node:path';
import * as contractsModule from '@portal/contracts';

// Node's ESM sees the CommonJS build as a default export; Playwright's CommonJS transform, as the module.
const { SECTION_NAMES, SECTION_ROUTES_FILE, sectionRoutesFile } = contractsModule.default ?? contractsModule;

/**
 * The workspace the suites run in, from their folder up (no `import.meta`: Playwright loads this
 * module into its CommonJS test files).
 */
function workspaceRoot(from = process.cwd()) {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file) && JSON.parse(fs.readFileSync(file, 'utf8')).workspaces) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no npm workspace above ${from}`);
  }
}

/** A path no section serves: the shell's 404 page. */
export const NOT_FOUND_PATH = '/no-such-page-here';

// A ticket's, an order's or an endpoint's page (`/dashboard/support/:id`): an id nobody has, which a
// signed-in customer is told is not found (the same as another organization's).
const SAMPLE_ID = 'c0ffee00-0000-4000-8000-000000000000';

/** The routes in the build of `section` (`mfe-<section>/dist/routes.json`). */
export function builtRoutes(section) {
  const file = path.join(workspaceRoot(), `mfe-${section}`, 'dist', SECTION_ROUTES_FILE);
  if (!fs.existsSync(file))
    throw new Error(`${file} is missing: build the front end first (npx nx run-many -t build)`);
  return sectionRoutesFile.parse(JSON.parse(fs.readFileSync(file, 'utf8'))).routes;
}

/** @returns {{ path: string, section: string | null }[]} every route of every section, then the 404 page */
export function siteRoutes() {
  const routes = SECTION_NAMES.flatMap((section) =>
    builtRoutes(section).map((route) => {
      const pattern = typeof route === 'string' ? route : route.path;
      const sample = typeof route === 'string' ? SAMPLE_ID : route.only[0];
      if (sample === undefined) throw new Error(`${section}'s ${pattern} lists no page`);
      return { section, path: pattern.replace(/:\w+/g, sample) };
    }),
  );
  return [...routes, { section: null, path: NOT_FOUND_PATH }];
}
