import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { ok } from '../support/api';
import { customerWithData, signedInState } from '../support/customer';
import { staffAccount } from '../support/staff-account.mjs';

// Issue 24: what a customer bought is a subscription they manage in the dashboard's Orders tab: a change
// for the next cycle, a cancellation with 30 days' notice, and the 30-day money-back request, which staff
// approve in the console (a refund through the fake Stripe); the customer then sees it refunded.

async function staffPage(browser: Browser, request: APIRequestContext) {
  const { token } = await ok<{ token: string }>(
    'staff sign-in',
    request.post('/api/auth/login', { data: { email: staffAccount.email, password: staffAccount.password } }),
  );
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 860 },
    storageState: {
      cookies: [],
      origins: [{ origin: baseURL, localStorage: [{ name: 'token', value: token }] }],
    },
  });
  return context.newPage();
}

test('a customer changes, cancels and asks for a refund of a subscription; staff approve it; it shows refunded', async ({
  browser,
  request,
}) => {
  // Two browsers and a purchase through the fake Stripe: longer than one page's default.
  test.setTimeout(90_000);
  // A new customer who bought two units of the first package (paid through the fake Stripe).
  const customer = await customerWithData(request, 'Riley Park');
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 900 },
    storageState: signedInState(customer, baseURL),
  });
  const page = await context.newPage();
  await page.goto('/dashboard/orders');

  const subscriptions = page.getByRole('list', { name: 'Your subscriptions' });
  const card = subscriptions.getByRole('listitem');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('× 2');
  await expect(card).toContainText('Active');
  await expect(card).toContainText('Next billing date');
  const nextBilling = (await card.locator('dd time').nth(2).textContent())!;

  // A change for the next cycle: the dialog says when, the card shows it waiting.
  await card.getByRole('button', { name: 'Change plan' }).click();
  const change = page.getByRole('dialog', { name: /^Change / });
  await expect(change).toContainText(
    `The change takes effect on ${nextBilling}, at your next billing cycle.`,
  );
  await change.getByLabel('Quantity').fill('3');
  await change.getByRole('button', { name: 'Schedule change' }).click();
  await expect(change).toBeHidden();
  await expect(card).toContainText(`Scheduled change: from ${nextBilling}`);
  await expect(card).toContainText('× 3');

  // Cancel: the confirmation names the exact end date, which the card shows afterwards.
  await card.getByRole('button', { name: 'Cancel subscription' }).click();
  const cancel = page.getByRole('dialog', { name: /^Cancel / });
  const sentence = (await cancel.getByText(/your subscription ends on/).textContent())!;
  const endsOn = /ends on ([A-Z][a-z]{2} \d{1,2}, \d{4})/.exec(sentence)![1];
  await cancel.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(cancel).toBeHidden();
  await expect(card).toContainText(`Ends ${endsOn}`);
  await expect(card.getByRole('button', { name: 'Change plan' })).toHaveCount(0);

  // The money-back request, with a reason.
  const reason = `Volumes dropped after the merger (${Date.now()})`;
  await card.getByRole('button', { name: 'Request refund' }).click();
  const ask = page.getByRole('dialog', { name: 'Request a refund' });
  await ask.getByLabel(/Why are you asking/).fill(reason);
  await ask.getByRole('button', { name: 'Request refund' }).click();
  await expect(ask).toBeHidden();
  await expect(card).toContainText('our team is reviewing it');
  await page.screenshot({ path: test.info().outputPath('subscriptions-customer.png'), fullPage: true });

  // Staff approve it in the console: the refund goes through Stripe.
  const staff = await staffPage(browser, request);
  await staff.goto('/staff/orders');
  const requests = staff.getByRole('region', { name: 'Refund requests' });
  const item = requests.getByRole('listitem').filter({ hasText: reason });
  await expect(item).toContainText('× 2');
  await item.getByRole('button', { name: 'Approve' }).click();
  const approve = staff.getByRole('dialog', { name: 'Approve the refund?' });
  await approve.getByRole('button', { name: /^Refund \$/ }).click();
  await expect(approve).toBeHidden();
  await expect(requests.getByRole('listitem').filter({ hasText: reason })).toHaveCount(0);

  // The customer sees it refunded.
  await page.reload();
  await expect(card).toContainText('Refunded');
  await expect(card).toContainText('refunded to your card');
  await expect(card.getByRole('button')).toHaveCount(0);

  // On a phone the card fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
