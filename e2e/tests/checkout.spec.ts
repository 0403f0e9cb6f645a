import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { recordStripeJsRequests, routeStripeToFakes } from '../support/stripe';
import { queryServiceDatabase } from '../support/database';
import { startStackWithoutStripe } from '../support/stack';

interface CatalogPackage {
  id: string;
  name: string;
  price: string;
}
interface Order {
  id: string;
  status: string;
  total: string;
  items: { packageId: string; quantity: number; price: string }[];
}

const PASSWORD = 'harbor-lights-42';
const uniqueEmail = () => `e2e-shop-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
const cents = (money: string) => Math.round(Number(money) * 100);

async function registeredCustomer(request: APIRequestContext, baseURL = ''): Promise<string> {
  const email = uniqueEmail();
  const response = await request.post(`${baseURL}/api/auth/register`, {
    data: { name: 'Morgan Reyes', email, password: PASSWORD },
  });
  expect(response.status()).toBe(201);
  return email;
}

async function catalog(request: APIRequestContext, baseURL = ''): Promise<CatalogPackage[]> {
  const response = await request.get(`${baseURL}/api/packages`);
  expect(response.status()).toBe(200);
  const packages = (await response.json()) as CatalogPackage[];
  expect(packages.length).toBeGreaterThanOrEqual(2);
  return packages;
}

async function signIn(page: Page, email: string) {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

const packageCard = (page: Page, name: string) => page.getByRole('listitem').filter({ hasText: name });

async function addToCart(page: Page, plan: CatalogPackage) {
  await packageCard(page, plan.name).getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart')).toBeVisible();
}

async function ordersOf(page: Page, request: APIRequestContext, baseURL = ''): Promise<Order[]> {
  const token = await page.evaluate(
    () => localStorage.getItem('token') ?? localStorage.getItem('auth_token'),
  );
  const response = await request.get(`${baseURL}/api/user/orders`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as Order[];
}

/** Script bodies the page downloaded that hold the checkout page's own code. */
function recordCheckoutCode(page: Page): string[] {
  const found: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.text().catch(() => '');
    if (body.includes('Setting up secure payment')) found.push(response.url());
  });
  return found;
}

test('cart from /pricing to a paid order: quantities and totals in the modal, sign-in on the way, Stripe only on /checkout', async ({
  page,
  request,
}) => {
  const [first, second] = await catalog(request);
  const email = await registeredCustomer(request);
  await routeStripeToFakes(page);
  const stripeJs = recordStripeJsRequests(page);
  const checkoutCode = recordCheckoutCode(page);
  const paymentTraceparents: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().endsWith('/api/create-payment-intent')) {
      paymentTraceparents.push(sent.headers().traceparent ?? '');
    }
  });

  await page.goto('/pricing');
  await addToCart(page, first);
  await addToCart(page, second);
  const cartButton = page.getByTestId('cart-button');
  await expect(cartButton).toHaveAccessibleName('Shopping cart, 2 items');

  const cart = page.getByRole('dialog', { name: 'Shopping Cart' });
  await cartButton.click();
  await expect(cart).toBeVisible();
  await cart.getByRole('button', { name: `Increase quantity of ${first.name}` }).click();
  await cart.getByRole('button', { name: `Increase quantity of ${first.name}` }).click();
  await cart.getByRole('button', { name: `Decrease quantity of ${first.name}` }).click();
  await expect(cart.getByRole('status', { name: `Quantity of ${first.name}` })).toHaveText('2');
  const total = 2 * cents(first.price) + cents(second.price);
  await expect(cart.getByTestId('cart-total')).toContainText(usd(total));
  await cart.getByRole('button', { name: 'Continue Shopping' }).click();
  await expect(cart).toHaveCount(0);

  // The cart survives a reload; public pages and the cart never fetch Stripe.js or the checkout code.
  await page.reload();
  await expect(cartButton).toHaveAccessibleName('Shopping cart, 3 items');
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  await expect(page.getByLabel('Email address')).toBeVisible();
  expect(stripeJs).toEqual([]);
  expect(checkoutCode).toEqual([]);

  await page.goto('/pricing');
  await cartButton.click();
  await cart.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByText('Authentication Required')).toBeVisible();
  await expect(page.getByText('Please sign in to proceed with checkout.')).toBeVisible();
  await page.waitForURL('**/login?redirect=/checkout');

  await signIn(page, email);
  await page.waitForURL('**/checkout');
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText(first.name);
  await expect(summary).toContainText(second.name);
  await expect(page.getByTestId('order-total')).toContainText(usd(total));
  expect(stripeJs.length).toBeGreaterThan(0);
  expect(checkoutCode.length).toBeGreaterThan(0);

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByTestId('pay-button').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
  const orderId = (await page.getByTestId('order-id').textContent())?.trim() ?? '';

  // The order as the server holds it: completed by the signed webhook, priced from the catalog.
  const orders = await ordersOf(page, request);
  expect(orders).toHaveLength(1);
  expect(orderId).toContain(orders[0].id);
  expect(orders[0]).toMatchObject({ status: 'completed', total: (total / 100).toFixed(2) });
  expect(
    orders[0].items
      .map(({ packageId, quantity }) => ({ packageId, quantity }))
      .sort((a, b) => a.packageId.localeCompare(b.packageId)),
  ).toEqual(
    [
      { packageId: first.id, quantity: 2 },
      { packageId: second.id, quantity: 1 },
    ].sort((a, b) => a.packageId.localeCompare(b.packageId)),
  );
  await expect(cartButton).toHaveAccessibleName('Shopping cart, 0 items');

  // One trace from the browser's payment request to the order's event, which the relay publishes
  // with the same trace (ADR 0210): the outbox row keeps the trace id the page started.
  expect(paymentTraceparents).toHaveLength(1);
  const [, browserTraceId] = paymentTraceparents[0].split('-');
  expect(browserTraceId).toMatch(/^[0-9a-f]{32}$/);
  await expect
    .poll(async () => {
      const rows = await queryServiceDatabase<{ traceparent: string | null; published: boolean }>(
        'commerce',
        `SELECT trace_context->>'traceparent' AS traceparent, published_at IS NOT NULL AS published
           FROM outbox WHERE subject = 'portal.orders.created' AND data->>'orderId' = $1`,
        [orders[0].id],
      );
      return rows.map(({ traceparent, published }) => ({ traceId: traceparent?.split('-')[1], published }));
    })
    .toEqual([{ traceId: browserTraceId, published: true }]);
});

test('a declined card is said inline; another card then pays the same order', async ({ page, request }) => {
  const [plan] = await catalog(request);
  const email = await registeredCustomer(request);
  await routeStripeToFakes(page);

  await page.goto('/login?redirect=/pricing');
  await signIn(page, email);
  await page.waitForURL('**/pricing');
  await addToCart(page, plan);
  await page.goto('/checkout');

  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByTestId('pay-button').click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await expect.poll(async () => (await ordersOf(page, request))[0]?.status).toBe('failed');

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByTestId('pay-button').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
  const orders = await ordersOf(page, request);
  expect(orders.map((order) => order.status)).toEqual(['completed']);
});

test.describe('without a Stripe account', () => {
  let unpaid: Awaited<ReturnType<typeof startStackWithoutStripe>>;
  test.beforeAll(async () => {
    unpaid = await startStackWithoutStripe();
  });
  test.afterAll(() => unpaid?.stop());

  test("checkout says 'Payment System Setup Required', places no order and sends the cart to sales instead", async ({
    page,
    request,
  }) => {
    const [plan] = await catalog(request, unpaid.baseURL);
    const email = await registeredCustomer(request, unpaid.baseURL);
    await page.goto(`${unpaid.baseURL}/login?redirect=/pricing`);
    await signIn(page, email);
    await page.waitForURL('**/pricing');
    await addToCart(page, plan);
    await page.goto(`${unpaid.baseURL}/checkout`);

    await expect(
      page.getByRole('heading', { level: 1, name: 'Payment System Setup Required' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contact Sales Team' })).toHaveAttribute('href', '/contact');
    await expect(page.getByRole('link', { name: 'Back to Pricing' })).toHaveAttribute('href', '/pricing');
    expect(await ordersOf(page, request, unpaid.baseURL)).toEqual([]);

    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary).toContainText(plan.name);
    await expect(summary).toContainText(`1 × ${usd(cents(plan.price))} per month`);
    await expect(summary).toContainText(`Total per month${usd(cents(plan.price))}`);
    const send = page.getByRole('region', { name: 'Send your cart to our sales team' });
    await expect(send.getByLabel('First Name')).toHaveValue('Morgan');
    await expect(send.getByLabel('Email')).toHaveValue(email);
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/contact'));
    await send.getByRole('button', { name: 'Send Cart to Sales' }).click();

    const sent = await answer;
    expect(sent.status()).toBe(201);
    expect(sent.request().postDataJSON().cart).toEqual({
      items: [{ packageId: plan.id, name: plan.name, price: plan.price, quantity: 1 }],
    });
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your cart is with our sales team' }),
    ).toBeVisible();
    await expect(page.getByText(`We'll reply to ${email}`)).toBeVisible();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]'))).toEqual([]);
    expect(await ordersOf(page, request, unpaid.baseURL)).toEqual([]);
  });
});
