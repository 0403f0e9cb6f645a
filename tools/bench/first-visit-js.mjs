// Budget: the JavaScript a first visit to `/` downloads, gzipped, all files together ≤ 200 kB.
// Loads `/` in Debian's Chromium with an empty cache and adds up every JS response, both as sent
// over the wire and as gzip -9 of its body (the budget's measure).
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { startStack } from './stack.mjs';

export const firstVisitBudgetBytes = 200 * 1024;

export async function measureFirstVisitJs(baseUrl) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    const scripts = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      const sizes = await response.request().sizes().catch(() => ({ responseBodySize: 0 }));
      scripts.push({
        url: new URL(response.url()).pathname,
        wireBytes: sizes.responseBodySize,
        gzipBytes: zlib.gzipSync(body, { level: 9 }).length,
      });
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    const total = (key) => scripts.reduce((sum, file) => sum + file[key], 0);
    return { files: scripts, wireBytes: total('wireBytes'), gzipBytes: total('gzipBytes') };
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const given = process.argv[2];
  const stack = given ? undefined : await startStack({ env: { GATEWAY_PORT: '18180', IDENTITY_PORT: '13181', COMMERCE_PORT: '13182', CRM_PORT: '13183', PORTAL_DB_PREFIX: 'bench_portal' } });
  try {
    const result = await measureFirstVisitJs(given ?? stack.url);
    for (const file of result.files) console.log(`${String(file.gzipBytes).padStart(8)} B gz  ${file.url}`);
    console.log(`first visit to / : ${(result.gzipBytes / 1024).toFixed(1)} kB gzip -9 (${(result.wireBytes / 1024).toFixed(1)} kB on the wire) in ${result.files.length} files; budget 200 kB`);
    process.exitCode = result.gzipBytes <= firstVisitBudgetBytes ? 0 : 1;
  } finally {
    await stack?.stop();
  }
}
