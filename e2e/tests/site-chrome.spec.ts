import { expect, test, type APIRequestContext } from '@playwright/test';

// The served HTML carries the signed-out header and footer (prerendered by the shell's build, inert),
// and the shell's chrome replaces that copy on its first render.
const chromeCopy = ':is(#shell-header, #shell-footer) > [data-prerendered]';

/** The `href` of every link inside the element with `id` of the page's HTML as served. */
function linksIn(html: string, id: string): string[] {
  const start = html.search(new RegExp(`<div id="?${id}"?>`));
  expect(start, `the page has #${id}`).toBeGreaterThanOrEqual(0);
  // The slot's copy ends with its end mark; the slots hold no other comment.
  const end = html.indexOf('<!--/prerendered-->', start);
  expect(end, `#${id} has its prerendered copy`).toBeGreaterThan(start);
  return [...html.slice(start, end).matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)].map((match) => match[1]);
}

async function servedHtml(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect([200, 404]).toContain(response.status());
  return response.text();
}

test.describe('the header and footer in the served page', () => {
  test('a client that runs no script finds the navigation as links, on every kind of page', async ({
    request,
  }) => {
    // Prerendered, client-rendered public, the login page, a private page, a path without a page.
    for (const path of ['/', '/pricing', '/contact', '/login', '/dashboard', '/no-such-page']) {
      const html = await servedHtml(request, path);
      const header = linksIn(html, 'shell-header');
      const footer = linksIn(html, 'shell-footer');
      expect(header, `header links of ${path}`).toEqual(
        expect.arrayContaining(['/', '/services', '/pricing', '/about', '/contact', '/login']),
      );
      expect(footer, `footer links of ${path}`).toEqual(
        expect.arrayContaining([
          '/services#inbound-support',
          '/about-us',
          '/careers',
          '/contact',
          '/help-center',
          '/privacy-policy',
          '/terms',
        ]),
      );
      // The signed-out copy: no account menu.
      expect(header).not.toContain('/dashboard');
      // Named as the live header names them (the logo's link, the cart, the menu toggle).
      expect(html).toContain('aria-label="Millstone CX home"');
      expect(html).toContain('aria-label="Open menu"');
    }
  });

  test('without script, the page shows the navigation as links', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.locator('#shell-header a[href="/pricing"]')).toHaveText('Pricing');
    await expect(page.locator('#shell-footer a[href="/privacy-policy"]')).toHaveText('Privacy Policy');
    await context.close();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

    test('the chrome takes over with nothing moving, one banner and one contentinfo, links working', async ({
      page,
    }) => {
      await page.addInitScript(() => {
        const seen = { layoutShift: 0, copyAtFirstPaint: false, chromeAt: 0, sectionAt: 0 };
        Object.assign(window, { __chrome: seen });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
            seen.layoutShift += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        document.addEventListener('DOMContentLoaded', () => {
          const header = document.getElementById('shell-header')!;
          const section = document.getElementById('section-marketing')!;
          seen.copyAtFirstPaint = header.querySelectorAll(':scope > [data-prerendered]').length === 1;
          // When each copy gives way: the chrome's (its first render) and the section's.
          new MutationObserver(() => {
            if (!seen.chromeAt && !header.querySelector(':scope > [data-prerendered]'))
              seen.chromeAt = performance.now();
            if (!seen.sectionAt && !section.querySelector(':scope > [data-prerendered]'))
              seen.sectionAt = performance.now();
          }).observe(document.body, { childList: true, subtree: true });
        });
      });

      await page.goto('/');
      await expect(page.locator(chromeCopy)).toHaveCount(0);
      await expect(page.locator('#section-marketing > [data-prerendered]')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Inter and the page's last pieces in, then the shifts are counted.
      await page.evaluate(() => document.fonts.ready);
      await page.waitForLoadState('networkidle');
      const seen = await page.evaluate(
        () =>
          (
            window as unknown as {
              __chrome: {
                layoutShift: number;
                copyAtFirstPaint: boolean;
                chromeAt: number;
                sectionAt: number;
              };
            }
          ).__chrome,
      );
      test.info().annotations.push({ type: 'layout shift', description: String(seen.layoutShift) });
      expect(seen.copyAtFirstPaint).toBe(true);
      expect(seen.layoutShift).toBeLessThanOrEqual(0.02);
      // A signed-in visitor's header replaces the signed-out copy with the shell's own script, before
      // the section has even arrived.
      expect(seen.chromeAt).toBeGreaterThan(0);
      expect(seen.chromeAt).toBeLessThanOrEqual(seen.sectionAt);
      await page.screenshot({ path: test.info().outputPath('home-phone-after-take-over.png') });

      await expect(page.getByRole('banner')).toHaveCount(1);
      await expect(page.getByRole('contentinfo')).toHaveCount(1);
      // In the page once (the phone hides the main navigation behind the menu).
      await expect(page.locator('header')).toHaveCount(1);
      await expect(page.locator('footer')).toHaveCount(1);
      await expect(page.locator('nav[aria-label="Main"]')).toHaveCount(1);

      // The keyboard: the skip link, then the logo's link.
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Millstone CX home' })).toBeFocused();

      // The menu opens and leads to a page; a footer link too.
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Pricing' }).click();
      await expect(page).toHaveURL(/\/pricing$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Custom pricing, with no hidden fees');
      await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
      await expect(page).toHaveURL(/\/privacy-policy$/);
      await expect(page.getByRole('banner')).toHaveCount(1);
      await expect(page.getByRole('contentinfo')).toHaveCount(1);
    });
  });

  test('on a wide screen the header links lead to their pages, and a client-rendered page moves nothing', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.addInitScript(() => {
      const seen = { layoutShift: 0 };
      Object.assign(window, { __chrome: seen });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
          seen.layoutShift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/login');
    await expect(page.locator(chromeCopy)).toHaveCount(0);
    await expect(page.getByLabel('Email address')).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    const seen = await page.evaluate(
      () => (window as unknown as { __chrome: { layoutShift: number } }).__chrome,
    );
    expect(seen.layoutShift).toBeLessThanOrEqual(0.02);
    await expect(page.getByRole('banner')).toHaveCount(1);
    await expect(page.getByRole('contentinfo')).toHaveCount(1);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Services' }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(nav.getByRole('link', { name: 'Services' })).toHaveAttribute('aria-current', 'page');
  });
});
