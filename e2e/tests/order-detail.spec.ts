import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { OrderDetail } from '@portal/contracts';
import { baseURL } from '../playwright.config';
import { ok } from '../support/api';
import { customerWithData, signedInState, type Customer } from '../support/customer';
import { staffAccount } from '../support/staff-account.mjs';

// Issue 19: an order's own page, /dashboard/orders/{id}: items, totals, payment status and history, the
// PDF invoice (numbered per organization), and a staff refund through the fake Stripe showing up in it.

async function staffToken(request: APIRequestContext): Promise<string> {
  const { token } = await ok<{ token: string }>(
    'staff sign-in',
    request.post('/api/auth/login', { data: { email: staffAccount.email, password: staffAccount.password } }),
  );
  return token;
}

const ordersOf = async (request: APIRequestContext, customer: Customer) =>
  ok<{ id: string }[]>(
    'orders',
    request.get('/api/user/orders', { headers: { Authorization: `Bearer ${customer.token}` } }),
  );

test('a customer opens a paid order, downloads its invoice, and sees a staff refund in its history', async ({
  browser,
  request,
}) => {
  const customer = await customerWithData(request, 'Avery Quinn');
  const [order] = await ordersOf(request, customer);
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 900 },
    storageState: signedInState(customer, baseURL),
  });
  const page = await context.newPage();

  await page.goto('/dashboard/orders');
  await page.getByRole('link', { name: `Order ${order.id.slice(0, 8)}, details` }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${order.id}$`));
  const article = page.getByRole('article', { name: `Order ${order.id.slice(0, 8)}…` });
  await expect(article.locator('header').getByText('Paid', { exact: true })).toBeVisible();
  await expect(article.getByRole('region', { name: 'Items' })).toContainText('2 × $1,499.00 per month');
  await expect(article.getByRole('region', { name: 'Items' })).toContainText('$2,998.00');
  const history = article.getByRole('list', { name: 'Payment history' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history).toContainText('Order placed');
  await expect(history).toContainText('Payment received · $2,998.00');
  const invoice = article.getByRole('region', { name: 'Invoice' });
  await expect(invoice).toContainText('INV-000001');
  await page.screenshot({ path: test.info().outputPath('order-desktop.png'), fullPage: true });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    invoice.getByRole('button', { name: 'Download invoice INV-000001 (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('INV-000001.pdf');
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  // Staff refund part of it through Stripe; the customer's page tells it after a reload.
  const staff = await staffToken(request);
  const refunded = await ok<{ order: OrderDetail }>(
    'refund',
    request.post(`/api/commerce/staff/orders/${order.id}/refunds`, {
      headers: { Authorization: `Bearer ${staff}` },
      data: { amount: '500.00', reason: 'requested_by_customer' },
    }),
  );
  expect(refunded.order.paymentStatus).toBe('partially_refunded');
  await page.reload();
  await expect(article.locator('header').getByText('Partially refunded')).toBeVisible();
  await expect(history).toContainText('Refunded · $500.00');
  await expect(article.getByRole('region', { name: 'Items' })).toContainText('−$500.00');

  // On a phone the page stacks its sections, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(invoice).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('order-phone.png'), fullPage: true });
  await context.close();
});

test("another organization's order is 'Order not found' on its page", async ({ browser, request }) => {
  const [owner, stranger] = await Promise.all([
    customerWithData(request, 'Riley Park'),
    customerWithData(request, 'Sam Ortiz'),
  ]);
  const [order] = await ordersOf(request, owner);
  const context = await browser.newContext({ baseURL, storageState: signedInState(stranger, baseURL) });
  const page = await context.newPage();
  await page.goto(`/dashboard/orders/${order.id}`);
  await expect(page.getByRole('heading', { name: 'Order not found' })).toBeVisible();
  await expect(page.getByText(owner.email)).toHaveCount(0);
  await page.getByRole('link', { name: 'All orders' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
  await context.close();
});
