import { expect, test } from '@playwright/test';

test.describe('what a visitor sees', () => {
  test('home shows the hero with its two calls to action, the header and the footer', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const main = page.getByRole('main');
    // The hero's call to action, and the page's closing one: both are in the page from the start.
    const quoteButtons = main.getByRole('button', { name: 'Get a Quote' });
    await expect(quoteButtons).toHaveCount(2);
    await expect(quoteButtons.first()).toBeVisible();
    await expect(main.getByRole('link', { name: 'Explore Platform' })).toHaveAttribute('href', '/platform');

    const nav = page.getByRole('banner');
    for (const name of ['Home', 'Services', 'Pricing', 'About', 'Contact']) {
      await expect(nav.getByRole('link', { name, exact: true }).first()).toBeAttached();
    }
    await expect(nav.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Get a Quote' })).toBeVisible();

    const footer = page.getByRole('contentinfo');
    for (const name of [
      'Inbound Support',
      'Outbound Sales',
      'AI Automation',
      'Digital Marketing',
      'About Us',
      'Careers',
      'Help Center',
      'Privacy Policy',
      'Terms of Service',
    ]) {
      await expect(footer.getByRole('link', { name })).toBeVisible();
    }
  });

  test('login page shows the sign-in form', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Email address')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: /sign up|register|create/i })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  test('dashboard asks a signed-out visitor to log in, then sends them to the login page', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    await expect(page.getByText('Access Required')).toBeVisible();
    await expect(page.getByText('Please log in to access your dashboard.')).toBeVisible();
    await page.waitForURL('**/login?redirect=/dashboard');
    await expect(page.getByLabel('Email address')).toBeVisible();
  });

  test('an unknown route shows the not-found page inside the site chrome, answered 404', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('404 Page Not Found')).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });
});
