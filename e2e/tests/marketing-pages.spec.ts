import { expect, test, type Page } from '@playwright/test';

const main = (page: Page) => page.getByRole('main');

test.describe('marketing pages', () => {
  test('home: hero and tiles first, then capabilities, stories and resources as the visitor scrolls', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('60% less');
    await expect(main(page).getByText('First-call resolution')).toBeVisible();

    await page.mouse.wheel(0, 1200);
    const tabs = main(page).getByRole('tablist', { name: 'Capabilities' });
    await expect(tabs.getByRole('tab')).toHaveText([
      'AI Bots',
      'Engagement',
      'Analytics',
      'Platform',
      'Channels',
      'WFM',
    ]);
    await expect(tabs.getByRole('tab', { name: 'AI Bots' })).toHaveAttribute('aria-selected', 'true');

    await tabs.getByRole('tab', { name: 'Analytics' }).click();
    const panel = main(page).getByRole('tabpanel', { name: 'Analytics' });
    await expect(panel.getByRole('heading', { level: 3 })).toHaveText(
      'Analytics that show what every conversation is worth',
    );
    await expect(panel.getByRole('link', { name: 'Learn More about Analytics' })).toHaveAttribute(
      'href',
      '/platform#analytics',
    );

    const dots = main(page).getByRole('group', { name: 'Choose a success story' }).getByRole('button');
    await expect(dots).toHaveCount(3);
    await expect(main(page).getByText('Brightpath Software')).toBeVisible();
    await dots.nth(1).click();
    await expect(main(page).getByText('Harborview Family Health')).toBeVisible();
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(main(page).getByText('Cedar & Pine Outfitters')).toBeVisible();
    await expect(dots.nth(2)).toBeFocused();
    await expect(main(page).getByRole('link', { name: 'Read Case Study' })).toHaveAttribute('href', '/blog');

    for (const name of ['Read the article', 'Watch the webinar', 'Read the report']) {
      await expect(main(page).getByRole('link', { name })).toHaveAttribute('href', '/blog');
    }
    await expect(main(page).getByRole('button', { name: 'Get a Quote' })).toHaveCount(2);
  });

  test('home: Learn More opens the platform on the chosen tab', async ({ page }) => {
    await page.goto('/');
    await page.mouse.wheel(0, 1200);
    await main(page).getByRole('tab', { name: 'WFM' }).click();
    await main(page).getByRole('link', { name: 'Learn More about WFM' }).click();
    await page.waitForURL('**/platform#wfm');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'One platform for every customer conversation',
    );
    await expect(main(page).getByRole('tab', { name: 'WFM' })).toHaveAttribute('aria-selected', 'true');
  });

  test('services: the four services with their actions, Why Choose and the closing buttons', async ({
    page,
  }) => {
    await page.goto('/services');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Customer service outsourcing built around your business',
    );
    for (const name of ['Inbound Support', 'Outbound Sales', 'AI Automation', 'Digital Marketing']) {
      const service = main(page).getByRole('region', { name });
      await expect(service.getByRole('heading', { name: 'Key features' })).toBeVisible();
      await expect(service.getByRole('heading', { name: 'Benefits' })).toBeVisible();
      await expect(service.getByRole('link', { name: `Learn More about ${name}` })).toHaveAttribute(
        'href',
        '/contact',
      );
      await expect(service.getByRole('button', { name: 'Get a Quote' })).toBeVisible();
    }
    await expect(main(page).getByRole('heading', { level: 2, name: /^Why Choose/ })).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Get Free Consultation' })).toHaveAttribute(
      'href',
      '/contact',
    );
    await expect(main(page).getByRole('link', { name: 'View Pricing' })).toHaveAttribute('href', '/pricing');
  });

  test('pricing: custom-quote terms, and calculators that follow their sliders', async ({ page }) => {
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Custom pricing, with no hidden fees');
    for (const term of ['No hidden fees', 'Scale as you grow', 'No long-term contracts', 'Month-to-month']) {
      await expect(main(page).getByRole('heading', { level: 3, name: term })).toBeVisible();
    }

    const missedCalls = main(page).getByRole('article', { name: 'Missed Calls Calculator' });
    const lostPerMonth = missedCalls
      .getByText('Revenue lost per month')
      .locator('xpath=following-sibling::dd[1]');
    await expect(lostPerMonth).toHaveText('$30,000');
    // The page is served prerendered: its sliders take keys once the section has replaced that copy.
    await expect(page.locator('#section-marketing > [data-prerendered]')).toHaveCount(0);
    await missedCalls.getByRole('slider', { name: 'Missed calls per day' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(missedCalls.getByRole('slider', { name: 'Missed calls per day' })).toHaveAttribute(
      'aria-valuetext',
      '51 calls',
    );
    await expect(lostPerMonth).toHaveText('$30,600');

    const roi = main(page).getByRole('article', { name: 'ROI Calculator' });
    await expect(roi.getByText('$72,000')).toBeVisible();
    await roi.getByRole('slider', { name: 'Current monthly support cost' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(roi.getByText('$75,600')).toBeVisible();
    await expect(roi.getByText('150%')).toBeVisible();

    // The catalog's packages follow, each with its monthly price and Add to Cart.
    const catalog = (await (await page.request.get('/api/packages')).json()) as { name: string }[];
    await expect(main(page).getByRole('heading', { name: 'Popular starting points' })).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'Add to Cart' })).toHaveCount(catalog.length);
    for (const { name } of catalog) await expect(main(page).getByRole('heading', { name })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('pricing without the catalog: no packages and no error for the visitor', async ({ page }) => {
    await page.route('**/api/packages', (route) =>
      route.fulfill({ status: 503, json: { statusCode: 503, message: 'Service commerce is unavailable' } }),
    );
    await page.goto('/pricing');
    await expect(main(page).getByRole('article', { name: 'ROI Calculator' })).toBeVisible();
    await expect(page.locator('#section-marketing > [data-prerendered]')).toHaveCount(0);
    await expect(main(page).getByRole('heading', { name: 'Popular starting points' })).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  for (const route of ['/about', '/about-us']) {
    test(`${route}: stats, mission, values and leadership, with links to contact and pricing`, async ({
      page,
    }) => {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(main(page).getByText('2M+', { exact: true })).toBeVisible();
      await expect(main(page).getByRole('heading', { name: 'Our mission' })).toBeVisible();
      await expect(main(page).getByRole('heading', { name: 'Why New Jersey' })).toBeVisible();
      for (const value of ['Excellence', 'Partnership', 'Integrity', 'Innovation']) {
        await expect(main(page).getByRole('heading', { level: 3, name: value })).toBeVisible();
      }
      await expect(main(page).getByRole('link', { name: 'View Pricing' })).toHaveAttribute(
        'href',
        '/pricing',
      );
      await expect(main(page).locator('a[href="/contact"]')).toHaveCount(1);
    });
  }

  test('/about-us adds why choose us, the four services and Get Started Today', async ({ page }) => {
    await page.goto('/about-us');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Why 500+ businesses trust us with their customers',
    );
    await expect(main(page).getByRole('heading', { name: 'US-based management' })).toBeVisible();
    await expect(main(page).getByRole('heading', { level: 3, name: 'Digital Marketing' })).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Get Started Today' })).toHaveAttribute(
      'href',
      '/contact',
    );
  });

  test('platform: six tabs kept in the address, and Learn More opens the quote dialog', async ({ page }) => {
    await page.goto('/platform');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'One platform for every customer conversation',
    );
    const tabs = main(page).getByRole('tablist', { name: 'Platform capabilities' }).getByRole('tab');
    await expect(tabs).toHaveText(['AI Bots', 'Engagement', 'Analytics', 'WFM', 'Channels', 'Platform']);

    await main(page).getByRole('tab', { name: 'Channels' }).click();
    await expect(page).toHaveURL(/\/platform#channels$/);
    const panel = main(page).getByRole('tabpanel', { name: 'Channels' });
    await expect(panel.getByRole('listitem')).toHaveCount(4);

    await panel.getByRole('button', { name: 'Learn More about Channels' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test('careers: four positions, and Apply Now opens the dialog', async ({ page }) => {
    await page.goto('/careers');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Build a career in customer experience');
    for (const title of [
      'Customer Service Representative',
      'AI Automation Specialist',
      'Sales Development Representative',
      'Team Lead - Operations',
    ]) {
      await expect(main(page).getByRole('heading', { level: 3, name: title })).toBeVisible();
    }
    await expect(main(page).getByText('Full-time')).toHaveCount(4);
    await expect(main(page).getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about-us');

    await main(page).getByRole('button', { name: 'Apply Now for Team Lead - Operations' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
});
