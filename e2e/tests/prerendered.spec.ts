import { expect, test, type Page } from '@playwright/test';

// Public pages are served prerendered (tools/prerender, the gateway's prerendered pages): the marketing
// pages, sign-in and the account pages. Their section replaces that copy with its own render.
const prerenderedCopy = '#section-marketing > [data-prerendered]';

/** Records, from the first paint, whether `section`'s slot ever shows a loading state or no heading, and the layout shift. */
async function watchTakeover(page: Page, section: string) {
  await page.addInitScript((slotId) => {
    const seen = { loadingState: false, emptySlot: false, layoutShift: 0 };
    Object.assign(window, { __takeover: seen });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
        seen.layoutShift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    document.addEventListener('DOMContentLoaded', () => {
      const slot = document.getElementById(slotId)!;
      new MutationObserver(() => {
        if (slot.querySelector('[aria-busy="true"]')) seen.loadingState = true;
        if (!slot.querySelector('h1')) seen.emptySlot = true;
      }).observe(slot, { childList: true, subtree: true });
    });
  }, `section-${section}`);
  return {
    /** Waits for the section's own render, then checks that nothing flashed or moved. */
    async expectSeamless() {
      await expect(page.locator(`#section-${section} > [data-prerendered]`)).toHaveCount(0);
      const seen = await page.evaluate(
        () => (window as unknown as { __takeover: { layoutShift: number } }).__takeover,
      );
      expect(seen).toMatchObject({ loadingState: false, emptySlot: false });
      expect(seen.layoutShift).toBeLessThan(0.02);
    },
  };
}

test.describe('prerendered pages', () => {
  test('a crawler or a link preview that runs no script gets the page itself', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();

    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Custom pricing, with no hidden fees');
    await expect(page.getByRole('article', { name: 'ROI Calculator' })).toBeAttached();
    await expect(page).toHaveTitle('Pricing | Millstone CX');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/pricing`);
    await expect(page.locator('meta[name="description"]')).toHaveCount(1);

    await page.goto('/blog/roi-of-customer-service');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Measuring the ROI of Customer Service');
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(data).toMatchObject({ '@type': 'Article', headline: 'Measuring the ROI of Customer Service' });
    await context.close();
  });

  test('the section takes over with no loading state, no empty moment and nothing moving', async ({
    page,
  }) => {
    const takeover = await watchTakeover(page, 'marketing');
    await page.goto('/pricing');
    await takeover.expectSeamless();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Custom pricing, with no hidden fees');

    // The page answers: the calculator follows its slider.
    const slider = page.getByRole('slider', { name: 'Missed calls per day' });
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveAttribute('aria-valuetext', '51 calls');
    // Its tags are the page's own, each once.
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
    await expect(page.locator('meta[name="description"]')).toHaveCount(1);
    await expect(page.locator('title')).toHaveCount(1);
  });

  test('the page is painted before the site’s code beyond its entry is asked for', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.locator(prerenderedCopy)).toHaveCount(0);
    const timings = await page.evaluate(() => {
      const contentfulPaint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'))
        .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime }));
      return { contentfulPaint, scripts };
    });
    expect(timings.contentfulPaint).toBeGreaterThan(0);
    // The entry (`main.<hash>.js`, named in the page) comes with the page; the rest once it is painted.
    const later = timings.scripts.filter((script) => !/^\/main\.\w+\.js$/.test(script.path));
    expect(later.length).toBeGreaterThan(3);
    for (const script of later)
      expect(script.start, script.path).toBeGreaterThanOrEqual(timings.contentfulPaint!);
  });

  test('when the section cannot load, its error replaces the prerendered page and the head goes back', async ({
    page,
  }) => {
    await page.route('**/mfe/marketing/**', (route) => route.abort('connectionrefused'));
    await page.goto('/blog/roi-of-customer-service');

    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.locator(prerenderedCopy)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be loaded');
    await expect(page).toHaveTitle('Temporarily unavailable | Millstone CX');
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
    await expect(page.locator('meta[name="description"]')).toHaveCount(1);
  });

  test('a visitor who moves on while the section still downloads keeps no copy of the page before', async ({
    page,
  }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked = page.waitForRequest('**/mfe/marketing/remoteEntry.js');
    await page.route('**/mfe/marketing/remoteEntry.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/blog/roi-of-customer-service');
    await asked;
    await page.evaluate(() => window.history.pushState(null, '', '/no/such/page'));
    release();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
    await expect(page.locator(prerenderedCopy)).toHaveCount(0);
    await expect(page).toHaveTitle('Page Not Found | Millstone CX');
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
  });

  test('a visitor without script gets the contact page, the docs and sign-in too', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      "Let's talk about your customer experience",
    );
    await expect(page.getByRole('link', { name: 'hello@millstonecx.com' })).toBeAttached();
    // The booking widget depends on the deployment's runtime config: its placeholder, not a verdict.
    await expect(page.getByText('Online booking is not available right now', { exact: false })).toHaveCount(
      0,
    );

    await page.goto('/docs');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Developer documentation');
    await expect(page.locator('#section-marketing pre').first()).toContainText(
      `${new URL(page.url()).origin}/v1`,
    );

    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign In');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await context.close();
  });

  for (const [viewport, section, path, heading] of [
    [{ width: 412, height: 823 }, 'marketing', '/contact', "Let's talk about your customer experience"],
    [{ width: 412, height: 823 }, 'marketing', '/docs', 'Developer documentation'],
    [{ width: 1280, height: 900 }, 'marketing', '/docs', 'Developer documentation'],
    // The status page's figures arrive later, into skeletons of their size (ADR 0235).
    [{ width: 412, height: 823 }, 'marketing', '/status', 'Service status'],
    [{ width: 412, height: 823 }, 'checkout', '/login', 'Sign In'],
    [{ width: 412, height: 823 }, 'checkout', '/register', 'Create your account'],
    [{ width: 412, height: 823 }, 'checkout', '/forgot-password', 'Reset your password'],
    [
      { width: 1280, height: 900 },
      'checkout',
      `/reset-password?token=${'Q'.repeat(43)}`,
      'Choose a new password',
    ],
  ] as const) {
    test(`${path} at ${viewport.width} px is taken over seamlessly`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const takeover = await watchTakeover(page, section);
      await page.goto(path);
      await takeover.expectSeamless();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    });
  }
});
