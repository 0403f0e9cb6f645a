import { expect, test, type Page } from '@playwright/test';

const main = (page: Page) => page.getByRole('main');

test.describe('blog, help center, docs and legal pages', () => {
  test('the blog features the newest article and filters by category', async ({ page }) => {
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Insights for customer-service leaders');
    await expect(page).toHaveTitle(/^Blog \| /);
    const featured = main(page).getByRole('article', {
      name: 'How to Cut Customer Service Costs by Up to 60% Without Losing Quality',
    });
    await expect(featured).toBeVisible();
    await expect(main(page).getByRole('heading', { level: 2, name: 'Recent Articles' })).toBeVisible();
    await expect(main(page).getByRole('heading', { level: 3 })).toHaveCount(5);
    await expect(
      main(page).getByText('No spam, unsubscribe at any time. We respect your privacy.'),
    ).toBeVisible();

    await main(page).getByRole('button', { name: 'AI Technology' }).click();
    await expect(main(page).getByRole('button', { name: 'AI Technology' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(main(page).getByRole('heading', { level: 2, name: 'AI Technology Articles' })).toBeVisible();
    await expect(featured).toHaveCount(0);
    await expect(main(page).getByRole('heading', { level: 3 })).toHaveText([
      'AI Automation vs. the Human Touch: Finding the Right Balance',
    ]);

    await main(page).getByRole('button', { name: 'All' }).click();
    await expect(main(page).getByRole('heading', { level: 2, name: 'Recent Articles' })).toBeVisible();
  });

  test("the newsletter box subscribes an address once and shows the server's answer", async ({ page }) => {
    const email = `reader-${Date.now()}@example.com`;
    await page.goto('/blog');
    const box = main(page).getByRole('region', { name: 'Get our insights in your inbox' });
    await box.getByLabel('Email address').fill(email);
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await expect(box.getByRole('status')).toHaveText("Thanks! You're subscribed.");
    await expect(box.getByLabel('Email address')).toHaveValue('');

    await box.getByLabel('Email address').fill(email);
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await expect(box.getByRole('status')).toHaveText("You're already subscribed.");
  });

  test('Read More opens the article with its body and a way back', async ({ page }) => {
    await page.goto('/blog');
    await main(page)
      .getByRole('link', { name: /Read More about Measuring the ROI of Customer Service/ })
      .click();
    await expect(page).toHaveURL(/\/blog\/roi-of-customer-service$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Measuring the ROI of Customer Service');
    await expect(page).toHaveTitle(/^Measuring the ROI of Customer Service \| /);
    await expect(
      main(page).getByRole('img', { name: 'A line chart climbing toward a dollar coin' }),
    ).toBeVisible();
    await expect(
      main(page).getByRole('heading', { level: 2, name: 'Side one: the revenue you are losing' }),
    ).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Schedule a Consultation' })).toHaveAttribute(
      'href',
      '/contact',
    );

    await main(page).getByRole('link', { name: '← Back to Blog' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Insights for customer-service leaders');
  });

  test("an unknown article says 'Article Not Found'", async ({ page }) => {
    await page.goto('/blog/no-such-article');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Article Not Found');
    await expect(main(page).getByRole('link', { name: '← Back to Blog' })).toHaveAttribute('href', '/blog');
  });

  test('the help center searches every category and says when nothing matches', async ({ page }) => {
    await page.goto('/help-center');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('How can we help?');
    await expect(main(page).getByRole('button', { name: 'Getting Started' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(main(page).getByRole('button', { name: 'How quickly can we get started?' })).toBeVisible();

    const search = main(page).getByRole('searchbox', { name: 'Search help articles' });
    await search.fill('money-back');
    await expect(
      main(page).getByRole('heading', { level: 2, name: 'Search Results for "money-back"' }),
    ).toBeVisible();
    await main(page)
      .getByRole('button', { name: 'Can I change or cancel my plan, and is there a guarantee?' })
      .click();
    await expect(main(page).getByText(/30-day money-back guarantee/)).toBeVisible();

    await search.fill('quantum teleportation');
    await expect(main(page).getByText('No results found')).toBeVisible();
    await expect(
      main(page).getByText('Try adjusting your search terms or browse our categories.'),
    ).toBeVisible();

    await main(page).getByRole('button', { name: 'Billing & Plans' }).click();
    await expect(search).toHaveValue('');
    await expect(main(page).getByRole('heading', { level: 2, name: 'Billing & Plans' })).toBeVisible();
  });

  test('the docs switch sections and every code sample follows the chosen language', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/docs');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Developer documentation');
    await expect(main(page).getByRole('tab', { name: 'Getting Started' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    await main(page).getByRole('tab', { name: 'Code Examples' }).click();
    const listings = main(page).locator('pre');
    await expect(listings).toHaveCount(3);
    // The deployment's own API (runtime config `api.baseUrl`), not a made-up host.
    await expect(listings.first()).toContainText(/await fetch\('http:\/\/(127\.0\.0\.1|localhost):\d+\/v1\/tickets'/);
    await main(page).getByRole('button', { name: 'Python' }).first().click();
    await expect(listings.first()).toContainText('requests.post(');
    await expect(listings.nth(2)).toContainText('from flask import Flask');

    await main(page).getByRole('tab', { name: 'Webhooks' }).click();
    await expect(main(page).getByText(/must answer 200 within 10 seconds/)).toBeVisible();
    await expect(main(page).locator('pre').last()).toContainText('@app.post("/webhooks/millstone")');
  });

  test('the docs offer a section select on phones', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/docs');
    await expect(main(page).getByRole('tablist')).toBeHidden();
    await main(page).getByRole('combobox', { name: 'Documentation section' }).selectOption({ label: 'Authentication' });
    await expect(main(page).getByRole('heading', { level: 2, name: 'Authentication' })).toBeVisible();
  });

  for (const [path, heading, text] of [
    ['/privacy-policy', 'Privacy Policy', 'not for children under 13'],
    ['/terms', 'Terms of Service', 'You must be at least 18 years old'],
  ]) {
    test(`${path} shows the full text, effective August 19, 2025`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(main(page).getByText('Effective August 19, 2025', { exact: true })).toBeVisible();
      await expect(main(page).getByText(new RegExp(text))).toBeVisible();
      await expect(main(page).getByRole('heading', { level: 2 }).first()).toBeVisible();
    });
  }
});
