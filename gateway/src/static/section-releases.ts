import { randomInt } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  RELEASE_STATE_FILE,
  releasePath,
  releaseState,
  SECTION_NAMES,
  type ReleaseState,
  type SectionName,
} from '@portal/contracts';

/**
 * The sections' releases (docs/adr/0229-release-and-rollback-of-a-section.md): a store folder with
 * `releases.json` and each released version's files in `<section>/<version>/`. The state is read
 * again whenever the file changes, so a release or a rollback reaches the next request; a file that
 * cannot be read or parsed keeps the last good state (a release writes it by an atomic rename).
 */
export class SectionReleases {
  private known: { version: string; state: ReleaseState } = { version: '', state: { sections: {} } };

  constructor(
    readonly root: string,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  async state(): Promise<ReleaseState> {
    const file = path.join(this.root, RELEASE_STATE_FILE);
    const info = await stat(file).catch(() => null);
    // A release replaces the file by a rename: a new inode, whatever its time and size.
    const version = info?.isFile() ? `${info.ino}:${info.mtimeMs}:${info.size}` : 'none';
    if (version === this.known.version) return this.known.state;
    try {
      const state =
        version === 'none' ? { sections: {} } : releaseState.parse(JSON.parse(await readFile(file, 'utf8')));
      this.known = { version, state };
    } catch (error) {
      this.known = { version, state: this.known.state }; // reported once, not on every request
      this.onError(error);
    }
    return this.known.state;
  }
}

/** The cookie that keeps a browser on the same side of a canary: a number from 0 to 99. */
export const CANARY_COOKIE = 'portal_canary';

/** A browser's canary bucket from its cookie, or null when it has none yet. */
export function canaryBucket(cookieHeader: string | undefined): number | null {
  const match = new RegExp(`(?:^|;\\s*)${CANARY_COOKIE}=(\\d{1,2})(?:;|$)`).exec(cookieHeader ?? '');
  return match ? Number(match[1]) : null;
}

export const newCanaryBucket = () => randomInt(100);

/** The version a visitor in `bucket` gets of a section, or null for its build as deployed beside the gateway. */
export function versionFor(state: ReleaseState, section: SectionName, bucket: number | null): string | null {
  const releases = state.sections[section];
  if (!releases) return null;
  const { canary } = releases;
  return canary && bucket !== null && bucket < canary.percent ? canary.version : releases.current;
}

/** The runtime manifest the shell fetches: each section's `mf-manifest.json`, as released for this visitor. */
export function mfeManifest(state: ReleaseState, bucket: number | null): Record<SectionName, string> {
  return Object.fromEntries(
    SECTION_NAMES.map((section) => {
      const version = versionFor(state, section, bucket);
      const base = version ? releasePath(section, version) : `/mfe/${section}/`;
      return [section, `${base}mf-manifest.json`];
    }),
  ) as Record<SectionName, string>;
}

/** Whether any section is in a canary, so the manifest depends on the browser's bucket. */
export const hasCanary = (state: ReleaseState) =>
  Object.values(state.sections).some((releases) => releases?.canary);
