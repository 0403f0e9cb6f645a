// Prerenders the shell's header and footer at build time (the last step of the shell's build, run as
// `portal-prerender --chrome`): loads the built shell in Debian's Chromium, signed out, and writes
// their markup and styles into `shell/dist/index.html` itself, so every page the gateway serves (a
// prerendered one or plain index.html) has the site's navigation as real links before any script
// runs; the shell's chrome takes over from it on its first render. The shell's own build owns it, so
// the shell and the marketing section still deploy on their own. Why:
// docs/adr/0219-header-and-footer-in-the-served-html.md.
/* global document -- the function passed to page.evaluate runs in the page */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumLaunchOptions } from '@portal/toolkit/chromium';
import { chromium } from 'playwright-core';
import { recordInsertedRules } from './inserted-rules.mjs';
import { startSiteServer } from './site-server.mjs';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const shellRoot = path.join(rootDir, 'shell/dist');

// A path no section serves and no header item covers: the chrome renders with no item marked
// current and no section loads (its own 404 page is left out below).
const snapshotPath = '/__chrome';
// The phone the public pages are prerendered on. The header's and footer's markup is the same at
// every width (media queries in their styles choose what shows), so this copy suits every width.
const viewport = { width: 412, height: 823 };

/** Marks the end of a slot's prerendered copy, so a rebuild of the copy replaces the old one. */
const END_MARK = '<!--/prerendered-->';
const slotPattern = (id) => new RegExp(`(<div id="?${id}"?>)(?:<div data-prerendered[^]*?${END_MARK})?`);
const HEAD_PATTERN =
  /<style data-prerendered-chrome>[^]*?<\/style><style data-emotion="mfe-shell [^"]*">[^]*?<\/style>/;

/**
 * @typedef {{ header: string, footer: string, globalCss: string, ids: string[], css: string }} ChromeCopy
 */

/**
 * Runs in the page once the chrome has rendered: the header's and footer's markup, the shell's rules
 * they use (with the ids emotion adopts instead of inserting them again) and the global baseline.
 * @returns {ChromeCopy}
 */
function capture() {
  const rulesOf = (key) =>
    [...document.querySelectorAll('style[data-emotion]')]
      .map(
        (style) =>
          /** @type {HTMLStyleElement & { sheet: { insertedRuleTexts?: string[] } | null }} */ (style),
      )
      .filter((style) => (style.dataset.emotion ?? '').split(' ')[0] === key)
      .flatMap((style) => style.sheet?.insertedRuleTexts ?? [style.textContent ?? '']);
  const markup = (id) => {
    const slot = document.getElementById(id);
    if (!slot || slot.childElementCount === 0) throw new Error(`the chrome rendered nothing into #${id}`);
    // Elements only: not the end mark an earlier copy left, when this runs again on its own output.
    return [...slot.children].map((element) => element.outerHTML).join('');
  };
  const header = markup('shell-header');
  const footer = markup('shell-footer');
  const ids = [...new Set([...`${header}${footer}`.matchAll(/\bmfe-shell-([a-z0-9]+)\b/g)].map((m) => m[1]))];
  // Only the rules of the classes the header and footer use (not the 404 page's, rendered beside them).
  const used = new Set(ids);
  const css = rulesOf('mfe-shell')
    .filter((rule) => [...rule.matchAll(/\.mfe-shell-([a-z0-9]+)/g)].some((match) => used.has(match[1])))
    .join('');
  return { header, footer, globalCss: rulesOf('mfe-shell-global').join(''), ids, css };
}

/**
 * `indexHtml` with the copy in place: the styles at the end of the head, each slot's markup inside an
 * inert wrapper (no half-working controls, hidden from assistive technology until the live chrome
 * replaces it). Applied to a page that already has a copy, it replaces that copy.
 * @param {string} indexHtml
 * @param {ChromeCopy} copy
 */
export function withChrome(indexHtml, copy) {
  const slots = ['shell-header', 'shell-footer'];
  if (!indexHtml.includes('</head>') || slots.some((id) => !slotPattern(id).test(indexHtml))) {
    throw new Error('the shell page has no </head>, #shell-header or #shell-footer');
  }
  const styles =
    `<style data-prerendered-chrome>${copy.globalCss}</style>` +
    `<style data-emotion="mfe-shell ${copy.ids.join(' ')}">${copy.css}</style>`;
  // Functions as replacements: a `$` in the markup is text, not a replacement pattern.
  let html = HEAD_PATTERN.test(indexHtml)
    ? indexHtml.replace(HEAD_PATTERN, () => styles)
    : indexHtml.replace('</head>', () => `${styles}</head>`);
  for (const [id, markup] of [
    ['shell-header', copy.header],
    ['shell-footer', copy.footer],
  ]) {
    html = html.replace(
      slotPattern(id),
      (_match, slot) => `${slot}<div data-prerendered inert>${markup}</div>${END_MARK}`,
    );
  }
  return html;
}

export async function prerenderChrome() {
  const chromiumPath = chromiumLaunchOptions.executablePath;
  if (!fs.existsSync(chromiumPath)) {
    console.log(
      `prerender: no Chromium at ${chromiumPath} (CHROMIUM_PATH); the header and footer stay client-rendered`,
    );
    return false;
  }
  const indexFile = path.join(shellRoot, 'index.html');
  const site = await startSiteServer({ shellRoot, remoteRoots: {} });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({ viewport, colorScheme: 'dark' });
    await context.addInitScript(recordInsertedRules);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${site.origin}${snapshotPath}`);
    // Signed out (the API answers 503 and there is no token): the header offers 'Sign In'.
    await page
      .locator('#shell-header:not(:has([data-prerendered])) a[href="/login"]')
      .waitFor({ state: 'attached' });
    await page.locator('#shell-footer footer').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.fonts.ready);
    if (errors.length > 0) throw new Error(`the shell threw while rendering: ${errors.join('; ')}`);
    const copy = await page.evaluate(capture);
    fs.writeFileSync(indexFile, withChrome(fs.readFileSync(indexFile, 'utf8'), copy));
    await context.close();
  } finally {
    await browser.close();
    await site.close();
  }
  return true;
}
