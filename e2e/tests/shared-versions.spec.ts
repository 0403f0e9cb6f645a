import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

// A marketing build made against a newer version of a shared library than the shell's is simulated by
// rewriting what marketing's remoteEntry.js declares for that library: the version its own copy is
// registered under, and the range its modules require. Its own copy is the same code, so the section
// still works when it runs on it.

const root = path.join(__dirname, '..', '..');
const versionIn = (packageJson: string): string =>
  (JSON.parse(fs.readFileSync(path.join(root, packageJson), 'utf8')) as { version: string }).version;

/** The next minor of `version`: what a build made after an addition to the library carries. */
function nextMinor(version: string): string {
  const [major, minor] = version.split('.').map(Number);
  return `${major}.${minor! + 1}.0`;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * Rewrites a remote entry so that it provides `version` of the shared module `key` and requires
 * `^version`. Fails when the build output no longer has the expected shape, rather than testing nothing.
 */
function declareShare(source: string, key: string, version: string): string {
  const name = escape(key);
  const rewrites: Array<[RegExp, string]> = [
    // Its registration in the share scope: `register("<key>", "<version>", getter)`.
    [new RegExp(`(\\("${name}",")[^"]+"`, 'g'), `$1${version}"`],
    // Its entry in the container's options: `"<key>":[{version:"…",get:…,shareConfig:{…requiredVersion:"…"`.
    [
      new RegExp(`("${name}":\\[\\{version:")[^"]+("[^{]*shareConfig:\\{[^}]*?requiredVersion:")[^"]+"`, 'g'),
      `$1${version}$2^${version}"`,
    ],
    // What each of its consuming modules requires: `requiredVersion:"…",…,shareKey:"<key>"`.
    [new RegExp(`(requiredVersion:")[^"]+("[^{}]*?shareKey:"${name}")`, 'g'), `$1^${version}$2`],
  ];
  return rewrites.reduce((text, [pattern, replacement]) => {
    expect(text.match(pattern), `${pattern} in remoteEntry.js`).toHaveLength(1);
    return text.replace(pattern, replacement);
  }, source);
}

async function serveMarketingRequiring(page: Page, key: string, version: string): Promise<void> {
  // At /mfe/marketing/ or under a release's folder of it.
  await page.route(/\/mfe\/marketing\/(?:.+\/)?remoteEntry\.js(?:\?|$)/, async (route) => {
    const response = await route.fetch();
    const body = declareShare(await response.text(), key, version);
    await route.fulfill({ response, body, headers: { 'content-type': 'application/javascript' } });
  });
}

/** Who registered each version of a shared module on the page, and which containers run it. */
function shareVersions(page: Page, key: string) {
  return page.evaluate((pkgName) => {
    type Share = { from: string; loaded?: boolean; useIn?: string[] };
    type Scopes = Record<string, Record<string, Record<string, Record<string, Share>>>>;
    const scopes = (globalThis as unknown as { __FEDERATION__: { __SHARE__: Scopes } }).__FEDERATION__
      .__SHARE__;
    const versions =
      Object.values(scopes).find((scope) => scope.default?.[pkgName])?.default?.[pkgName] ?? {};
    return Object.fromEntries(
      Object.entries(versions).map(([version, share]) => [
        version,
        { from: share.from, loaded: Boolean(share.loaded), useIn: share.useIn ?? [] },
      ]),
    );
  }, key);
}

test('a section that requires a newer stateless shared library than the page runs, runs on its own copy', async ({
  page,
}) => {
  const pageRuns = versionIn('node_modules/@emotion/styled/package.json');
  const sectionNeeds = nextMinor(pageRuns);
  await serveMarketingRequiring(page, '@emotion/styled', sectionNeeds);

  // The pricing page runs marketing's own MUI components (the shell renders none of them), which style
  // with @emotion/styled.
  await page.goto('/pricing');
  await expect(page.locator('#section-marketing > [data-prerendered]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Custom pricing, with no hidden fees');
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);

  const versions = await shareVersions(page, '@emotion/styled');
  expect(versions[pageRuns]).toMatchObject({ from: 'shell', loaded: true });
  expect(versions[pageRuns]!.useIn).not.toContain('marketing');
  expect(versions[sectionNeeds]).toMatchObject({ from: 'marketing', loaded: true, useIn: ['marketing'] });
});

test('a section that requires a version of a singleton the page does not run shows the section error with the reason', async ({
  page,
}) => {
  const pageRuns = versionIn('libs/ui/package.json');
  const sectionNeeds = nextMinor(pageRuns);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await serveMarketingRequiring(page, '@portal/ui', sectionNeeds);

  await page.goto('/');
  const sectionError = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
  await expect(sectionError).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();

  const reason = `marketing requires @portal/ui ^${sectionNeeds}, but the page runs @portal/ui ${pageRuns} (from shell)`;
  await expect(sectionError).toContainText(reason);
  expect(errors.join('\n')).toContain(reason);
  // The section never ran: it records its React when its code starts.
  const sections = await page.evaluate(() =>
    Object.keys((window as { __PORTAL_REACT_VERSIONS__?: object }).__PORTAL_REACT_VERSIONS__ ?? {}),
  );
  expect(sections).not.toContain('marketing');
  const versions = await shareVersions(page, '@portal/ui');
  expect(versions[sectionNeeds]).toMatchObject({ from: 'marketing', loaded: false });
  expect(versions[pageRuns]!.useIn).not.toContain('marketing');
});
