// The sections' release store (docs/adr/0229-release-and-rollback-of-a-section.md): each released
// version's files in `<store>/<section>/<version>/`, named by their content's hash, and
// `releases.json`, which the gateway reads on the next request after it changes.
import { createHash } from 'node:crypto';
import { cp, mkdir, open, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import contracts from '@portal/contracts';

const { RELEASE_STATE_FILE, releaseState } = contracts;

/** How long a version that stopped being current stays served, for the tabs still running it. */
export const DEFAULT_GRACE_HOURS = 24;

/** Every file under `folder`, as paths relative to it with `/`, sorted. */
async function filesUnder(folder) {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** A version's name: the first 12 hex digits of the SHA-256 of its files' names and contents, in order. */
export async function versionOfFiles(names, read) {
  if (names.length === 0) throw new Error('a version needs files: build the section first');
  const hash = createHash('sha256');
  for (const name of names) {
    hash.update(`${name}\0`);
    hash.update(await read(name));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

/** A build's version, from its folder. */
export async function versionOf(buildFolder) {
  const files = await filesUnder(buildFolder);
  if (files.length === 0) throw new Error(`${buildFolder} holds no files: build the section first`);
  return versionOfFiles(files, (file) => readFile(path.join(buildFolder, file)));
}

/**
 * Copies a build into the store as `version` (once: a version's folder never changes), through a
 * dot-folder the gateway does not serve, renamed into place when complete.
 */
export async function storeBuild(store, section, version, buildFolder) {
  const target = path.join(store, section, version);
  const existing = await readdir(target).catch(() => null);
  if (existing) return target;
  const incoming = path.join(store, section, `.incoming-${process.pid}-${version}`);
  await rm(incoming, { recursive: true, force: true });
  await mkdir(path.dirname(incoming), { recursive: true });
  await cp(buildFolder, incoming, { recursive: true });
  await rename(incoming, target);
  return target;
}

/** The store's state; empty when nothing was released yet. */
export async function readState(store) {
  const text = await readFile(path.join(store, RELEASE_STATE_FILE), 'utf8').catch((error) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  return text === null ? { sections: {} } : releaseState.parse(JSON.parse(text));
}

/** Writes the state as one atomic switch: a new file renamed over the old one. */
export async function writeState(store, state) {
  const checked = releaseState.parse(state);
  await mkdir(store, { recursive: true });
  const next = path.join(store, `.${RELEASE_STATE_FILE}.${process.pid}`);
  await writeFile(next, `${JSON.stringify(checked, null, 2)}\n`);
  await rename(next, path.join(store, RELEASE_STATE_FILE));
}

/**
 * Runs `change` with the store to itself: two releases at once would each switch from the state they
 * read and lose the other's.
 */
export async function withStoreLock(store, change) {
  await mkdir(store, { recursive: true });
  const lockFile = path.join(store, '.lock');
  const lock = await open(lockFile, 'wx').catch((error) => {
    if (error.code !== 'EEXIST') throw error;
    throw new Error(
      `another release or rollback holds ${lockFile}; wait for it, or delete the file if none is running`,
    );
  });
  try {
    await lock.writeFile(String(process.pid));
    return await change();
  } finally {
    await lock.close();
    await rm(lockFile, { force: true });
  }
}

const retire = (entry, at) => (entry.retiredAt ? entry : { ...entry, retiredAt: at });
/** @param {{ version: string, releasedAt: string, retiredAt?: string }} entry */
function reinstate(entry) {
  const back = { ...entry };
  delete back.retiredAt;
  return back;
}

/**
 * @typedef {object} SwitchOptions
 * @property {Date} [now] the moment of the switch
 * @property {number} [canaryPercent] release as a canary for this share of browsers
 * @property {string} [to] the version a rollback goes back to
 * @property {number} [graceHours] how long a retired version stays
 * @property {string} [baseUrl] where the version is served when not from the store (another origin)
 */

/**
 * The state with `version` of `section` released: current for every new visitor or, with
 * `canaryPercent`, for that share of browsers while the current version stays for the others.
 * Versions are kept in the order they became current, so the one before the current is the one a
 * rollback goes back to.
 * @param {import('@portal/contracts').ReleaseState} state
 * @param {string} section
 * @param {string} version
 * @param {SwitchOptions} [options]
 */
export function withRelease(state, section, version, { now = new Date(), canaryPercent, baseUrl } = {}) {
  const at = now.toISOString();
  const previous = state.sections[section];
  const others = (previous?.versions ?? []).filter((entry) => entry.version !== version);
  // Released again (a canary promoted): still served from where it was.
  const servedAt = baseUrl ?? previous?.versions.find((entry) => entry.version === version)?.baseUrl;
  const released = { version, releasedAt: at, ...(servedAt && { baseUrl: servedAt }) };
  if (canaryPercent !== undefined) {
    if (!previous)
      throw new Error(`${section} has no release yet for a canary to run beside: release it first`);
    if (previous.current === version) throw new Error(`${section} already runs ${version} for everyone`);
    const canary = { version, percent: canaryPercent };
    return {
      sections: { ...state.sections, [section]: { ...previous, versions: [...others, released], canary } },
    };
  }
  const versions = [
    ...others.map((entry) => (entry.version === previous?.current ? retire(entry, at) : entry)),
    released,
  ];
  return { sections: { ...state.sections, [section]: { versions, current: version } } };
}

/** The state with a section's canary made current for everyone. * @param {import('@portal/contracts').ReleaseState} state
 * @param {string} section
 * @param {SwitchOptions} [options]
 */
export function withCanaryPromoted(state, section, { now } = {}) {
  const releases = state.sections[section];
  if (!releases?.canary) throw new Error(`${section} has no canary to promote`);
  return withRelease(state, section, releases.canary.version, { now });
}

/**
 * Where a rollback goes when the store holds no release before the current one (or `--to built`): the
 * build deployed with the gateway, which serves a section the state does not name from that build.
 */
export const AS_BUILT = 'built';

/**
 * The state with `section` switched back: a canary in progress is called off; otherwise the section
 * goes back to `to`, or to the version that was current before this one, or, before its first
 * release, to the build deployed with the gateway (the section leaves the state).
 * @param {import('@portal/contracts').ReleaseState} state
 * @param {string} section
 * @param {SwitchOptions} [options]
 */
export function withRollback(state, section, { now = new Date(), to } = {}) {
  const releases = state.sections[section];
  if (!releases) throw new Error(`${section} runs the build deployed with the gateway: nothing to roll back`);
  if (releases.canary && !to) {
    const calledOff = { ...releases };
    delete calledOff.canary;
    return { sections: { ...state.sections, [section]: calledOff } };
  }
  const currentIndex = releases.versions.findIndex((entry) => entry.version === releases.current);
  const target = to ?? releases.versions[currentIndex - 1]?.version ?? AS_BUILT;
  if (target === AS_BUILT) {
    const sections = { ...state.sections };
    delete sections[section];
    return { sections };
  }
  const targetEntry = releases.versions.find((entry) => entry.version === target);
  if (!targetEntry) {
    const known = [...releases.versions.map((entry) => entry.version), AS_BUILT].join(', ');
    throw new Error(`${section} has no version ${target} in the store; it has ${known}`);
  }
  if (target === releases.current) throw new Error(`${section} already runs ${target}`);
  const at = now.toISOString();
  const versions = [
    ...releases.versions
      .filter((entry) => entry !== targetEntry)
      .map((entry) => (entry.version === releases.current ? retire(entry, at) : entry)),
    { ...reinstate(targetEntry), releasedAt: at },
  ];
  return { sections: { ...state.sections, [section]: { versions, current: target } } };
}

/**
 * The state without the versions nobody needs any more: retired longer than the grace period ago,
 * except the one a rollback would go back to. Answers the state and the versions dropped.
 * @param {import('@portal/contracts').ReleaseState} state
 * @param {string} section
 * @param {SwitchOptions} [options]
 */
export function withoutExpired(state, section, { now = new Date(), graceHours = DEFAULT_GRACE_HOURS } = {}) {
  const releases = state.sections[section];
  if (!releases) return { state, expired: [] };
  const cutoff = now.getTime() - graceHours * 3_600_000;
  const currentIndex = releases.versions.findIndex((entry) => entry.version === releases.current);
  const rollbackTarget = releases.versions[currentIndex - 1]?.version;
  const expired = releases.versions.filter(
    (entry) => entry.retiredAt && Date.parse(entry.retiredAt) < cutoff && entry.version !== rollbackTarget,
  );
  const kept = releases.versions.filter((entry) => !expired.includes(entry));
  return { state: { sections: { ...state.sections, [section]: { ...releases, versions: kept } } }, expired };
}

/** Deletes the folders of versions no longer in the state (after the state that drops them is written). */
export async function deleteVersions(store, section, versions) {
  for (const { version, baseUrl } of versions) {
    if (!baseUrl) await rm(path.join(store, section, version), { recursive: true, force: true });
  }
}

/**
 * Marks a section's version folders as retired now (their modification time), when a rollback to the
 * build drops them from the state: the tabs still running them keep loading their files for the grace
 * period, after which `deleteUnnamedVersions` removes them.
 */
export async function markFoldersRetired(store, section, versions, now = new Date()) {
  for (const { version, baseUrl } of versions) {
    if (!baseUrl) await utimes(path.join(store, section, version), now, now).catch(() => undefined);
  }
}

/**
 * Deletes the version folders of `section` that the state no longer names and that were last changed
 * longer than the grace period ago (those a rollback to the build left behind). Answers their names.
 */
export async function deleteUnnamedVersions(
  store,
  state,
  section,
  { now = new Date(), graceHours = DEFAULT_GRACE_HOURS } = {},
) {
  const named = new Set((state.sections[section]?.versions ?? []).map((entry) => entry.version));
  const cutoff = now.getTime() - graceHours * 3_600_000;
  const folder = path.join(store, section);
  const deleted = [];
  for (const entry of await readdir(folder, { withFileTypes: true }).catch(() => [])) {
    if (!entry.isDirectory() || entry.name.startsWith('.') || named.has(entry.name)) continue;
    const { mtimeMs } = await stat(path.join(folder, entry.name));
    if (mtimeMs >= cutoff) continue;
    await rm(path.join(folder, entry.name), { recursive: true, force: true });
    deleted.push(entry.name);
  }
  return deleted;
}
