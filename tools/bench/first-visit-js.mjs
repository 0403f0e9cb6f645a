// The JavaScript a first visit downloads, gzipped, all files together; budget ≤ 180 kB for `/` (issue 22)
// (react-router included).
// Loads each route in Debian's Chromium with an empty cache and adds up every JS response, both as
// sent over the wire and as gzip -9 of its body (the budget's measure). Signed-in routes get the
// customer's token in localStorage before the first request, as after a sign-in.
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '@portal/toolkit/chromium';
import { startBenchStack } from './stack.mjs';

export const firstVisitBudgetBytes = 180 * 1024;

/** Routes measured by `npm run bench`; `signedIn` ones open as a signed-in customer. */
export const firstVisitRoutes = [
  { route: '/' },
  { route: '/pricing' },
  { route: '/blog' },
  { route: '/contact' },
  { route: '/login' },
  { route: '/checkout' },
  { route: '/dashboard', signedIn: true },
];

/** Resolves once no script has arrived for `quietMs` (the dashboard's open stream keeps the network busy). */
async function scriptsSettled(lastScriptAt, quietMs = 500, limitMs = 10_000) {
  const started = Date.now();
  while (Date.now() - lastScriptAt() < quietMs && Date.now() - started < limitMs) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * @param {string} baseUrl
 * @param {{ route?: string, token?: string }} [options]
 */
export async function measureFirstVisitJs(baseUrl, { route = '/', token } = {}) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage();
    if (token) await page.addInitScript((value) => localStorage.setItem('token', value), token);
    const scripts = [];
    let lastScriptAt = Date.now();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      lastScriptAt = Date.now();
      const body = await response.body().catch(() => Buffer.alloc(0));
      const sizes = await response
        .request()
        .sizes()
        .catch(() => ({ responseBodySize: 0 }));
      scripts.push({
        url: new URL(response.url()).pathname,
        wireBytes: sizes.responseBodySize,
        gzipBytes: zlib.gzipSync(body, { level: 9 }).length,
      });
    });
    await page.goto(new URL(route, baseUrl).href, { waitUntil: 'load' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await scriptsSettled(() => lastScriptAt);
    const total = (key) => scripts.reduce((sum, file) => sum + file[key], 0);
    return { route, files: scripts, wireBytes: total('wireBytes'), gzipBytes: total('gzipBytes') };
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const given = process.argv[2];
  const route = process.argv[3] ?? '/';
  const stack = given ? undefined : await startBenchStack();
  try {
    const result = await measureFirstVisitJs(given ?? stack?.url ?? '', { route });
    for (const file of result.files) console.log(`${String(file.gzipBytes).padStart(8)} B gz  ${file.url}`);
    console.log(
      `first visit to ${route} : ${(result.gzipBytes / 1024).toFixed(1)} kB gzip -9 (${(result.wireBytes / 1024).toFixed(1)} kB on the wire) in ${result.files.length} files; budget for / ${firstVisitBudgetBytes / 1024} kB`,
    );
    process.exitCode = route !== '/' || result.gzipBytes <= firstVisitBudgetBytes ? 0 : 1;
  } finally {
    await stack?.stop();
  }
}
