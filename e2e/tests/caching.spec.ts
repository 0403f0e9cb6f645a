import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { watchNetwork } from '../support/network-quiet';

// Issue 22: a first visit to `/` makes at most 25 requests and preloads the font its text uses; a
// repeat visit downloads no JavaScript (hashed files come from the cache, the fixed-name entry points
// revalidate with a 304); what the gateway sends is brotli where the browser accepts it. The counts
// and bytes are `npm run bench`'s (tools/bench/first-visit-requests.mjs); this keeps them from
// regressing unnoticed.

const phone = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true };

interface Seen {
  url: string;
  type: string;
  /** Over the network (not the memory or disk cache). */
  network: boolean;
  /** Body bytes that came over the network: none for a 304 or a cache's answer. */
  bodyBytes: number;
}

/**
 * Opens `/` and waits until the marketing section has replaced the prerendered copy and the network
 * has gone quiet after it ('networkidle' alone can come in the pause before the shell's code starts,
 * when the machine is busy).
 */
async function openHomeSettled(page: Page): Promise<void> {
  const network = watchNetwork(page);
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.locator('#section-marketing > [data-prerendered]')).toHaveCount(0);
  await network.quiet();
}

/**
 * Opens `/` in `page` until the section has mounted and the network is quiet, recording every request through the DevTools
 * protocol, which tells what a cache answered from what came over the network.
 */
async function visitHome(context: BrowserContext, page: Page): Promise<Seen[]> {
  const seen = new Map<string, Seen>();
  const cdp = await context.newCDPSession(page);
  cdp.on('Network.requestWillBeSent', ({ requestId, request, type }) => {
    if (!request.url.startsWith('data:')) {
      seen.set(requestId, {
        url: new URL(request.url).pathname,
        type: type ?? 'Other',
        network: true,
        bodyBytes: 0,
      });
    }
  });
  cdp.on('Network.requestServedFromCache', ({ requestId }) => {
    const entry = seen.get(requestId);
    if (entry) entry.network = false;
  });
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const entry = seen.get(requestId);
    if (entry && (response.fromDiskCache || response.fromPrefetchCache || response.fromServiceWorker)) {
      entry.network = false;
    }
  });
  cdp.on('Network.dataReceived', ({ requestId, encodedDataLength }) => {
    const entry = seen.get(requestId);
    if (entry) entry.bodyBytes += encodedDataLength;
  });
  await cdp.send('Network.enable');
  await openHomeSettled(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await cdp.detach();
  return [...seen.values()];
}

test.describe('caching and requests of /', () => {
  test('a first visit makes at most 25 requests and preloads the Latin Inter', async ({ browser }) => {
    const context = await browser.newContext(phone);
    const page = await context.newPage();
    const requests = await visitHome(context, page);
    expect(requests.length, requests.map((r) => `${r.type} ${r.url}`).join('\n')).toBeLessThanOrEqual(25);

    const preload = page.locator('link[rel="preload"][as="font"]');
    await expect(preload).toHaveCount(1);
    await expect(preload).toHaveAttribute('type', 'font/woff2');
    await expect(preload).toHaveAttribute('crossorigin', '');
    const href = new URL((await preload.getAttribute('href')) ?? '', page.url()).pathname;
    expect(href).toMatch(/^\/fonts\/inter-latin-wght-normal\.[0-9a-f]{8}\.woff2$/);
    // The preload is the font the page uses: fetched once, not a second time for the @font-face.
    expect(requests.filter((r) => r.type === 'Font').map((r) => r.url)).toEqual([href]);
    await context.close();
  });

  test('a repeat visit downloads no JavaScript, in the same tab or a new one', async ({ browser }) => {
    const context = await browser.newContext(phone);
    const page = await context.newPage();
    const first = await visitHome(context, page);
    for (const repeat of [
      await visitHome(context, page),
      await visitHome(context, await context.newPage()),
    ]) {
      // No script, style or font comes down again: from the cache, or revalidated with no body (304).
      const downloaded = repeat.filter(
        (r) => ['Script', 'Stylesheet', 'Font'].includes(r.type) && r.network && r.bodyBytes > 0,
      );
      expect(downloaded.map((r) => r.url)).toEqual([]);
      // remoteEntry.js keeps its name, so it is asked for again, and answered 304.
      expect(repeat.find((r) => r.url === '/mfe/marketing/remoteEntry.js')).toMatchObject({
        network: true,
        bodyBytes: 0,
      });
      expect(repeat.filter((r) => r.type === 'Script')).toHaveLength(
        first.filter((r) => r.type === 'Script').length,
      );
    }
    await context.close();
  });

  test('hashed files are immutable for a year, the page and manifests no-cache with an ETag, all brotli', async ({
    page,
    request,
  }) => {
    const assets = new Set<string>();
    page.on('request', (r) => {
      if (['script', 'stylesheet', 'font'].includes(r.resourceType())) assets.add(new URL(r.url()).pathname);
    });
    await openHomeSettled(page);
    const br = { 'accept-encoding': 'gzip, deflate, br' };

    for (const url of [
      '/',
      '/mfe-manifest.json',
      '/mfe/marketing/mf-manifest.json',
      '/mfe/marketing/remoteEntry.js',
    ]) {
      const response = await request.get(url, { headers: br });
      expect(response.status(), url).toBe(200);
      expect(response.headers()['cache-control'], url).toBe('no-cache');
      expect(response.headers()['content-encoding'], url).toBe('br');
      const etag = response.headers()['etag'];
      expect(etag, url).toBeTruthy();
      const again = await request.get(url, { headers: { ...br, 'if-none-match': etag! } });
      expect(again.status(), url).toBe(304);
    }

    const hashed = [...assets].filter((url) => url !== '/mfe/marketing/remoteEntry.js');
    expect(hashed.length).toBeGreaterThan(5);
    for (const url of hashed) {
      const response = await request.get(url, { headers: br });
      expect(response.headers()['cache-control'], url).toBe('public, max-age=31536000, immutable');
      // woff2 is compressed already: only scripts and styles come with brotli.
      if (!url.endsWith('.woff2')) expect(response.headers()['content-encoding'], url).toBe('br');
    }
  });
});
