import { expect, test } from '@playwright/test';

type PortalWindow = {
  __PORTAL_REACT_VERSIONS__?: Record<string, { version: string; instance: number }>;
  __PORTAL_REACT_INSTANCES__?: unknown[];
};

test('one React instance serves the shell and every section', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  await expect(page.getByLabel('Email address')).toBeVisible();
  await page.evaluate(() => window.history.pushState({}, '', '/dashboard'));
  await expect(page.getByText('Access Required')).toBeVisible();

  const seen = await page.evaluate(() => {
    const w = window as unknown as PortalWindow;
    return {
      versions: w.__PORTAL_REACT_VERSIONS__ ?? {},
      instances: w.__PORTAL_REACT_INSTANCES__?.length ?? 0,
    };
  });
  expect(Object.keys(seen.versions).sort()).toEqual(['checkout', 'dashboard', 'marketing', 'shell']);
  expect(new Set(Object.values(seen.versions).map((v) => v.instance))).toEqual(new Set([0]));
  expect(seen.instances).toBe(1);
});

test('a dead remote shows the section error with Retry while the rest of the site keeps working', async ({
  page,
}) => {
  let marketingIsDown = true;
  await page.route('**/mfe/marketing/**', (route) =>
    marketingIsDown ? route.abort('connectionrefused') : route.fallback(),
  );

  await page.goto('/');
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Careers' })).toBeVisible();

  // The shell's lazy parts still load: the quote dialog opens and closes.
  await page.getByRole('banner').getByRole('button', { name: 'Get a Quote' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Another section still loads and works.
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  await expect(page.getByLabel('Email address')).toBeVisible();

  // The section comes back when its remote does.
  await page.getByRole('banner').getByRole('link', { name: 'Home', exact: true }).first().click();
  await expect(retry).toBeVisible();
  marketingIsDown = false;
  await retry.click();
  await expect(page.getByRole('link', { name: 'Explore Platform' })).toBeVisible();
  await expect(retry).toHaveCount(0);
});

test('a page whose code fails to load inside a running section shows the error, and Retry loads it', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('#section-marketing > [data-prerendered]')).toHaveCount(0);
  // The marketing section runs; what it has not loaded yet (the pricing page's chunks) cannot come.
  let chunksFail = true;
  await page.route('**/mfe/marketing/*.js', (route) =>
    chunksFail ? route.abort('connectionrefused') : route.fallback(),
  );

  await page.getByRole('banner').getByRole('link', { name: 'Pricing', exact: true }).first().click();
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(page.getByText('Something went wrong')).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();

  // Retry asks for them again (the page's chunk, and shared modules whose first load failed).
  chunksFail = false;
  await retry.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Custom pricing, with no hidden fees');
  await expect(retry).toHaveCount(0);
});

test("a section's first visit on a slow phone connection does not keep single-spa's mount waiting (warning #31)", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/');
  // The marketing section has taken over the prerendered home page: from here on, only the checkout
  // and dashboard sections load, each on its first visit.
  await expect(page.locator('#section-marketing > [data-prerendered]')).toHaveCount(0);
  const warnings: string[] = [];
  page.on('console', (message) => {
    // single-spa's production build prints 'single-spa minified message #31: …?code=31&arg=mount…'.
    if (/#31\b|code=31/.test(message.text())) warnings.push(message.text());
  });
  // A mid-range phone on a slow connection: the checkout and dashboard remotes download from here on.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  await expect(page.getByLabel('Email address')).toBeVisible({ timeout: 30_000 });
  await page.evaluate(() => window.history.pushState({}, '', '/dashboard'));
  await expect(page.getByText('Access Required')).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(1_500); // single-spa warns a second after a lifecycle started
  expect(warnings).toEqual([]);
});
