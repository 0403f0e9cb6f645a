// Issue 22, item 2: no section's mount blocks the main thread for more than 50 ms on a 4× slowed CPU.
// Opens each public page at phone size in Debian's Chromium with the CPU slowed 4× (DevTools'
// Emulation.setCPUThrottlingRate, as Lighthouse's mobile preset), records every long task (the Long
// Tasks API: a task of over 50 ms) and reports those that ran after the first contentful paint, until the
// section had replaced the prerendered copy and a second passed: the site's code starts after that
// paint (ADR 0226), so they are its loading and the section's mount. Before the paint is the browser's
// own work on the page it was served (parsing, the first layout), which no section does.
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '@portal/toolkit/chromium';
import { lighthousePages } from './lighthouse.mjs';
import { startBenchStack } from './stack.mjs';

export const sectionMountTaskBudgetMs = 50;
export const cpuSlowdown = 4;

/** Lighthouse's mobile screen. */
const phone = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true };

/** The public pages Lighthouse audits (every one is served prerendered). */
export const sectionMountPages = lighthousePages.filter((page) => !page.signedIn);

/**
 * @typedef {{ start: number, duration: number }} LongTask
 * @typedef {{ page: string, paintMs: number, tasks: LongTask[], longestMs: number }} SectionMountResult
 */

/**
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @returns {Promise<{ paintMs: number, tasks: LongTask[] }>}
 */
async function longTasksOf(browser, url) {
  const context = await browser.newContext(phone);
  try {
    const page = await context.newPage();
    const devtools = await context.newCDPSession(page);
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    /** @type {() => void} */
    let tookOver = () => {};
    const takeOver = new Promise((resolve) => (tookOver = () => resolve(undefined)));
    await page.exposeFunction('__sectionTookOver', () => tookOver());
    await page.addInitScript(() => {
      /** @type {{ start: number, duration: number }[]} */
      const tasks = [];
      Object.assign(globalThis, { __longTasks: tasks });
      // `longtask` is a browser's entry type, which the Node types this file is checked against lack.
      const longTasks = /** @type {any} */ ({ type: 'longtask', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          tasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe(longTasks);
      // The page tells the bench when the section has replaced its prerendered copy. The bench polling
      // for it instead (waitForFunction) would run Playwright's own script in the page: a task of
      // ~150 ms at 4×, counted as the site's.
      const win = /** @type {any} */ (globalThis);
      win.document.addEventListener('DOMContentLoaded', () => {
        const replaced = () => !win.document.querySelector('#main [data-prerendered]');
        if (replaced()) return win.__sectionTookOver();
        const observer = new win.MutationObserver(() => {
          if (!replaced()) return;
          observer.disconnect();
          win.__sectionTookOver();
        });
        observer.observe(win.document.body, { childList: true, subtree: true });
      });
    });
    await page.goto(url);
    /** @type {NodeJS.Timeout | undefined} */
    let timer;
    await Promise.race([
      takeOver,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${url}: the section did not take over in 60 s`)), 60_000);
      }),
    ]).finally(() => clearTimeout(timer));
    // What the mount scheduled after its first commit (effects, the page's first requests' answers).
    await page.waitForTimeout(1000);
    return await page.evaluate(() => ({
      paintMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
      tasks: /** @type {{ __longTasks: { start: number, duration: number }[] }} */ (
        /** @type {unknown} */ (globalThis)
      ).__longTasks,
    }));
  } finally {
    await context.close();
  }
}

/**
 * @param {string} baseUrl
 * @param {{ pages?: { page: string, visit?: string }[] }} [options]
 * @returns {Promise<SectionMountResult[]>}
 */
export async function measureSectionMountTasks(baseUrl, { pages = sectionMountPages } = {}) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    /** @type {SectionMountResult[]} */
    const results = [];
    for (const { page, visit } of pages) {
      const { paintMs, tasks } = await longTasksOf(browser, new URL(visit ?? page, baseUrl).href);
      const afterPaint = tasks.filter((task) => task.start >= paintMs);
      results.push({
        page,
        paintMs: Math.round(paintMs),
        tasks: afterPaint.map(({ start, duration }) => ({
          start: Math.round(start),
          duration: Math.round(duration),
        })),
        longestMs: Math.round(Math.max(0, ...afterPaint.map((task) => task.duration))),
      });
    }
    return results;
  } finally {
    await browser.close();
  }
}

/** @param {SectionMountResult[]} results */
export function printSectionMountTasks(results) {
  for (const { page, paintMs, tasks, longestMs } of results) {
    const over = longestMs > sectionMountTaskBudgetMs ? '!' : '';
    const list = tasks.map((task) => `${task.duration}@${task.start}`).join(' ') || 'none';
    console.log(
      `  ${page.padEnd(11)} longest ${longestMs} ms${over} (painted at ${paintMs} ms; long tasks after it, ms@ms: ${list})`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const given = process.argv[2];
  const stack = given ? undefined : await startBenchStack();
  try {
    const results = await measureSectionMountTasks(given ?? stack?.url ?? '');
    console.log(
      `Long tasks after the first paint until the section took over, CPU ${cpuSlowdown}× slower (budget: none over ${sectionMountTaskBudgetMs} ms)`,
    );
    printSectionMountTasks(results);
    process.exitCode = results.every((result) => result.longestMs <= sectionMountTaskBudgetMs) ? 0 : 1;
  } finally {
    await stack?.stop();
  }
}
