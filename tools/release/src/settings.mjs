import path from 'node:path';
import { fileURLToPath } from 'node:url';
import contracts from '@portal/contracts';
import { DEFAULT_GRACE_HOURS } from './release-store.mjs';

const { SECTION_NAMES } = contracts;

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The section named on the command line. */
export function parseSection(positionals) {
  const [section, ...rest] = positionals;
  const names = SECTION_NAMES.join(', ');
  if (!section) throw new Error(`name the section: one of ${names}`);
  if (rest.length) throw new Error(`one section at a time, not ${positionals.join(' ')}`);
  if (!SECTION_NAMES.includes(section)) throw new Error(`there is no section "${section}": one of ${names}`);
  return section;
}

/**
 * Where the store is (RELEASES_ROOT, as the gateway reads it; default `.data/releases`), which stack
 * checks a version (PORTAL_URL, default the one `npm start` runs) and how long retired versions stay.
 */
export function releaseSettings(options = {}, env = process.env) {
  const graceHours = Number(options['grace-hours'] ?? env.RELEASE_GRACE_HOURS ?? DEFAULT_GRACE_HOURS);
  if (!Number.isFinite(graceHours) || graceHours < 0) {
    throw new Error(`the grace period is a number of hours, not "${options['grace-hours']}"`);
  }
  return {
    repoRoot,
    store: path.resolve(env.RELEASES_ROOT || path.join(repoRoot, '.data', 'releases')),
    portalUrl: (env.PORTAL_URL || 'http://localhost:8080').replace(/\/+$/, ''),
    graceHours,
  };
}
