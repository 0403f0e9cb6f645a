// A browser for the CSP crawl: Debian's Chromium through playwright-core, recording every
// Content-Security-Policy violation (the `securitypolicyviolation` event of every document and
// frame, and Chromium's console report of it), the security headers of every same-origin response,
// and every request to another origin. Stripe's and Calendly's hosts cannot be reached from these
// machines: the browser gets stand-ins at their real URLs, so the page's policy still decides.
/* global window, document -- the functions passed to page.evaluate and addInitScript run in the page */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { chromiumLaunchOptions } from '@portal/toolkit/chromium';
import { chromium } from 'playwright-core';
import { securityHeaderProblems } from './policy.mjs';

/** The e2e suite's Stripe.js stand-in: what @stripe/stripe-js calls, confirming at api.stripe.com. */
const fakeStripeJs = fs.readFileSync(
  createRequire(import.meta.url).resolve('@portal/e2e/fake-stripe-js'),
  'utf8',
);

/**
 * Calendly's widget as far as the portal uses it: `initPopupWidget` opens the booking page in a
 * frame over the page, as the real widget does (its script and stylesheet come from
 * assets.calendly.com, the booking page from calendly.com).
 */
const fakeCalendlyJs = `(function () {
  window.Calendly = {
    initPopupWidget: function (options) {
      var overlay = document.createElement('div');
      overlay.className = 'calendly-overlay';
      var frame = document.createElement('iframe');
      frame.src = options.url + (options.url.indexOf('?') < 0 ? '?' : '&') + 'embed_type=PopupWidget';
      frame.title = 'Scheduling';
      overlay.appendChild(frame);
      document.body.appendChild(overlay);
    },
  };
})();`;

/**
 * Hosts a page may reach besides its own: Stripe (checkout) and the scheduler
 * (docs/adr/0114-csp-crawl.md).
 */
export const allowedThirdPartyHosts = new Set([
  'js.stripe.com',
  'api.stripe.com',
  'hooks.stripe.com',
  'assets.calendly.com',
  'calendly.com',
]);

/** Runs in every document and frame before its scripts: reports each violation to the crawler. */
function listenForViolations() {
  document.addEventListener(
    'securitypolicyviolation',
    (event) => {
      // Bindings exist in the top document and in same-origin frames; a stand-in's frame has its own.
      const report = window.reportCspViolation;
      if (typeof report !== 'function') return;
      void report({
        directive: event.effectiveDirective || event.violatedDirective,
        blockedURI: event.blockedURI,
        sourceFile: event.sourceFile,
        line: event.lineNumber,
        sample: event.sample,
        disposition: event.disposition,
        documentURI: event.documentURI,
      });
    },
    true,
  );
}

/**
 * Opens Chromium. `newSession({ storage })` gives a context whose pages are watched; `findings()`
 * holds everything recorded so far: { violations, consoleReports, headerProblems, thirdParty, errors }.
 */
export async function openCrawler({ baseUrl, fakeStripeUrl }) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  const origin = new URL(baseUrl).origin;
  /** @type {{ violations: object[], consoleReports: string[], headerProblems: string[], thirdParty: string[], errors: string[] }} */
  const found = { violations: [], consoleReports: [], headerProblems: [], thirdParty: [], errors: [] };
  const checkedResponses = new Set();

  /** @param {{ storage?: Record<string, string>, viewport?: { width: number, height: number } }} [options] */
  async function newSession({ storage, viewport = { width: 1280, height: 800 } } = {}) {
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport,
      storageState: storage
        ? {
            cookies: [],
            origins: [
              {
                origin,
                localStorage: Object.entries(storage).map(([name, value]) => ({ name, value })),
              },
            ],
          }
        : undefined,
    });
    await context.exposeBinding('reportCspViolation', ({ page }, violation) => {
      found.violations.push({ page: page?.url() ?? '(unknown page)', ...violation });
    });
    await context.addInitScript(listenForViolations);

    // Third-party hosts: the allowed ones get stand-ins, every other request is refused and recorded.
    await context.route(
      (url) => url.origin !== origin,
      async (route) => {
        const url = new URL(route.request().url());
        if (url.protocol === 'data:' || url.protocol === 'blob:') return route.continue();
        if (!allowedThirdPartyHosts.has(url.hostname)) {
          found.thirdParty.push(`${route.request().frame()?.url() ?? ''} → ${url.href}`);
          return route.abort('blockedbyclient');
        }
        if (url.hostname === 'js.stripe.com' && url.pathname.endsWith('.js')) {
          return route.fulfill({ contentType: 'application/javascript; charset=utf-8', body: fakeStripeJs });
        }
        if (url.hostname === 'api.stripe.com') {
          const response = await route.fetch({ url: `${fakeStripeUrl}${url.pathname}${url.search}` });
          return route.fulfill({ response });
        }
        if (url.hostname === 'assets.calendly.com' && url.pathname.endsWith('.js')) {
          return route.fulfill({
            contentType: 'application/javascript; charset=utf-8',
            body: fakeCalendlyJs,
          });
        }
        if (url.hostname === 'assets.calendly.com' && url.pathname.endsWith('.css')) {
          return route.fulfill({
            contentType: 'text/css; charset=utf-8',
            body: '.calendly-overlay{position:fixed;inset:0;background:rgba(0,0,0,.6)}',
          });
        }
        // A frame's document (Stripe's or the booking page): an empty page of that origin.
        return route.fulfill({
          contentType: 'text/html; charset=utf-8',
          body: '<!doctype html><title>stand-in</title>',
        });
      },
    );

    context.on('page', (page) => watch(page));
    return context;
  }

  function watch(page) {
    page.on('console', (message) => {
      if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) {
        found.consoleReports.push(`${page.url()}: ${message.text()}`);
      }
    });
    page.on('pageerror', (error) => found.errors.push(`${page.url()}: ${error.message}`));
    page.on('response', async (response) => {
      const url = new URL(response.url());
      if (url.origin !== origin) return;
      const key = `${response.request().method()} ${url.pathname}${url.search} ${response.status()}`;
      if (checkedResponses.has(key)) return;
      checkedResponses.add(key);
      try {
        const headers = {};
        for (const { name, value } of await response.headersArray()) {
          (headers[name.toLowerCase()] ??= []).push(value);
        }
        const problems = securityHeaderProblems(headers);
        if (problems.length) found.headerProblems.push(`${key}: ${problems.join('; ')}`);
      } catch {
        // A response the page dropped (navigated away, stream closed) before its headers were read.
      }
    });
  }

  return {
    newSession,
    findings: () => found,
    /** Empties the findings (after the canary, whose violation is expected). */
    clearFindings() {
      for (const list of Object.values(found)) list.length = 0;
    },
    responsesChecked: () => checkedResponses.size,
    close: () => browser.close(),
  };
}

/** One paragraph per violation, for an assertion message. */
export function describeViolations(violations) {
  return violations
    .map(
      (v) =>
        `${v.page}\n  ${v.disposition ?? 'enforce'} ${v.directive}: blocked ${v.blockedURI || '(inline)'}` +
        `${v.sourceFile ? ` from ${v.sourceFile}:${v.line}` : ''}${v.sample ? `\n  sample: ${v.sample}` : ''}`,
    )
    .join('\n');
}
