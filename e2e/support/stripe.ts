import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import { urlOf } from '@portal/toolkit/port-plan';

/** The fake Stripe API the suite starts (support/global-setup.ts) and commerce's SDK talks to. */
export const fakeStripeUrl = urlOf('e2e', 'fakeStripe');

const fakeStripeJs = readFileSync(path.join(__dirname, '../fixtures/fake-stripe-js.js'), 'utf8');

const isStripeJs = (url: string) => new URL(url).hostname === 'js.stripe.com';

/**
 * Stripe's hosts cannot be reached from here: the page gets the fake Stripe.js in place of
 * https://js.stripe.com/…, its API calls to https://api.stripe.com go to the local fake Stripe API,
 * and any other Stripe host is refused. Returns the Stripe.js requests the page made.
 */
export async function routeStripeToFakes(page: Page): Promise<Request[]> {
  const scriptRequests: Request[] = [];
  // Playwright tries routes newest first: the catch-all goes in first.
  await page.route(/^https:\/\/[^/]*\.stripe\.(com|network)\//, (route) => route.abort('blockedbyclient'));
  await page.route('https://js.stripe.com/**', (route) => {
    scriptRequests.push(route.request());
    return route.fulfill({ contentType: 'application/javascript; charset=utf-8', body: fakeStripeJs });
  });
  await page.route('https://api.stripe.com/**', async (route) => {
    const { pathname, search } = new URL(route.request().url());
    const response = await route.fetch({ url: `${fakeStripeUrl}${pathname}${search}` });
    await route.fulfill({ response });
  });
  return scriptRequests;
}

/** Every request the page makes for Stripe.js from now on, whether or not it is routed. */
export function recordStripeJsRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (isStripeJs(request.url())) seen.push(request.url());
  });
  return seen;
}
