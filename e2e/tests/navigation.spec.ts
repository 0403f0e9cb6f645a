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
