import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { urlOf } from '@portal/toolkit/port-plan';
import { ok } from './api';
import { e2eStripe } from './stripe-keys.mjs';

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

/** The PaymentIntent a client secret belongs to (`pi_…_secret_…`). */
export const paymentIntentIdOf = (clientSecret: string) =>
  clientSecret.slice(0, clientSecret.indexOf('_secret_'));

/**
 * Pays a PaymentIntent at the fake Stripe API as the page's Stripe.js does (the publishable key and
 * the client secret) with a test card; `returnUrl` as the Payment Element gives it. Answers the
 * PaymentIntent as the browser sees it.
 */
export function confirmAtFakeStripe(
  request: APIRequestContext,
  clientSecret: string,
  card = '4242424242424242',
  returnUrl?: string,
): Promise<{ id: string; status: string; next_action?: { redirect_to_url?: { url: string } } | null }> {
  return ok(
    'confirm at the fake Stripe API',
    request.post(`${fakeStripeUrl}/v1/payment_intents/${paymentIntentIdOf(clientSecret)}/confirm`, {
      form: {
        key: e2eStripe.publishableKey,
        client_secret: clientSecret,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': card,
        ...(returnUrl ? { return_url: returnUrl } : {}),
      },
    }),
  );
}

/** Cancels a PaymentIntent at the fake Stripe API with the secret key, as the Dashboard or an API call would. */
export function cancelAtFakeStripe(
  request: APIRequestContext,
  paymentIntentId: string,
): Promise<{ status: string }> {
  return ok(
    'cancel at the fake Stripe API',
    request.post(`${fakeStripeUrl}/v1/payment_intents/${paymentIntentId}/cancel`, {
      headers: { Authorization: `Bearer ${e2eStripe.secretKey}` },
      form: { cancellation_reason: 'abandoned' },
    }),
  );
}

/**
 * A test control of the fake Stripe API (`/_fake/…` on its origin): `webhooks/hold`,
 * `webhooks/release` `{ order, duplicate, delayMs }`, `payment_intents/<id>/settle` `{ outcome }`, or
 * `GET payment_intents/<id>` (the whole PaymentIntent, as the secret key sees it).
 */
export function fakeStripeControl<T = unknown>(
  request: APIRequestContext,
  path: string,
  body?: Record<string, unknown>,
): Promise<T> {
  const url = `${fakeStripeUrl}/_fake/${path}`;
  return ok(`fake Stripe control ${path}`, body ? request.post(url, { data: body }) : request.get(url));
}
