// The requests of a visit to `/` at phone size, and what a repeat visit downloads again (issue 22):
// a first visit makes ≤ 25 requests; a repeat visit downloads 0 bytes of JavaScript, its hashed files
// coming from the browser's cache (immutable) and its fixed-name entry points revalidating (304).
// Watched through the DevTools protocol, which tells a response that came over the network from one
// the memory cache, the disk cache or a prefetch answered, and the bytes each one took on the wire.
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '@portal/toolkit/chromium';
import { startBenchStack } from './stack.mjs';

export const firstVisitRequestBudget = 25;
export const repeatVisitJsBudgetBytes = 0;

// Lighthouse's mobile screen, as the prerendered pages are captured at.
const phone = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true };

/**
 * @typedef {object} RequestRecord
 * @property {string} url path and query, or the whole URL for another origin
 * @property {string} type the DevTools resource type: Document, Script, Stylesheet, Font, Image, Fetch…
 * @property {number} [status] the status the page saw
 * @property {number} [wireStatus] the status the server sent (304 where the page saw a revalidated 200)
 * @property {'network' | 'memory' | 'disk' | 'prefetch' | 'service worker'} source
 * @property {number} wireBytes headers and body as received; 0 for what a cache answered
 * @property {number} bodyBytes the body as received (compressed): 0 for a 304 and for a cache's answer
 * @property {string} [encoding] the Content-Encoding it came with
 */

/** @param {string} url @param {string} origin */
const shortUrl = (url, origin) => (url.startsWith(origin) ? url.slice(origin.length) : url);

/**
 * Records every request of one page through a CDP session, by request id; a redirect keeps the id and
 * replaces the record. Data URLs are no requests.
 * @param {import('playwright-core').BrowserContext} context
 * @param {import('playwright-core').Page} page
 * @param {string} origin
 */
async function recordRequests(context, page, origin) {
  /** @type {Map<string, RequestRecord>} */
  const requests = new Map();
  const cdp = await context.newCDPSession(page);
  cdp.on('Network.requestWillBeSent', ({ requestId, request, type }) => {
    if (request.url.startsWith('data:')) return;
    requests.set(requestId, {
      url: shortUrl(request.url, origin),
      type: type ?? 'Other',
      source: 'network',
      wireBytes: 0,
      bodyBytes: 0,
    });
  });
  // The memory cache answers without asking the network stack: no response event follows.
  cdp.on('Network.requestServedFromCache', ({ requestId }) => {
    const record = requests.get(requestId);
    if (record) record.source = 'memory';
  });
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const record = requests.get(requestId);
    if (!record) return;
    record.status = response.status;
    record.encoding = Object.entries(response.headers).find(
      ([name]) => name.toLowerCase() === 'content-encoding',
    )?.[1];
    if (response.fromDiskCache) record.source = 'disk';
    else if (response.fromPrefetchCache) record.source = 'prefetch';
    else if (response.fromServiceWorker) record.source = 'service worker';
  });
  // The status as it came over the wire: a revalidated response is reported as its cached 200 above,
  // but the network sent 304 and no body.
  cdp.on('Network.responseReceivedExtraInfo', ({ requestId, statusCode }) => {
    const record = requests.get(requestId);
    if (record) record.wireStatus = statusCode;
  });
  // Body bytes as they arrive: what "downloaded" means, whatever status the page is shown.
  cdp.on('Network.dataReceived', ({ requestId, encodedDataLength }) => {
    const record = requests.get(requestId);
    if (record) record.bodyBytes += encodedDataLength;
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const record = requests.get(requestId);
    if (record && record.source === 'network') record.wireBytes = encodedDataLength;
  });
  await cdp.send('Network.enable');
  return { requests: () => [...requests.values()], detach: () => cdp.detach() };
}

/**
 * Opens `url` in `page` and waits until the page shows its heading and the network has been idle.
 * @param {import('playwright-core').BrowserContext} context
 * @param {import('playwright-core').Page} page
 * @param {string} url
 */
async function visit(context, page, url) {
  const recorder = await recordRequests(context, page, new URL(url).origin);
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await recorder.detach();
  return recorder.requests();
}

/** @param {RequestRecord} request */
const revalidated = (request) => (request.wireStatus ?? request.status) === 304;

/** @param {RequestRecord[]} requests */
function summarize(requests) {
  const fromNetwork = requests.filter((request) => request.source === 'network');
  const scripts = fromNetwork.filter((request) => request.type === 'Script');
  /** @type {Record<string, number>} */
  const byType = {};
  for (const { type } of requests) byType[type] = (byType[type] ?? 0) + 1;
  return {
    requests: requests.length,
    byType,
    // Bodies only: a 304 brings headers and no JavaScript.
    jsBytes: scripts.reduce((sum, request) => sum + request.bodyBytes, 0),
    revalidated: fromNetwork.filter(revalidated).length,
    fromCache: requests.length - fromNetwork.length,
  };
}

/**
 * A first visit to `route` with an empty cache, then two repeat visits in the same browser context
 * (the cache kept): the same tab going to the address again, and a new tab opening it.
 * @param {string} baseUrl
 * @param {{ route?: string }} [options]
 */
export async function measureVisitRequests(baseUrl, { route = '/' } = {}) {
  const url = new URL(route, baseUrl).href;
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({ ...phone, colorScheme: 'dark' });
    const page = await context.newPage();
    const first = await visit(context, page, url);
    const again = await visit(context, page, url);
    const newTab = await visit(context, await context.newPage(), url);
    return {
      route,
      first: { ...summarize(first), list: first },
      again: { ...summarize(again), list: again },
      newTab: { ...summarize(newTab), list: newTab },
    };
  } finally {
    await browser.close();
  }
}

/** @param {RequestRecord} request */
const describe = ({ type, status, wireStatus, source, wireBytes, bodyBytes, encoding, url }) =>
  `  ${type.padEnd(10)} ${String(wireStatus ?? status ?? '-').padEnd(4)} ${source.padEnd(8)} ${String(wireBytes).padStart(7)} B (body ${String(bodyBytes).padStart(6)} B) ${(encoding ?? '').padEnd(4)} ${url}`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const given = process.argv[2];
  const route = process.argv[3] ?? '/';
  const stack = given ? undefined : await startBenchStack();
  try {
    const result = await measureVisitRequests(given ?? stack?.url ?? '', { route });
    for (const [name, visitResult] of Object.entries({
      'first visit': result.first,
      'repeat visit, same tab': result.again,
      'repeat visit, new tab': result.newTab,
    })) {
      console.log(
        `== ${name} to ${route}: ${visitResult.requests} requests ${JSON.stringify(visitResult.byType)}`,
      );
      for (const request of visitResult.list) console.log(describe(request));
      console.log(
        `  JavaScript downloaded ${visitResult.jsBytes} B; ${visitResult.revalidated} revalidated (304), ${visitResult.fromCache} from the cache`,
      );
    }
    const ok =
      result.first.requests <= firstVisitRequestBudget &&
      Math.max(result.again.jsBytes, result.newTab.jsBytes) <= repeatVisitJsBudgetBytes;
    console.log(
      `budgets for /: ≤ ${firstVisitRequestBudget} requests on a first visit, ${repeatVisitJsBudgetBytes} B of JavaScript on a repeat visit: ${ok ? 'met' : 'OVER'}`,
    );
    process.exitCode = route !== '/' || ok ? 0 : 1;
  } finally {
    await stack?.stop();
  }
}
