// Budgets (issue 22): Lighthouse (npm, Debian's Chromium, mobile defaults) on every public route (the
// public-site list of @portal/contracts, every blog article included, and the sign-in and account
// pages): performance ≥ 95, accessibility, best practices and SEO 100 (SEO not budgeted on a noindex
// page), LCP ≤ 1.5 s, TBT ≤ 150 ms, CLS ≤ 0.02; signed in as a customer, `/dashboard`: performance ≥ 90.
// Each page is measured `runs` times and the run with the median performance score is kept
// (Lighthouse's own advice against its variance); the other categories do not vary between runs.
// A signed-in page is audited in a Chromium whose profile already holds the customer's token (set
// by Playwright), which Lighthouse joins with --port and --disable-storage-reset (its advice for
// pages behind a sign-in).
// Usage: node tools/bench/lighthouse.mjs [base URL] [--runs N] [--pages /contact,/docs] [--reports DIR];
// without a URL it starts a stack. --reports keeps each page's median report (Lighthouse's JSON, for
// its trace-based details: the long tasks, the shifted elements, the LCP phases).
import { spawn } from 'node:child_process';
import contracts from '@portal/contracts';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '@portal/toolkit/chromium';
import { portPlan } from '@portal/toolkit/port-plan';
import { rootDir } from '@portal/toolkit/stack';
import { apiClient } from './api-client.mjs';
import { freePort } from '@portal/runner/net';
import { startBenchStack } from './stack.mjs';

/** Scores each category must reach on a public page. */
export const lighthouseBudgets = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
/** Largest contentful paint and total blocking time (ms) and cumulative layout shift on a public page. */
export const metricBudgets = {
  'largest-contentful-paint': 1500,
  'total-blocking-time': 150,
  'cumulative-layout-shift': 0.02,
};

/**
 * The sign-in and account pages a visitor reaches from the public ones: noindex, so SEO is not
 * budgeted. The reset page is opened as its mail's link opens it (a well-formed token).
 */
const accountPages = [
  { page: '/login' },
  { page: '/register' },
  { page: '/forgot-password' },
  { page: '/reset-password', visit: `/reset-password?token=${'Q'.repeat(43)}` },
];

/**
 * A page audited, with its budgets: at `visit` when its address carries more than the page's path;
 * `signedIn` as a customer who has just signed up. A customer's own dashboard is noindex on purpose,
 * and its budget is performance ≥ 90 alone.
 * @typedef {{
 *   page: string,
 *   visit?: string,
 *   signedIn?: boolean,
 *   budgets: Partial<Record<keyof typeof lighthouseBudgets, number | undefined>>,
 *   metricBudgets: Partial<typeof metricBudgets>,
 * }} AuditedPage
 */
/** @type {AuditedPage[]} */
export const lighthousePages = [
  ...contracts
    .indexablePages()
    .map(({ path: page }) => ({ page, budgets: lighthouseBudgets, metricBudgets })),
  ...accountPages.map((address) => ({
    ...address,
    budgets: { ...lighthouseBudgets, seo: undefined },
    metricBudgets,
  })),
  { page: '/dashboard', signedIn: true, budgets: { performance: 90 }, metricBudgets: {} },
];

const categoryLabels = { performance: 'perf', accessibility: 'a11y', 'best-practices': 'bp', seo: 'seo' };
const metrics = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
};
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const cli = path.join(rootDir, 'node_modules/lighthouse/cli/index.js');

// Lighthouse sometimes fails to record the trace of a load (NO_NAVSTART, NO_FCP on a busy machine);
// such a run says nothing about the page, so it is repeated.
const attemptsPerRun = 3;

/** One Lighthouse run of `url`; resolves with the parsed JSON report (the LHR). */
async function runLighthouse(url, browserPort) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouseOnce(url, browserPort);
    } catch (caught) {
      const error = /** @type {Error} */ (caught);
      if (attempt === attemptsPerRun || !/Runtime error encountered/.test(error.message)) throw error;
      console.log(`  (${url}: ${error.message.split('\n')[1] ?? 'runtime error'}; running again)`);
    }
  }
}

async function runLighthouseOnce(url, browserPort) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lighthouse-'));
  const reportPath = path.join(dir, 'report.json');
  try {
    const args = [
      cli,
      url,
      `--only-categories=${Object.keys(lighthouseBudgets).join(',')}`,
      '--output=json',
      `--output-path=${reportPath}`,
      ...(browserPort
        ? [`--port=${browserPort}`, '--disable-storage-reset']
        : [`--chrome-flags=${chromeFlags.join(' ')}`]),
      '--quiet',
    ];
    const env = { ...process.env, CHROME_PATH: chromiumLaunchOptions.executablePath };
    await new Promise((/** @type {(value?: unknown) => void} */ resolve, reject) => {
      const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk.toString()));
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0
          ? resolve()
          : reject(new Error(`lighthouse ${url} exited with ${code}:\n${stderr.slice(-2000)}`)),
      );
    });
    return JSON.parse(await fs.readFile(reportPath, 'utf8'));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

const score = (report, category) => Math.round((report.categories[category]?.score ?? 0) * 100);

/** Audits that cost a category points: weighted, scored below 0.9. */
function failingAudits(report, category) {
  return report.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => report.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 0.9)
    .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
}

/** A headless Chromium on a debugging port whose profile holds a new customer's token. */
async function signedInBrowser(baseUrl) {
  const { token } = await apiClient(baseUrl).signUp('bench-lighthouse');
  const port = await freePort(portPlan.bench.ports.lighthouseChromium);
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'lighthouse-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...chromiumLaunchOptions,
    args: [...chromiumLaunchOptions.args, `--remote-debugging-port=${port}`],
  });
  const page = await context.newPage();
  await page.goto(baseUrl);
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  // The audit is of the dashboard itself, not of its 'Access Required' notice.
  await page.goto(new URL('/dashboard', baseUrl).href);
  await page.getByRole('heading', { level: 1, name: 'Customer Dashboard' }).waitFor();
  await page.close();
  return {
    port,
    async close() {
      await context.close();
      await fs.rm(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Measures every page; resolves with one row per page: scores, metrics, failing audits, under-budget
 * categories. With `reportsDir`, each page's median report is written there as `<page>.json`.
 * @param {string} baseUrl
 * @param {{ runs?: number, pages?: AuditedPage[], reportsDir?: string }} [options]
 */
export async function measureLighthouse(baseUrl, { runs = 3, pages = lighthousePages, reportsDir } = {}) {
  const rows = [];
  for (const { page, visit = page, signedIn, budgets, metricBudgets: metricLimits } of pages) {
    const reports = [];
    const browser = signedIn ? await signedInBrowser(baseUrl) : undefined;
    try {
      for (let run = 0; run < runs; run++)
        reports.push(await runLighthouse(new URL(visit, baseUrl).href, browser?.port));
    } finally {
      await browser?.close();
    }
    reports.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
    const median = reports[Math.floor(reports.length / 2)];
    if (reportsDir) {
      await fs.mkdir(reportsDir, { recursive: true });
      const name = page === '/' ? 'home' : page.slice(1).replaceAll('/', '_');
      await fs.writeFile(path.join(reportsDir, `${name}.json`), JSON.stringify(median));
    }
    const scores = Object.fromEntries(
      Object.keys(lighthouseBudgets).map((category) => [category, score(median, category)]),
    );
    rows.push({
      page,
      signedIn: Boolean(signedIn),
      scores,
      performanceRuns: reports.map((report) => score(report, 'performance')),
      // Lighthouse's measure of the host's speed: its throttled figures scale with it.
      benchmarkIndex: median.environment.benchmarkIndex,
      metrics: Object.fromEntries(
        Object.entries(metrics).map(([id, label]) => [label, median.audits[id].displayValue]),
      ),
      lcpElement:
        median.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet,
      failing: Object.fromEntries(
        Object.keys(lighthouseBudgets).map((category) => [category, failingAudits(median, category)]),
      ),
      underBudget: [
        ...Object.entries(budgets)
          .filter(([category, budget]) => budget !== undefined && scores[category] < budget)
          .map(([category]) => category),
        ...Object.entries(metricLimits)
          .filter(([id, limit]) => median.audits[id].numericValue > limit)
          .map(([id]) => metrics[id]),
      ],
    });
  }
  return rows;
}

/** The budgets in words, for the reports. */
export const budgetText = `${Object.entries(lighthouseBudgets)
  .map(([category, budget]) => `${categoryLabels[category]} ≥ ${budget}`)
  .join(', ')} (SEO not on noindex pages), LCP ≤ ${metricBudgets['largest-contentful-paint']} ms, TBT ≤ ${
  metricBudgets['total-blocking-time']
} ms, CLS ≤ ${metricBudgets['cumulative-layout-shift']}; /dashboard signed in: perf ≥ 90`;

/** Prints the rows; returns true when every page meets every budget. */
export function printLighthouse(rows) {
  const hostSpeeds = rows.map((row) => row.benchmarkIndex).sort((a, b) => a - b);
  if (hostSpeeds.length > 0)
    console.log(`  host benchmarkIndex ${hostSpeeds[0]}–${hostSpeeds.at(-1)} (Lighthouse's CPU measure; higher is faster)`);
  for (const row of rows) {
    const scores = Object.entries(row.scores)
      .map(
        ([category, value]) =>
          `${categoryLabels[category]} ${value}${row.underBudget.includes(category) ? '!' : ''}`,
      )
      .join('  ');
    const metricText = Object.entries(row.metrics)
      .map(([label, value]) => `${label} ${value}${row.underBudget.includes(label) ? '!' : ''}`)
      .join(', ');
    console.log(
      `  ${row.page.padEnd(10)} ${scores}   (perf runs ${row.performanceRuns.join('/')}; ${metricText})`,
    );
    if (row.lcpElement) console.log(`            LCP element: ${row.lcpElement}`);
    for (const [category, audits] of Object.entries(row.failing)) {
      if (audits.length > 0)
        console.log(`            ${categoryLabels[category]} loses points on: ${audits.join(', ')}`);
    }
  }
  return rows.every((row) => row.underBudget.length === 0);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const runsAt = args.indexOf('--runs');
  const runs = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 3;
  const pagesAt = args.indexOf('--pages');
  const only = pagesAt >= 0 ? args.splice(pagesAt, 2)[1].split(',') : undefined;
  const reportsAt = args.indexOf('--reports');
  const reportsDir = reportsAt >= 0 ? args.splice(reportsAt, 2)[1] : undefined;
  const pages = only ? lighthousePages.filter(({ page }) => only.includes(page)) : lighthousePages;
  const given = args[0];
  const stack = given ? undefined : await startBenchStack();
  try {
    console.log(`Lighthouse, mobile defaults, median of ${runs} (budgets: ${budgetText})`);
    const met = printLighthouse(await measureLighthouse(given ?? stack?.url ?? '', { runs, pages, reportsDir }));
    console.log(met ? 'every page within budget' : 'over budget ("!" marks the category)');
    process.exitCode = met ? 0 : 1;
  } finally {
    await stack?.stop();
  }
}
