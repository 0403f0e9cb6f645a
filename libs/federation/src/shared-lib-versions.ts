import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SINGLETON_PACKAGES, STATELESS_PACKAGES, workspaceLibVersion } from './shared.ts';

/**
 * The workspace libs shared across builds. A section requires the version it was built with (minor and
 * up), so a change to one that keeps its version would let a section run on a copy without the change.
 */
export const SHARED_WORKSPACE_LIBS = [...SINGLETON_PACKAGES, ...STATELESS_PACKAGES].filter((name) =>
  name.startsWith('@portal/'),
);

/** Where the version and the sources' hash of each shared workspace lib are recorded (committed). */
export const RECORD_FILE = path.join('libs', 'federation', 'shared-lib-versions.json');

export interface RecordedVersion {
  version: string;
  /** sha256 of the lib's `src`, tests left out: the code a build ships. */
  sources: string;
}

/** Shared workspace lib → its recorded version and sources. */
export type VersionRecord = Record<string, RecordedVersion>;

const isTest = (file: string) => /\.(test|spec)\.tsx?$|[\\/]__(fixtures|mocks)__[\\/]/.test(file);

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !isTest(file))
    .sort();
}

/** The hash of what a lib ships: each file of its `src` (but tests), by path and content. */
export function sourcesHash(root: string, name: string): string {
  const src = path.join(root, 'libs', name.slice('@portal/'.length), 'src');
  const hash = createHash('sha256');
  for (const file of sourceFiles(src)) {
    hash.update(`${path.relative(src, file).split(path.sep).join('/')}\0`);
    hash.update(fs.readFileSync(file));
    hash.update('\0');
  }
  return `sha256:${hash.digest('hex')}`;
}

/** The version and hash each shared workspace lib has now. */
export function currentVersions(
  root: string,
  libs: readonly string[] = SHARED_WORKSPACE_LIBS,
): VersionRecord {
  return Object.fromEntries(
    libs.map((name) => [
      name,
      { version: workspaceLibVersion(root, name), sources: sourcesHash(root, name) },
    ]),
  );
}

export function readRecord(root: string): VersionRecord {
  const file = path.join(root, RECORD_FILE);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as VersionRecord) : {};
}

const RECORD_COMMAND = 'npm run shared-lib-versions -w @portal/federation';

const isLater = (a: string, b: string) => {
  const [x, y] = [a, b].map((version) => version.split('.').map(Number));
  const index = x!.findIndex((part, i) => part !== y![i]);
  return index >= 0 && x![index]! > y![index]!;
};

export interface VersionProblem {
  name: string;
  /** `unrecorded` is fixed by writing the record; the others by a person, in the lib's package.json. */
  kind: 'unbumped' | 'backwards' | 'unrecorded';
  message: string;
}

/**
 * What differs between the libs now and the record: a lib whose code changed while its version did not,
 * a version that went backwards, and versions not recorded yet.
 */
export function versionProblems(current: VersionRecord, recorded: VersionRecord): VersionProblem[] {
  return Object.entries(current).flatMap(([name, now]): VersionProblem[] => {
    const then = recorded[name];
    if (then && now.version === then.version) {
      if (now.sources === then.sources) return [];
      const packageJson = `libs/${name.slice('@portal/'.length)}/package.json`;
      const message =
        `${name}'s code changed but its version is still ${now.version}: bump "version" in ${packageJson} ` +
        '(minor for an addition, major for a change or removal a section built before would notice, patch ' +
        `for a fix), then run \`${RECORD_COMMAND}\``;
      return [{ name, kind: 'unbumped', message }];
    }
    if (then && !isLater(now.version, then.version)) {
      const message = `${name}'s version went from ${then.version} to ${now.version}: a new version must be later`;
      return [{ name, kind: 'backwards', message }];
    }
    const message = `${name} ${now.version} is not recorded in ${RECORD_FILE}: run \`${RECORD_COMMAND}\``;
    return [{ name, kind: 'unrecorded', message }];
  });
}
