import { expect, type Page, test } from '@playwright/test';

/** Every request the page makes, to prove nothing goes to a third party without a scheduler. */
function recordOrigins(page: Page): Set<string> {
  const origins = new Set<string>();
  page.on('request', (request) => {
    if (/^https?:/.test(request.url())) origins.add(new URL(request.url()).origin);
  });
  return origins;
}

async function fillContactForm(
  scope: ReturnType<Page['getByRole']>,
  who: { first: string; message: string },
) {
  await scope.getByLabel('First Name').fill(who.first);
  await scope.getByLabel('Last Name').fill('Tester');
  await scope.getByLabel('Company (optional)').fill('Playwright Logistics');
  await scope.getByLabel('Email').fill(`${who.first.toLowerCase()}-${Date.now()}@example.com`);
  await scope.getByLabel('Message').fill(who.message);
}

test.describe('contact and leads', () => {
  test('the contact form sends, the API stores the lead, the success toast shows and the form clears', async ({
    page,
    baseURL,
  }) => {
    const origins = recordOrigins(page);
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const details = page.getByRole('region', { name: 'Contact details' });
    await expect(details).toContainText('Millstone, New Jersey');
    await expect(details).toContainText('scheduled call');

    const form = page.getByRole('region', { name: 'Send us a message' });
    await fillContactForm(form, {
      first: 'Ada',
      message: 'We need 24/7 inbound support for about 2,000 calls a day.',
    });
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/contact'));
    await form.getByRole('button', { name: 'Send Message' }).click();

    const response = await answer;
    expect(response.status()).toBe(201);
    expect(await response.json()).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), status: 'new' });
    await expect(page.getByText('Message sent successfully!')).toBeVisible();
    await expect(page.getByText("We'll get back to you within 24 hours.")).toBeVisible();
    await expect(form.getByLabel('First Name')).toHaveValue('');
    await expect(form.getByLabel('Message')).toHaveValue('');
    expect([...origins]).toEqual([baseURL]);
  });

  test('the form shows the field messages and sends nothing until they are fixed', async ({ page }) => {
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/contact')) sent += 1;
    });
    await page.goto('/contact');
    const form = page.getByRole('region', { name: 'Send us a message' });
    await form.getByRole('button', { name: 'Send Message' }).click();
    for (const message of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Message is required',
    ]) {
      await expect(form.getByText(message)).toBeVisible();
    }
    await expect(form.getByLabel('First Name')).toBeFocused();
    expect(sent).toBe(0);
  });

  test("without a scheduler, 'Schedule a Call' warns and brings the form into view; the page still offers booking", async ({
    page,
  }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto('/contact');
    await expect(page.getByText(/Online booking is not available right now/)).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: 'Schedule a Call' }).click();
    await expect(
      page.getByRole('region', { name: 'Send us a message' }).getByLabel('First Name'),
    ).toBeFocused();
    expect(warnings.some((text) => text.startsWith('[scheduling]'))).toBe(true);
  });

  test("the header's Get a Quote opens the dialog: it sends a request, closes with Escape and gives focus back", async ({
    page,
  }) => {
    await page.goto('/pricing');
    const opener = page.getByRole('banner').getByRole('button', { name: 'Get a Quote' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Get a Quote' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('First Name')).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    await fillContactForm(dialog, {
      first: 'Grace',
      message: 'Please quote outbound sales for two regions.',
    });
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/contact'));
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    expect((await answer).status()).toBe(201);
    await expect(page.getByText('Message sent successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test("the dialog's 'Book a Call' leads to the contact page's booking section when no scheduler is configured", async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Get a Quote' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Book a Call' }).click();
    // The company's own open times, or with none the way to the form (ADR 0232).
    await page.waitForURL(/\/contact#book-a-call$/);
    await expect(page.getByRole('region', { name: 'Schedule a discovery call' })).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('region', { name: 'Send us a message' })).toBeVisible();
  });
});
