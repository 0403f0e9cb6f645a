import { expect, test } from '@playwright/test';

// Public marketing pages are served prerendered (tools/prerender, the gateway's prerendered pages)
// and the marketing section replaces that copy with its own render.
const prerenderedCopy = '#section-marketing > [data-prerendered]';

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
    await page.addInitScript(() => {
      const seen = { loadingState: false, emptySlot: false, layoutShift: 0 };
      Object.assign(window, { __takeover: seen });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
          seen.layoutShift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
      document.addEventListener('DOMContentLoaded', () => {
        const slot = document.getElementById('section-marketing')!;
        new MutationObserver(() => {
          if (slot.querySelector('[aria-busy="true"]')) seen.loadingState = true;
          if (!slot.querySelector('h1')) seen.emptySlot = true;
        }).observe(slot, { childList: true, subtree: true });
      });
    });

    await page.goto('/pricing');
    await expect(page.locator(prerenderedCopy)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Custom pricing, with no hidden fees');
    const seen = await page.evaluate(
      () => (window as unknown as { __takeover: Record<string, unknown> }).__takeover,
    );
    expect(seen).toMatchObject({ loadingState: false, emptySlot: false });
    expect(seen.layoutShift).toBeLessThan(0.05);

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
});
