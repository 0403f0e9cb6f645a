import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
  type Response,
} from '@playwright/test';
import type { CreatePaymentIntentResponse } from '@portal/contracts';
import { baseURL } from '../playwright.config';
import { customerWithCart, ordersOf, signedInState, type Customer } from '../support/customer';
import {
  cancelAtFakeStripe,
  fakeStripeControl,
  fakeStripeUrl,
  paymentIntentIdOf,
  routeStripeToFakes,
} from '../support/stripe';

// Issue 25: the checkout follows the PaymentIntent through every state Stripe gives it, against the
// fake Stripe API held to Stripe's rules: 3-D Secure through the bank's page and back, two tabs
// paying one cart, a PaymentIntent canceled at Stripe, webhooks late, twice and out of order.

const AUTHENTICATION_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

/** A browser of its own, signed in as the customer with the cart filled. */
async function browserOf(browser: Browser, customer: Customer): Promise<BrowserContext> {
  return browser.newContext({ baseURL, storageState: signedInState(customer, baseURL) });
}

/** A tab with Stripe's hosts routed to the suite's stand-ins. */
async function tabOf(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await routeStripeToFakes(page);
  return page;
}

/** A new customer with the cart filled, signed in in a browser of their own, and a tab in it. */
async function customerAtCheckoutTab(browser: Browser, request: APIRequestContext) {
  const customer = await customerWithCart(request);
  const context = await browserOf(browser, customer);
  return { customer, context, page: await tabOf(context) };
}

/** The customer's orders as the API lists them, each as its id and status. */
async function orderStatesOf(request: APIRequestContext, customer: Customer) {
  return (await ordersOf(request, customer)).map(({ id, status }) => ({ id, status }));
}

const isPaymentSetup = (response: Response) =>
  response.url().endsWith('/api/create-payment-intent') && response.request().method() === 'POST';

/** Opens /checkout and waits for the card form; answers the client secret and order the page got. */
async function openCheckout(page: Page): Promise<CreatePaymentIntentResponse> {
  const setup = page.waitForResponse((response) => isPaymentSetup(response) && response.ok());
  await page.goto('/checkout');
  const response = await setup;
  await expect(page.getByTestId('pay-button')).toBeEnabled();
  return (await response.json()) as CreatePaymentIntentResponse;
}

async function pay(page: Page, card: string) {
  await page.getByLabel('Card number').fill(card);
  await page.getByTestId('pay-button').click();
}

const thankYou = (page: Page) => page.getByRole('heading', { level: 1, name: 'Thank you for your order!' });

test('a 3-D Secure card is authenticated on the bank page, and the return shows the completed order', async ({
  browser,
  request,
}) => {
  const { customer, context, page } = await customerAtCheckoutTab(browser, request);
  const { orderId } = await openCheckout(page);

  await pay(page, '4000 0025 0000 3155');
  await page.waitForURL(`${fakeStripeUrl}/3ds/**`);
  await expect(page.getByRole('heading', { name: '3D Secure 2 Test Page' })).toBeVisible();
  await page.getByRole('button', { name: 'Complete authentication' }).click();

  await expect(thankYou(page)).toBeVisible();
  // Stripe's parameters (the client secret among them) are gone from the address.
  expect(page.url()).toBe(`${baseURL}/checkout?order=${orderId}`);
  await expect(page.getByTestId('order-id')).toHaveText(orderId);
  expect(await orderStatesOf(request, customer)).toEqual([{ id: orderId, status: 'completed' }]);
  await context.close();
});

test('a failed 3-D Secure authentication is told on the card form, and another card pays the same order', async ({
  browser,
  request,
}) => {
  const { customer, context, page } = await customerAtCheckoutTab(browser, request);
  const { orderId, clientSecret } = await openCheckout(page);

  await pay(page, '4000 0000 0000 3220');
  await page.waitForURL(`${fakeStripeUrl}/3ds/**`);
  const setUpAgain = page.waitForResponse(isPaymentSetup);
  await page.getByRole('button', { name: 'Fail authentication' }).click();

  await expect(page.getByRole('alert').filter({ hasText: AUTHENTICATION_FAILED })).toBeVisible();
  expect(page.url()).toBe(`${baseURL}/checkout`);
  await expect(page.getByTestId('pay-button')).toBeEnabled();
  // The card form is back on the same order and the same PaymentIntent.
  expect(await (await setUpAgain).json()).toEqual({ orderId, clientSecret });

  await pay(page, '4242 4242 4242 4242');
  await expect(thankYou(page)).toBeVisible();
  await expect(page.getByTestId('order-id')).toHaveText(orderId);
  const paid = await fakeStripeControl<{ status: string }>(
    request,
    `payment_intents/${paymentIntentIdOf(clientSecret)}`,
  );
  expect(paid.status).toBe('succeeded');
  expect(await orderStatesOf(request, customer)).toEqual([{ id: orderId, status: 'completed' }]);
  await context.close();
});

test('two tabs paying one cart at once make one order and one payment; both show its confirmation', async ({
  browser,
  request,
}) => {
  const { customer, context, page } = await customerAtCheckoutTab(browser, request);
  const tabs = [page, await tabOf(context)];
  const [first, second] = await Promise.all(tabs.map(openCheckout));
  expect(second).toEqual(first);

  await Promise.all(tabs.map((tab) => tab.getByLabel('Card number').fill('4242 4242 4242 4242')));
  await Promise.all(tabs.map((tab) => tab.getByTestId('pay-button').click()));
  for (const tab of tabs) {
    await expect(thankYou(tab)).toBeVisible();
    await expect(tab.getByTestId('order-id')).toHaveText(first.orderId);
  }

  expect(await orderStatesOf(request, customer)).toEqual([{ id: first.orderId, status: 'completed' }]);
  const paid = await fakeStripeControl<{ status: string; amount: number; amount_received: number }>(
    request,
    `payment_intents/${paymentIntentIdOf(first.clientSecret)}`,
  );
  expect(paid).toMatchObject({ status: 'succeeded', amount_received: paid.amount });
  await context.close();
});

test('a PaymentIntent canceled at Stripe cancels its order, the orders tab says so, and the same cart starts a new order', async ({
  browser,
  request,
}) => {
  const { customer, context, page } = await customerAtCheckoutTab(browser, request);
  const canceled = await openCheckout(page);

  await cancelAtFakeStripe(request, paymentIntentIdOf(canceled.clientSecret));
  await expect
    .poll(async () => (await ordersOf(request, customer)).map(({ status }) => status))
    .toEqual(['canceled']);

  await page.goto('/dashboard/orders');
  const row = page.getByRole('table', { name: 'Your orders' }).getByRole('row').nth(1);
  await expect(row).toContainText('canceled');
  await expect(row).toContainText('Not paid in time. Nothing was charged.');

  // The cart is still there: checking out again meets the canceled order (409) and starts a new one.
  const answers: number[] = [];
  page.on('response', (response) => {
    if (isPaymentSetup(response)) answers.push(response.status());
  });
  const renewed = await openCheckout(page);
  expect(answers).toEqual([409, 201]);
  expect(renewed.orderId).not.toBe(canceled.orderId);
  await pay(page, '4242 4242 4242 4242');
  await expect(thankYou(page)).toBeVisible();
  expect(await orderStatesOf(request, customer)).toEqual([
    { id: renewed.orderId, status: 'completed' },
    { id: canceled.orderId, status: 'canceled' },
  ]);
  await context.close();
});

test('webhooks held, then delivered reversed and twice, leave a processing payment completed', async ({
  browser,
  request,
}) => {
  const { customer, context, page } = await customerAtCheckoutTab(browser, request);
  const { orderId, clientSecret } = await openCheckout(page);

  await fakeStripeControl(request, 'webhooks/hold', {});
  try {
    // The fake's own processing card: the bank answers later.
    await pay(page, '4000 0000 0000 7726');
    await page.waitForURL(`**/checkout?order=${orderId}`);
    await fakeStripeControl(request, `payment_intents/${paymentIntentIdOf(clientSecret)}/settle`, {
      outcome: 'succeeded',
    });
    // Nothing delivered yet: the order waits, and the page does not thank anyone.
    expect((await ordersOf(request, customer))[0]?.status).toBe('pending');
    await expect(thankYou(page)).toBeHidden();
  } finally {
    // succeeded, succeeded, processing, processing: the late processing must not move the order back.
    await fakeStripeControl(request, 'webhooks/release', { order: 'reverse', duplicate: true, delayMs: 0 });
  }

  await expect(thankYou(page)).toBeVisible();
  await expect.poll(async () => (await ordersOf(request, customer))[0]?.status).toBe('completed');
  // Give the late copies (the fake sends them one after the other) time to arrive: still completed.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(await orderStatesOf(request, customer)).toEqual([{ id: orderId, status: 'completed' }]);
  await context.close();
});
