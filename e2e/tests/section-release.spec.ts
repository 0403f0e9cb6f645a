import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { serveFromOtherOrigin } from '../support/other-origin';
import { releaseTool } from '../support/release-tool';
import { e2eReleasesRoot } from '../support/releases.mjs';

// `npm run release` and `npm run rollback` of one section on the running stack (ADR 0229): new
// visitors get the new version, open tabs keep theirs while it is kept, and a tab whose version is
// gone moves to the current one.

const repoRoot = path.resolve(__dirname, '..', '..');
const builtCheckout = path.join(repoRoot, 'mfe-checkout', 'dist');
const signInText = 'Welcome back. Sign in to manage your services';
const registerHeading = 'Create your account';

/**
 * A second build of checkout: the one built, with the sign-in and registration texts changed (their
 * compressed copies dropped, so the changed files are what is served).
 */
async function changedBuild(): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'checkout-v2-'));
  await cp(builtCheckout, folder, { recursive: true });
  for (const file of await readdir(folder, { recursive: true })) {
    if (!/\.(?:js|json)$/.test(file)) continue;
    const text = await readFile(path.join(folder, file), 'utf8');
    if (!text.includes(signInText) && !text.includes(registerHeading)) continue;
    const changed = text
      .replaceAll('Welcome back.', 'Welcome back, again.')
      .replaceAll(registerHeading, `${registerHeading} today`);
    await writeFile(path.join(folder, file), changed);
    await rm(path.join(folder, `${file}.gz`), { force: true });
    await rm(path.join(folder, `${file}.br`), { force: true });
  }
  return folder;
}

const versionIn = (output: string) => /checkout ([0-9a-f]{12}) is live/.exec(output)?.[1] ?? '';

/** A visitor's tab on the sign-in page, recording where each of its checkout files came from. */
async function visitorOnSignIn(browser: Browser) {
  const page: Page = await browser.newPage();
  const checkoutFiles: { url: string; status: number }[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/mfe/checkout/'))
      checkoutFiles.push({ url: response.url(), status: response.status() });
  });
  await page.goto('/login');
  await expect(page.locator('#section-checkout > [data-prerendered]')).toHaveCount(0);
  return { page, checkoutFiles };
}

/** Visitors fetching the manifest, the entry it names and the sign-in page, in a loop, until stopped. */
function visitorsLoad(concurrency: number) {
  let running = true;
  const failures: string[] = [];
  let requests = 0;
  const get = async (url: string) => {
    requests += 1;
    const response = await fetch(new URL(url, baseURL)).catch((error: Error) => error);
    if (response instanceof Error) failures.push(`${url}: ${response.message}`);
    else if (!response.ok) failures.push(`${url}: ${response.status}`);
    return response instanceof Error ? null : response;
  };
  const visitor = async () => {
    while (running) {
      const manifest = await get('/mfe-manifest.json');
      const entries = manifest ? ((await manifest.json()) as Record<string, string>) : {};
      if (entries.checkout)
        await (await get(entries.checkout.replace('mf-manifest.json', 'remoteEntry.js')))?.text();
      await (await get('/login'))?.text();
    }
  };
  const visitors = Array.from({ length: concurrency }, visitor);
  return {
    async stop() {
      running = false;
      await Promise.all(visitors);
      return { requests, failures };
    },
  };
}

test.describe('releasing one section', () => {
  test.describe.configure({ timeout: 240_000 });
  let v2Build: string;

  test.beforeAll(async () => {
    v2Build = await changedBuild();
  });

  test.afterAll(async () => {
    await rm(v2Build, { recursive: true, force: true });
    // The other specs see checkout as built again.
    await rm(e2eReleasesRoot, { recursive: true, force: true });
  });

  test('reaches new visitors at once, keeps open tabs on their version, and rolls back', async ({
    browser,
  }) => {
    const first = await releaseTool('release', ['checkout', '--from', builtCheckout]);
    const v1 = versionIn(first.output);
    expect(first.output).toContain('its page runs in Chromium');
    const open = await visitorOnSignIn(browser);
    await expect(open.page.getByText(signInText)).toBeVisible();
    expect(open.checkoutFiles.some(({ url }) => url.includes(`/releases/${v1}/`))).toBe(true);

    const load = visitorsLoad(8);
    const second = await releaseTool('release', ['checkout', '--from', v2Build]);
    const { requests, failures } = await load.stop();
    const v2 = versionIn(second.output);
    expect(v2).not.toBe(v1);
    expect(second.seconds).toBeLessThan(60);
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(50);

    const newcomer = await visitorOnSignIn(browser);
    await expect(newcomer.page.getByText('Welcome back, again.')).toBeVisible();

    // The open tab moves on inside checkout: its new page comes from its own version, still served.
    open.checkoutFiles.length = 0;
    await open.page.evaluate(() => window.history.pushState(null, '', '/register'));
    await expect(open.page.getByRole('heading', { level: 1 })).toHaveText(registerHeading);
    expect(open.checkoutFiles.length).toBeGreaterThan(0);
    expect(open.checkoutFiles.filter(({ url }) => !url.includes(`/releases/${v1}/`))).toEqual([]);
    expect(open.checkoutFiles.filter(({ status }) => status !== 200)).toEqual([]);

    const back = await releaseTool('rollback', ['checkout']);
    expect(back.seconds).toBeLessThan(10);
    expect(back.output).toContain(`checkout runs ${v1} for every new visitor`);
    const afterRollback = await visitorOnSignIn(browser);
    await expect(afterRollback.page.getByText(signInText)).toBeVisible();
  });

  test('a tab whose version is gone from the server moves to the current one, not to an error', async ({
    browser,
  }) => {
    const v1 = versionIn((await releaseTool('release', ['checkout', '--from', builtCheckout])).output);
    const tab = await visitorOnSignIn(browser);
    await releaseTool('release', ['checkout', '--from', v2Build]);
    // Its grace period over, the version the tab runs is deleted.
    await rm(path.join(e2eReleasesRoot, 'checkout', v1), { recursive: true });

    await tab.page.evaluate(() => window.history.pushState(null, '', '/register'));
    await expect(tab.page.getByRole('heading', { level: 1 })).toHaveText(`${registerHeading} today`);
    await expect(tab.page.getByText('Something went wrong')).toHaveCount(0);
  });

  test('a section released from another origin runs from there, with exactly that origin allowed', async ({
    browser,
  }) => {
    const cdn = await serveFromOtherOrigin(builtCheckout, 'checkout');
    try {
      const released = await releaseTool('release', ['checkout', '--at', `${cdn.origin}/checkout/`]);
      expect(released.output).toContain('its page runs in Chromium');

      const page = await browser.newPage();
      const refused: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
      });
      const fromCdn: { url: string; status: number }[] = [];
      page.on('response', (response) => {
        if (response.url().startsWith(cdn.origin))
          fromCdn.push({ url: response.url(), status: response.status() });
      });
      const response = await page.goto('/login');
      expect(response?.headers()['content-security-policy']).toContain(`script-src 'self'`);
      expect(response?.headers()['content-security-policy']).toMatch(
        new RegExp(`script-src [^;]*${cdn.origin.replace(/\./g, '\\.')}`),
      );
      await expect(page.locator('#section-checkout > [data-prerendered]')).toHaveCount(0);
      await expect(page.getByText(signInText)).toBeVisible();
      expect(fromCdn.map(({ url }) => new URL(url).pathname)).toContain('/checkout/remoteEntry.js');
      expect(fromCdn.filter(({ status }) => status !== 200)).toEqual([]);
      expect(refused).toEqual([]);

      await releaseTool('rollback', ['checkout']);
      const after = await page.goto('/login');
      expect(after?.headers()['content-security-policy']).not.toContain(cdn.origin);
    } finally {
      await cdn.close();
    }
  });
});
