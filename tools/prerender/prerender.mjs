#!/usr/bin/env node
// Prerenders a section's pages at build time (the last step of `mfe-marketing`'s and `mfe-checkout`'s
// builds: `portal-prerender --section <name>`): loads each page of the built site in Debian's Chromium
// and writes what its first paint needs to `mfe-<name>/dist/prerendered/<path>.json`, which the gateway
// puts into the shell's index.html for that path. The app takes over from it (why:
// docs/adr/0066-prerendered-public-pages.md). Without Chromium it says so and leaves the pages
// client-rendered.
/* global window, document, DOMParser -- the functions passed to page.evaluate and addInitScript run in the page */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import contracts from '@portal/contracts';
import { chromiumLaunchOptions } from '@portal/toolkit/chromium';
import { chromium } from 'playwright-core';
import { prerenderChrome } from './chrome.mjs';
import { recordInsertedRules } from './inserted-rules.mjs';
import { startSiteServer } from './site-server.mjs';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const chromiumPath = chromiumLaunchOptions.executablePath;

/** Stands for the site's origin in a fragment; the gateway writes PUBLIC_SITE_URL there. */
export const SITE_URL_TOKEN = '__PUBLIC_SITE_URL__';

/**
 * The pages a section's build prerenders: those its routes name (`src/routes.ts`, which its build
 * wrote to `routes.json` beside its other files), with the address to open when not the page's own.
 */
function sectionPages(sectionRoot) {
  const file = path.join(sectionRoot, contracts.SECTION_ROUTES_FILE);
  return contracts.sectionRoutesFile.parse(JSON.parse(fs.readFileSync(file, 'utf8'))).prerender ?? [];
}

/**
 * Pages rendered side by side in one browser: a page's time goes mostly to waiting (for the network to
 * stay idle, for its styles to stop growing), not to the CPU.
 */
const PAGES_AT_ONCE = 3;

// The phone Lighthouse emulates. Layout is CSS-responsive, so the markup suits every width; only
// measured details (a tab indicator's offset) are the phone's until the app takes over.
const viewport = { width: 412, height: 823 };

/** `/` → `index.json`, `/blog/some-article` → `blog/some-article.json`. */
export const fragmentFile = (pagePath) => `${pagePath === '/' ? 'index' : pagePath.slice(1)}.json`;

/**
 * Runs in the page once it has settled. The section's markup (made inert until the app replaces
 * it), the styles it needs (the marketing section's in emotion's server-rendering format, so its
 * emotion cache adopts them instead of inserting them again; the shell's global baseline as is), and
 * the head the page's meta hook wrote (title, description, canonical, Open Graph, structured data),
 * each tag marked `data-prerendered` and, where it replaces one of the shell's defaults, carrying
 * that default in `data-default`: the head goes back to it when the visitor moves on.
 */
async function capture({ siteUrlToken, section: name }) {
  const { origin } = window.location;
  const rulesOf = (keys) =>
    [...document.querySelectorAll('style[data-emotion]')]
      .map(
        (style) =>
          /** @type {HTMLStyleElement & { sheet: { insertedRuleTexts?: string[] } | null }} */ (style),
      )
      .filter((style) => keys.includes((style.dataset.emotion ?? '').split(' ')[0]))
      .map((style) => style.sheet?.insertedRuleTexts?.join('') ?? style.textContent)
      .join('');
  // Links (attributes, CSS urls) become root-relative; the origin anywhere else (a code sample's base
  // URL) is the site's own.
  const rootRelative = (text) =>
    ['="', '(', '("']
      .reduce((result, before) => result.replaceAll(`${before}${origin}/`, `${before}/`), text)
      .replaceAll(origin, siteUrlToken);

  const headTags = [
    'title',
    'meta[name="description"]',
    'link[rel="canonical"]',
    'meta[property^="og:"]',
    'meta[name^="twitter:"]',
    'meta[name="robots"]',
    'script[type="application/ld+json"]',
  ];
  // The shell's page as served before any script ran (any path without an extension is that page).
  const shellPage = new DOMParser().parseFromString(await (await fetch('/index')).text(), 'text/html');
  const keyOf = (element) =>
    element.tagName === 'TITLE'
      ? 'title'
      : `${element.tagName.toLowerCase()}[${['name', 'property', 'rel', 'type'].map((name) => element.getAttribute(name)).join('|')}]`;
  const valueOf = (element) =>
    element.tagName === 'TITLE'
      ? element.textContent
      : element.getAttribute(element.tagName === 'LINK' ? 'href' : 'content');
  const defaults = new Map(
    [...shellPage.head.querySelectorAll(headTags.join(','))].map((element) => [
      keyOf(element),
      valueOf(element),
    ]),
  );
  const head = [...document.head.querySelectorAll(headTags.join(','))].map((element) => {
    const copy = /** @type {Element} */ (element.cloneNode(true));
    copy.setAttribute('data-prerendered', '');
    if (defaults.has(keyOf(element))) copy.setAttribute('data-default', defaults.get(keyOf(element)));
    return copy.outerHTML.replaceAll(origin, siteUrlToken);
  });

  // The markup and the styles are read together, after the last await: a part that renders meanwhile
  // (the home's sections below the tiles, on a busy machine) must not be in one without the other.
  const section = document.getElementById(`section-${name}`);
  if (!section) throw new Error(`the shell page has no #section-${name}`);
  const key = `mfe-${name}`;
  const sectionCss = rootRelative(rulesOf([key]));
  const ids = [
    ...new Set([...sectionCss.matchAll(new RegExp(`\\.${key}-([a-z0-9]+)`, 'g'))].map((match) => match[1])),
  ];
  const globalCss = rootRelative(rulesOf(['mfe-shell-global', `${key}-global`]));
  return {
    head: [
      ...head,
      `<style data-prerendered>${globalCss}</style>`,
      `<style data-emotion="${key} ${ids.join(' ')}">${sectionCss}</style>`,
    ].join(''),
    section: `<div data-prerendered inert>${rootRelative(section.innerHTML)}</div>`,
  };
}

/**
 * The runtime config (`/runtime-config.json`: the scheduler, the API's base URL) is what a deployment
 * sets, not the build: it is held unanswered while pages are prerendered, so each copy shows what a
 * visitor's first paint shows before it arrives (the booking widget's placeholder, this site's own API).
 */
const RUNTIME_CONFIG = '**/runtime-config.json';

/** Counts a page's requests in flight, but for the held runtime config. */
function trackRequests(page) {
  const inFlight = new Set();
  let changedAt = performance.now();
  const counted = (request) => !request.url().endsWith('/runtime-config.json');
  const started = (request) => {
    if (counted(request)) inFlight.add(request);
    changedAt = performance.now();
  };
  const ended = (request) => {
    inFlight.delete(request);
    changedAt = performance.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    /** Resolves once no counted request has been in flight for 500 ms (as Playwright's networkidle). */
    async idle() {
      const deadline = performance.now() + 30_000;
      while (inFlight.size > 0 || performance.now() - changedAt < 500) {
        if (performance.now() > deadline) throw new Error(`requests still in flight after 30 s`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}

/** Resolves once the section shows its page, fonts are in and no transition is running. */
async function settled(page, requests, section) {
  const slot = `#section-${section}`;
  const styles = `style[data-emotion="mfe-${section}"]`;
  // The section's own styles are there only when the section rendered (not the shell's section error).
  await page.locator(`${slot} h1`).waitFor();
  if ((await page.locator(styles).count()) === 0) {
    throw new Error(`the ${section} section did not render: ${await page.locator(slot).innerText()}`);
  }
  await requests.idle();
  // A busy machine may still be rendering what arrived (the home's sections below the tiles): the
  // section's styles stop growing once it is done.
  await page.waitForFunction(
    (selector) => {
      const style = /** @type {HTMLStyleElement | null} */ (document.querySelector(selector));
      const sheet = /** @type {(CSSStyleSheet & { insertedRuleTexts?: string[] }) | null | undefined} */ (
        style?.sheet
      );
      const count = sheet?.insertedRuleTexts?.length ?? 0;
      const state = /** @type {{ rules?: number, since?: number }} */ (window);
      if (state.rules !== count) Object.assign(state, { rules: count, since: performance.now() });
      return performance.now() - (state.since ?? 0) >= 750;
    },
    styles,
    { polling: 100, timeout: 30_000 },
  );
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** Prerenders the pages `section`'s routes name; resolves with their paths. */
export async function prerender(section) {
  if (!fs.existsSync(chromiumPath)) {
    console.log(`prerender: no Chromium at ${chromiumPath} (CHROMIUM_PATH); the pages stay client-rendered`);
    return [];
  }
  const sectionRoot = path.join(rootDir, `mfe-${section}/dist`);
  const outDir = path.join(sectionRoot, 'prerendered');
  const pages = sectionPages(sectionRoot);
  const site = await startSiteServer({
    shellRoot: path.join(rootDir, 'shell/dist'),
    remoteRoots: { [section]: sectionRoot },
  });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({ viewport, colorScheme: 'dark' });
    await context.addInitScript(recordInsertedRules);
    await context.route(RUNTIME_CONFIG, () => {});
    fs.rmSync(outDir, { recursive: true, force: true });
    const renderPage = async ({ path: pagePath, visit = pagePath }) => {
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const requests = trackRequests(page);
      await page.goto(`${site.origin}${visit}`);
      await settled(page, requests, section);
      if (errors.length > 0) throw new Error(`${pagePath} threw while rendering: ${errors.join('; ')}`);
      const fragment = await page.evaluate(capture, { siteUrlToken: SITE_URL_TOKEN, section });
      const file = path.join(outDir, fragmentFile(pagePath));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, `${JSON.stringify(fragment)}\n`);
      await page.close();
    };
    const queue = [...pages];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await renderPage(next);
    };
    await Promise.all(Array.from({ length: Math.min(PAGES_AT_ONCE, pages.length) }, worker));
  } finally {
    await browser.close();
    await site.close();
  }
  return pages.map(({ path: pagePath }) => pagePath);
}

// Run as a script, or through its bin `portal-prerender` (a link: compared by the file it points to):
// `--section <name>` a section's pages; `--chrome` the shell's build step instead, its header and
// footer (chrome.mjs).
if (process.argv[1] && import.meta.url === pathToFileURL(fs.realpathSync(process.argv[1])).href) {
  const { values } = parseArgs({ options: { chrome: { type: 'boolean' }, section: { type: 'string' } } });
  const startedAt = performance.now();
  const seconds = () => ((performance.now() - startedAt) / 1000).toFixed(1);
  if (values.chrome) {
    if (await prerenderChrome()) {
      console.log(`prerender: the header and footer into shell/dist/index.html in ${seconds()} s`);
    }
  } else if (
    values.section &&
    /** @type {readonly string[]} */ (contracts.SECTION_NAMES).includes(values.section)
  ) {
    const pages = await prerender(values.section);
    if (pages.length > 0) {
      console.log(`prerender: ${pages.length} pages of mfe-${values.section} in ${seconds()} s`);
    }
  } else {
    console.error(`usage: portal-prerender --section <${contracts.SECTION_NAMES.join('|')}> | --chrome`);
    process.exitCode = 2;
  }
}
