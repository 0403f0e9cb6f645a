import { expect, test } from '@playwright/test';

test('moving from / to /login through the header keeps the same page (no reload)', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  await page.waitForURL('**/login');
  await expect(page.getByLabel('Email address')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
    true,
  );
});

for (const width of [390, 360]) {
  test(`the phone header at ${width} px shows the cart button with its count, and nothing overflows`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.addInitScript(() =>
      localStorage.setItem(
        'cart',
        JSON.stringify([{ packageId: 'p-1', name: 'Starter', price: 100, quantity: 3 }]),
      ),
    );
    await page.goto('/pricing');
    const cart = page.getByRole('banner').getByRole('button', { name: 'Shopping cart, 3 items' });
    await expect(cart).toBeVisible();
    await expect(cart).toHaveText('3');
    const box = (await cart.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    for (const name of ['Get a Quote', 'Open menu']) {
      const control = (await page.getByRole('banner').getByRole('button', { name }).boundingBox())!;
      expect(control.x + control.width).toBeLessThanOrEqual(width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

test("a footer service link lands on that service's section of /services", async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Outbound Sales' }).click();
  await page.waitForURL('**/services#outbound-sales');
  const section = page.locator('#outbound-sales');
  await expect(section).toBeInViewport();
  // The section's top ends just below the sticky header, not somewhere further down the window. The
  // smooth scroll comes up from the footer: on its way the section is above the header, so the poll
  // waits for where the scroll ends rather than checking one bound at a time.
  const header = (await page.getByRole('banner').boundingBox())!;
  const belowHeader = async () => (await section.boundingBox())!.y - (header.y + header.height);
  await expect
    .poll(
      async () => {
        const offset = await belowHeader();
        return offset >= -1 && offset < 40;
      },
      { message: 'the section ends just below the header' },
    )
    .toBe(true);
});
