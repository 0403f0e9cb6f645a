// npm run release -- <section> [--canary <percent> | --promote] [--from <build folder> | --at <url>] [--grace-hours <n>]
// Builds one section (or takes a build made elsewhere, --from), stores the build as an immutable version, checks it on the running stack and
// switches new visitors to it (docs/adr/0229-release-and-rollback-of-a-section.md).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import contracts from '@portal/contracts';
import { releaseSettings, parseSection } from './settings.mjs';
import {
  deleteUnnamedVersions,
  deleteVersions,
  readState,
  storeBuild,
  versionOf,
  versionOfFiles,
  withCanaryPromoted,
  withoutExpired,
  withRelease,
  withStoreLock,
  writeState,
} from './release-store.mjs';
import { checkInBrowser, chromiumPath, fetchVersionFiles } from './smoke-check.mjs';

const { releasePath } = contracts;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    canary: { type: 'string' },
    promote: { type: 'boolean', default: false },
    from: { type: 'string' },
    at: { type: 'string' },
    'grace-hours': { type: 'string' },
  },
});

const started = performance.now();
const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const say = (message) => console.log(`[release] ${message} (${seconds()})`);

function canaryPercent(text) {
  if (text === undefined) return undefined;
  const percent = Number(text);
  if (!Number.isInteger(percent) || percent < 1 || percent > 99) {
    throw new Error(`--canary takes a whole percentage from 1 to 99, not "${text}"`);
  }
  return percent;
}

/** Builds the section (or takes `from`) and copies the build into the store as its version. */
async function storedHere(section, { store, repoRoot, from }) {
  if (!from) {
    say(`building ${section}`);
    const build = spawnSync('npx', ['nx', 'run', `@portal/mfe-${section}:build`, '--outputStyle=static'], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error(`the build of ${section} failed; nothing was released`);
  }
  const buildFolder = path.resolve(from ?? path.join(repoRoot, `mfe-${section}`, 'dist'));
  const version = await versionOf(buildFolder);
  await storeBuild(store, section, version, buildFolder);
  say(`${section} ${version} stored in ${path.join(store, section, version)}`);
  return { version, base: releasePath(section, version), baseUrl: undefined };
}

/**
 * A build another origin serves (a CDN, another team's server) at `at`: named by the files it serves
 * there, which stay there. That origin must answer cross-origin requests (CORS) for the manifest and fonts.
 */
async function releasedElsewhere(section, at) {
  const url = new URL(at.endsWith('/') ? at : `${at}/`);
  if (!/^https?:$/.test(url.protocol)) throw new Error(`--at takes an http(s) URL, not "${at}"`);
  const files = await fetchVersionFiles(url.href, section);
  const version = await versionOfFiles([...files.keys()].sort(), async (name) => files.get(name));
  say(`${section} ${version} is served at ${url.href}`);
  return { version, base: url.href, baseUrl: url.href };
}

async function main() {
  const section = parseSection(positionals);
  const { store, portalUrl, repoRoot, graceHours } = releaseSettings(values);
  const canary = canaryPercent(values.canary);

  if (values.promote) {
    await withStoreLock(store, async () =>
      writeState(store, withCanaryPromoted(await readState(store), section)),
    );
    say(`${section}: the canary is now current for every new visitor`);
    return;
  }

  const { version, base, baseUrl } = values.at
    ? await releasedElsewhere(section, values.at)
    : await storedHere(section, { store, repoRoot, from: values.from });
  const files = await fetchVersionFiles(new URL(base, `${portalUrl}/`).href, section);
  say(`${baseUrl ?? portalUrl} serves its ${files.size} files`);
  const browser = chromiumPath();
  if (!browser) say('no Chromium (CHROMIUM_PATH): the page check is skipped');
  else if (await checkInBrowser(portalUrl, section, base, browser)) say(`its page runs in Chromium`);
  else say(`${section} is signed-in staff only: checked over HTTP only`);

  await withStoreLock(store, async () => {
    const released = withRelease(await readState(store), section, version, {
      canaryPercent: canary,
      baseUrl,
    });
    const { state, expired } = withoutExpired(released, section, { graceHours });
    await writeState(store, state);
    await deleteVersions(store, section, expired);
    const unnamed = await deleteUnnamedVersions(store, state, section, { graceHours });
    const deleted = [...expired.map((entry) => entry.version), ...unnamed];
    if (deleted.length) say(`deleted ${deleted.join(', ')}, past the grace period`);
  });
  say(
    canary === undefined
      ? `${section} ${version} is live for every new visitor`
      : `${section} ${version} is live for ${canary}% of browsers (npm run release -- ${section} --promote for all)`,
  );
}

main().catch((error) => {
  console.error(`[release] ${error.message}`);
  process.exitCode = 1;
});
