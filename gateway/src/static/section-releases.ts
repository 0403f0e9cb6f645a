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
  type SectionVersion,
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

/**
 * The version a visitor in `bucket` gets of a section (null: its build as deployed beside the gateway),
 * with where it is served when not from the store (`baseUrl`, another origin).
 */
export function versionFor(
  state: ReleaseState,
  section: SectionName,
  bucket: number | null,
): SectionVersion | null {
  const releases = state.sections[section];
  if (!releases) return null;
  const { canary } = releases;
  const version = canary && bucket !== null && bucket < canary.percent ? canary.version : releases.current;
  return releases.versions.find((entry) => entry.version === version) ?? null;
}

/** Where a section's files are, as released for a visitor in `bucket`: a path here, or another origin's URL. */
function baseOf(state: ReleaseState, section: SectionName, bucket: number | null): string {
  const release = versionFor(state, section, bucket);
  if (!release) return `/mfe/${section}/`;
  return release.baseUrl ?? releasePath(section, release.version);
}

/** The runtime manifest the shell fetches: each section's `mf-manifest.json`, as released for this visitor. */
export function mfeManifest(state: ReleaseState, bucket: number | null): Record<SectionName, string> {
  return Object.fromEntries(
    SECTION_NAMES.map((section) => [section, `${baseOf(state, section, bucket)}mf-manifest.json`]),
  ) as Record<SectionName, string>;
}

/** Whether any section is in a canary, so the manifest depends on the browser's bucket. */
export const hasCanary = (state: ReleaseState) =>
  Object.values(state.sections).some((releases) => releases?.canary);

/** The other origins the manifest may name: those of every section's current and canary versions. */
export function sectionOrigins(state: ReleaseState): string[] {
  const origins = new Set<string>();
  for (const releases of Object.values(state.sections)) {
    if (!releases) continue;
    const named = new Set([releases.current, releases.canary?.version]);
    for (const { version, baseUrl } of releases.versions) {
      if (baseUrl && named.has(version)) origins.add(new URL(baseUrl).origin);
    }
  }
  return [...origins].sort();
}
