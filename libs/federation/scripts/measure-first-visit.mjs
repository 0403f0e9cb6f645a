// The bundle budget: the JS a first visit to `/` downloads, each file gzip -9, summed (≤ 200 kB).
// Serves the four dists (serve-dists.mjs), loads `/` in Debian's Chromium, waits for the home hero,
// and sums every JS response. Usage: node measure-first-visit.mjs [path]
import { spawn } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { chromium } from 'playwright-core';

const BUDGET = 200 * 1024;
const target = process.argv[2] ?? '/';

const server = spawn(process.execPath, [path.join(import.meta.dirname, 'serve-dists.mjs'), '0'], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const base = await new Promise((resolve) =>
  server.stdout.once('data', (line) => resolve(String(line).trim())),
);

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const scripts = [];
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js'))
      scripts.push(response.body().then((body) => ({ url: url.pathname, body })));
  });
  await page.goto(base + target, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).waitFor();
  const files = await Promise.all(scripts);
  const rows = files.map(({ url, body }) => ({
    url,
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
  }));
  rows.sort((a, b) => b.gzip - a.gzip);
  for (const row of rows)
    console.log(
      `${(row.gzip / 1024).toFixed(1).padStart(7)} kB gz ${(row.raw / 1024).toFixed(1).padStart(8)} kB  ${row.url}`,
    );
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  const react = await page.evaluate(() => window.__PORTAL_REACT_VERSIONS__);
  console.log(
    `\n${rows.length} JS files, ${(total / 1024).toFixed(1)} kB gzip -9 in total (budget 200 kB): ${total <= BUDGET ? 'within budget' : 'OVER BUDGET'}`,
  );
  console.log('React instances seen by sections:', JSON.stringify(react));
  process.exitCode = total <= BUDGET ? 0 : 1;
} finally {
  await browser.close();
  server.kill();
}
