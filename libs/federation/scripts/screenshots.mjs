// Screenshots of the built front end (desktop 1280 and phone 375) for a visual check, plus the
// dead-remote flow: a remote that cannot be loaded shows its section error, and Retry recovers it.
// Usage: node screenshots.mjs [outDir]   (default /tmp/portal-screenshots)
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '@portal/toolkit/chromium';

const outDir = process.argv[2] ?? '/tmp/portal-screenshots';
mkdirSync(outDir, { recursive: true });

const server = spawn(process.execPath, [path.join(import.meta.dirname, 'serve-dists.mjs'), '0'], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const base = await new Promise((resolve) =>
  server.stdout.once('data', (line) => resolve(String(line).trim())),
);
const browser = await chromium.launch(chromiumLaunchOptions);

const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 812 } };
const problems = [];

async function shoot(name, url, { viewport, before, ready, fullPage = true }) {
  const context = await browser.newContext({ viewport: viewports[viewport], reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.on(
    'console',
    (message) => message.type() === 'error' && problems.push(`${name}/${viewport}: ${message.text()}`),
  );
  page.on('pageerror', (error) => problems.push(`${name}/${viewport}: ${error.message}`));
  if (before) await before(page);
  await page.goto(base + url, { waitUntil: 'networkidle' });
  await ready(page);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(outDir, `${name}-${viewport}.png`), fullPage });
  return { page, context };
}

const h1 = (text) => async (page) => page.getByRole('heading', { level: 1, name: text }).waitFor();
const withToken = async (page) => page.addInitScript(() => localStorage.setItem('token', 'screenshot-token'));

try {
  for (const viewport of Object.keys(viewports)) {
    (await shoot('home', '/', { viewport, ready: h1(/60% less/) })).context.close();
    (await shoot('login', '/login', { viewport, ready: h1('Sign In') })).context.close();
    (
      await shoot('dashboard-signed-out', '/dashboard', {
        viewport,
        ready: (page) => page.getByText('Access Required').waitFor(),
        fullPage: false,
      })
    ).context.close();
    (
      await shoot('dashboard', '/dashboard', { viewport, before: withToken, ready: h1('Customer Dashboard') })
    ).context.close();
    (
      await shoot('not-found', '/no-such-page', { viewport, ready: h1('404 Page Not Found') })
    ).context.close();

    // A dead remote: its section shows the error, the header and footer keep working, Retry recovers.
    await fetch(`${base}/__dead/marketing`, { method: 'POST' });
    const { page, context } = await shoot('dead-remote', '/', {
      viewport,
      ready: h1('This page could not be loaded'),
    });
    if (!(await page.getByRole('banner').isVisible()) || !(await page.getByRole('contentinfo').isVisible()))
      problems.push(`dead-remote/${viewport}: chrome missing`);
    await fetch(`${base}/__dead/marketing`, { method: 'DELETE' });
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { level: 1, name: /60% less/ }).waitFor({ timeout: 10_000 });
    await context.close();
  }
  // The quote dialog, opened from the hero.
  const { page, context } = await shoot('quote-dialog', '/', {
    viewport: 'desktop',
    ready: h1(/60% less/),
    fullPage: false,
  });
  await page.getByRole('main').getByRole('button', { name: 'Get a Quote' }).click();
  await page.getByRole('dialog', { name: 'Get a Quote' }).waitFor();
  await page.screenshot({ path: path.join(outDir, 'quote-dialog-desktop.png') });
  await context.close();
  // The mobile menu.
  const phone = await shoot('menu', '/', { viewport: 'phone', ready: h1(/60% less/), fullPage: false });
  await phone.page.getByRole('button', { name: 'Open menu' }).click();
  await phone.page.getByRole('navigation', { name: 'Mobile' }).waitFor();
  await phone.page.screenshot({ path: path.join(outDir, 'menu-phone.png') });
  await phone.context.close();
  console.log(`Screenshots in ${outDir}`);
  // The dead remote's own 404 for remoteEntry/manifest is expected noise in the console.
  const unexpected = problems.filter((line) => !/dead-remote/.test(line));
  if (unexpected.length) {
    console.log('Console errors:\n' + unexpected.join('\n'));
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  server.kill();
}
