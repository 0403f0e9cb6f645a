#!/usr/bin/env node
// Prerenders the marketing section's public pages at build time (the last step of `mfe-marketing`'s
// build): loads each page of the built site in Debian's Chromium and writes what its first paint
// needs to `mfe-marketing/dist/prerendered/<path>.json`, which the gateway puts into the shell's
// index.html for that path. The app takes over from it (why: docs/adr/0066-prerendered-public-pages.md).
// Without Chromium it says so and leaves the pages client-rendered.
/* global window, document, DOMParser -- the functions passed to page.evaluate and addInitScript run in the page */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import contracts from '@portal/contracts';
import { chromiumLaunchOptions } from '@portal/toolkit/chromium';
import { chromium } from 'playwright-core';
import { prerenderChrome } from './chrome.mjs';
import { recordInsertedRules } from './inserted-rules.mjs';
import { startSiteServer } from './site-server.mjs';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = path.join(rootDir, 'mfe-marketing/dist/prerendered');
const chromiumPath = chromiumLaunchOptions.executablePath;

/** Stands for the site's origin in a fragment's head; the gateway writes PUBLIC_SITE_URL there. */
export const SITE_URL_TOKEN = '__PUBLIC_SITE_URL__';

// Pages whose first render depends on what only the visitor's browser knows are left to the app:
// the contact page embeds the booking widget of the runtime config, the docs page picks its layout
// with a media query in script.
const clientOnly = new Set(['/contact', '/docs']);

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
async function capture(siteUrlToken) {
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
  const rootRelative = (text) => text.replaceAll(`${origin}/`, '/');

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
  const section = document.getElementById('section-marketing');
  if (!section) throw new Error('the shell page has no #section-marketing');
  const sectionCss = rootRelative(rulesOf(['mfe-marketing']));
  const ids = [...new Set([...sectionCss.matchAll(/\.mfe-marketing-([a-z0-9]+)/g)].map((match) => match[1]))];
  const globalCss = rootRelative(rulesOf(['mfe-shell-global', 'mfe-marketing-global']));
  return {
    head: [
      ...head,
      `<style data-prerendered>${globalCss}</style>`,
      `<style data-emotion="mfe-marketing ${ids.join(' ')}">${sectionCss}</style>`,
    ].join(''),
    section: `<div data-prerendered inert>${rootRelative(section.innerHTML)}</div>`,
  };
}

/** Resolves once the section shows its page, fonts are in and no transition is running. */
async function settled(page) {
  // The section's own styles are there only when the section rendered (not the shell's section error).
  await page.locator('#section-marketing h1').waitFor();
  if ((await page.locator('style[data-emotion="mfe-marketing"]').count()) === 0) {
    throw new Error(
      `the marketing section did not render: ${await page.locator('#section-marketing').innerText()}`,
    );
  }
  await page.waitForLoadState('networkidle');
  // A busy machine may still be rendering what arrived (the home's sections below the tiles): the
  // section's styles stop growing once it is done.
  await page.waitForFunction(
    () => {
      const style = /** @type {HTMLStyleElement | null} */ (
        document.querySelector('style[data-emotion="mfe-marketing"]')
      );
      const sheet = /** @type {(CSSStyleSheet & { insertedRuleTexts?: string[] }) | null | undefined} */ (
        style?.sheet
      );
      const count = sheet?.insertedRuleTexts?.length ?? 0;
      const state = /** @type {{ rules?: number, since?: number }} */ (window);
      if (state.rules !== count) Object.assign(state, { rules: count, since: performance.now() });
      return performance.now() - (state.since ?? 0) >= 750;
    },
    undefined,
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

export async function prerender() {
  if (!fs.existsSync(chromiumPath)) {
    console.log(`prerender: no Chromium at ${chromiumPath} (CHROMIUM_PATH); the pages stay client-rendered`);
    return [];
  }
  const pages = contracts
    .indexablePages()
    .map((page) => page.path)
    .filter((pagePath) => !clientOnly.has(pagePath));
  const site = await startSiteServer({
    shellRoot: path.join(rootDir, 'shell/dist'),
    remoteRoots: { marketing: path.join(rootDir, 'mfe-marketing/dist') },
  });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({ viewport, colorScheme: 'dark' });
    await context.addInitScript(recordInsertedRules);
    fs.rmSync(outDir, { recursive: true, force: true });
    for (const pagePath of pages) {
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${site.origin}${pagePath}`);
      await settled(page);
      if (errors.length > 0) throw new Error(`${pagePath} threw while rendering: ${errors.join('; ')}`);
      const fragment = await page.evaluate(capture, SITE_URL_TOKEN);
      const file = path.join(outDir, fragmentFile(pagePath));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, `${JSON.stringify(fragment)}\n`);
      await page.close();
    }
  } finally {
    await browser.close();
    await site.close();
  }
  return pages;
}

// Run as a script, or through its bin `portal-prerender` (a link: compared by the file it points to).
// `--chrome`: the shell's build step instead, its header and footer (chrome.mjs).
if (process.argv[1] && import.meta.url === pathToFileURL(fs.realpathSync(process.argv[1])).href) {
  const startedAt = performance.now();
  const seconds = () => ((performance.now() - startedAt) / 1000).toFixed(1);
  if (process.argv.includes('--chrome')) {
    if (await prerenderChrome()) {
      console.log(`prerender: the header and footer into shell/dist/index.html in ${seconds()} s`);
    }
  } else {
    const pages = await prerender();
    if (pages.length > 0) {
      console.log(
        `prerender: ${pages.length} pages into ${path.relative(rootDir, outDir)} in ${seconds()} s`,
      );
    }
  }
}
