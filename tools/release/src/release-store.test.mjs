import assert from 'node:assert/strict';
import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import {
  AS_BUILT,
  deleteUnnamedVersions,
  markFoldersRetired,
  readState,
  storeBuild,
  versionOf,
  withCanaryPromoted,
  withoutExpired,
  withRelease,
  withRollback,
  withStoreLock,
  writeState,
} from './release-store.mjs';
import { parseSection, releaseSettings } from './settings.mjs';

const at = (iso) => ({ now: new Date(iso) });
const empty = { sections: {} };
const A = 'aaaaaaaaaaaa';
const B = 'bbbbbbbbbbbb';
const C = 'cccccccccccc';

/** @param {import('@portal/contracts').ReleaseState} state */
function checkout(state) {
  const releases = state.sections.checkout;
  assert.ok(releases, 'checkout has releases');
  return releases;
}

describe('versions and the store', () => {
  let dir;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'release-store-'));
    await mkdir(path.join(dir, 'build', 'prerendered'), { recursive: true });
    await writeFile(path.join(dir, 'build', 'remoteEntry.js'), 'var checkout;');
    await writeFile(path.join(dir, 'build', 'prerendered', 'cart.json'), '{}');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('names a build by its files: the same files the same version, one changed byte another', async () => {
    const first = await versionOf(path.join(dir, 'build'));
    assert.match(first, /^[0-9a-f]{12}$/);
    assert.equal(await versionOf(path.join(dir, 'build')), first);
    await writeFile(path.join(dir, 'build', 'prerendered', 'cart.json'), '{ }');
    assert.notEqual(await versionOf(path.join(dir, 'build')), first);
  });

  it('refuses an empty build', async () => {
    await mkdir(path.join(dir, 'empty'));
    await assert.rejects(versionOf(path.join(dir, 'empty')), /holds no files: build the section first/);
  });

  it('copies a build into its version folder once, leaving no half-copied folder', async () => {
    const store = path.join(dir, 'store');
    const version = await versionOf(path.join(dir, 'build'));
    const folder = await storeBuild(store, 'checkout', version, path.join(dir, 'build'));
    assert.equal(folder, path.join(store, 'checkout', version));
    assert.equal(await readFile(path.join(folder, 'remoteEntry.js'), 'utf8'), 'var checkout;');
    await writeFile(path.join(dir, 'build', 'remoteEntry.js'), 'changed since');
    await storeBuild(store, 'checkout', version, path.join(dir, 'build'));
    assert.equal(await readFile(path.join(folder, 'remoteEntry.js'), 'utf8'), 'var checkout;');
    assert.deepEqual(await readdir(path.join(store, 'checkout')), [version]);
  });

  it('writes the state whole and reads it back; no file is no release', async () => {
    const store = path.join(dir, 'store');
    assert.deepEqual(await readState(store), empty);
    const state = withRelease(empty, 'checkout', A, at('2026-11-27T10:00:00Z'));
    await writeState(store, state);
    assert.deepEqual(await readState(store), state);
    assert.deepEqual((await readdir(store)).sort(), ['releases.json']);
    await assert.rejects(writeState(store, { sections: { checkout: { versions: [], current: A } } }));
  });

  it('keeps the folders a rollback to the build left for the grace period from then, then deletes them', async () => {
    const store = path.join(dir, 'store');
    for (const version of [A, B]) await storeBuild(store, 'checkout', version, path.join(dir, 'build'));
    const released = withRelease(withRelease(empty, 'checkout', A), 'checkout', B);
    const retiredAt = new Date('2026-11-27T12:00:00Z');
    await markFoldersRetired(store, 'checkout', released.sections.checkout?.versions ?? [], retiredAt);
    const state = withRelease(empty, 'checkout', C);
    const within = { now: new Date('2026-11-28T11:00:00Z'), graceHours: 24 };
    assert.deepEqual(await deleteUnnamedVersions(store, state, 'checkout', within), []);
    const after = { now: new Date('2026-11-28T13:00:00Z'), graceHours: 24 };
    assert.deepEqual((await deleteUnnamedVersions(store, state, 'checkout', after)).sort(), [A, B]);
    assert.deepEqual(await readdir(path.join(store, 'checkout')), []);
  });

  it('lets one release at a time change the store', async () => {
    const store = path.join(dir, 'store');
    /** @type {(value?: unknown) => void} */
    let inside = () => {};
    const first = withStoreLock(store, () => new Promise((resolve) => (inside = resolve)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await assert.rejects(
      withStoreLock(store, async () => {}),
      /another release or rollback holds/,
    );
    inside();
    await first;
    assert.equal(await withStoreLock(store, async () => 'free again'), 'free again');
  });
});

describe('switching versions', () => {
  const released = [
    [A, '2026-11-27T10:00:00Z'],
    [B, '2026-11-27T11:00:00Z'],
  ].reduce((state, [version, time]) => withRelease(state, 'checkout', version, at(time)), empty);

  it('makes a release current and retires the one before, which a rollback goes back to', () => {
    assert.deepEqual(checkout(released), {
      versions: [
        { version: A, releasedAt: '2026-11-27T10:00:00.000Z', retiredAt: '2026-11-27T11:00:00.000Z' },
        { version: B, releasedAt: '2026-11-27T11:00:00.000Z' },
      ],
      current: B,
    });
    const back = withRollback(released, 'checkout', at('2026-11-27T12:00:00Z'));
    assert.equal(checkout(back).current, A);
    assert.deepEqual(checkout(back).versions, [
      { version: B, releasedAt: '2026-11-27T11:00:00.000Z', retiredAt: '2026-11-27T12:00:00.000Z' },
      { version: A, releasedAt: '2026-11-27T12:00:00.000Z' },
    ]);
  });

  it('after a rollback and a new release, rolls back to the version that was good, not the one rolled back', () => {
    const back = withRollback(released, 'checkout', at('2026-11-27T12:00:00Z'));
    const fixed = withRelease(back, 'checkout', C, at('2026-11-27T13:00:00Z'));
    assert.equal(checkout(withRollback(fixed, 'checkout')).current, A);
    assert.equal(checkout(withRollback(fixed, 'checkout', { to: B })).current, B);
  });

  it('rolls a first release back to the build deployed with the gateway, which the state then leaves to it', () => {
    const once = withRelease(withRelease(empty, 'marketing', C), 'checkout', A);
    assert.deepEqual(withRollback(once, 'checkout'), { sections: { marketing: once.sections.marketing } });
    assert.equal(withRollback(released, 'checkout', { to: AS_BUILT }).sections.checkout, undefined);
  });

  it('says why it cannot roll back', () => {
    assert.throws(() => withRollback(empty, 'checkout'), /checkout runs the build deployed with the gateway/);
    assert.throws(
      () => withRollback(released, 'checkout', { to: C }),
      /has no version cccccccccccc in the store; it has aaaaaaaaaaaa, bbbbbbbbbbbb, built/,
    );
    assert.throws(() => withRollback(released, 'checkout', { to: B }), /already runs bbbbbbbbbbbb/);
  });

  it('runs a canary beside the current version, then promotes it or calls it off', () => {
    assert.throws(() => withRelease(empty, 'checkout', C, { canaryPercent: 10 }), /has no release yet/);
    const canary = withRelease(released, 'checkout', C, { ...at('2026-11-27T12:00:00Z'), canaryPercent: 10 });
    assert.equal(checkout(canary).current, B);
    assert.deepEqual(checkout(canary).canary, { version: C, percent: 10 });

    const promoted = withCanaryPromoted(canary, 'checkout', at('2026-11-27T13:00:00Z'));
    assert.equal(checkout(promoted).current, C);
    assert.equal(checkout(promoted).canary, undefined);
    assert.equal(checkout(withRollback(promoted, 'checkout')).current, B);

    const calledOff = withRollback(canary, 'checkout');
    assert.equal(checkout(calledOff).current, B);
    assert.equal(checkout(calledOff).canary, undefined);
  });

  it('records where a version served by another origin is, and keeps it there when promoted', () => {
    const baseUrl = 'https://cdn.example.com/portal/checkout/7/';
    const canary = withRelease(released, 'checkout', C, { canaryPercent: 10, baseUrl });
    const promoted = withCanaryPromoted(canary, 'checkout');
    assert.deepEqual(checkout(promoted).versions.at(-1), {
      version: C,
      releasedAt: checkout(promoted).versions.at(-1)?.releasedAt,
      baseUrl,
    });
    assert.equal(checkout(withRollback(promoted, 'checkout')).versions.at(-1)?.baseUrl, undefined);
  });

  it('keeps retired versions for the grace period, and always the one a rollback needs', () => {
    const three = withRelease(released, 'checkout', C, at('2026-11-28T12:00:00Z'));
    const soon = withoutExpired(three, 'checkout', { ...at('2026-11-28T10:00:00Z'), graceHours: 24 });
    assert.deepEqual(soon.expired, []);
    const later = withoutExpired(three, 'checkout', { ...at('2026-11-29T13:00:00Z'), graceHours: 24 });
    assert.deepEqual(
      later.expired.map((entry) => entry.version),
      [A],
    );
    assert.deepEqual(
      checkout(later.state).versions.map((entry) => entry.version),
      [B, C],
    );
  });
});

describe('settings', () => {
  it('takes one known section', () => {
    assert.equal(parseSection(['checkout']), 'checkout');
    assert.throws(() => parseSection([]), /name the section: one of marketing, checkout, dashboard, staff/);
    assert.throws(() => parseSection(['shop']), /there is no section "shop"/);
    assert.throws(() => parseSection(['checkout', 'staff']), /one section at a time/);
  });

  it('reads the store and the stack from the environment the gateway uses', () => {
    const settings = releaseSettings(
      {},
      { RELEASES_ROOT: '/srv/releases', PORTAL_URL: 'https://portal.example/' },
    );
    assert.equal(settings.store, '/srv/releases');
    assert.equal(settings.portalUrl, 'https://portal.example');
    assert.equal(settings.graceHours, 24);
    assert.throws(() => releaseSettings({ 'grace-hours': 'soon' }, {}), /a number of hours, not "soon"/);
  });
});
