import { expect, test, type Page } from '@playwright/test';

// The home page's sections below the metric tiles are in the prerendered HTML and on screen from the
// first paint; only their behaviour (the chunk with the tabs and the story dots) waits for the visitor.

const sectionHeadings = [
  'People and AI, working as one contact center',
  'Learn from 2M+ customer conversations',
  'Ready to answer every customer, around the clock?',
];

const documentHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

test.describe('home page below the tiles', () => {
  test('a crawler or Ctrl+F finds the sections in the HTML, without running any script', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    for (const name of sectionHeadings) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeAttached();
    }
    await expect(page.getByText('Brightpath Software')).toBeAttached();
    await context.close();
  });

  test('End shows the sections at once, and the page does not grow when their behaviour arrives', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('#section-marketing > [data-prerendered]')).toHaveCount(0);
    const before = await documentHeight(page);

    await page.keyboard.press('End');
    // Chromium animates a keyboard scroll; the moment it reaches the end, with no further waiting, the
    // closing call to action is painted in the viewport (its heading may sit under the sticky header).
    await page.waitForFunction(
      () => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1,
    );
    // The key also fetches the sections' behaviour, whose arrival swaps the live sections in for the
    // copy: a heading read at that moment may be the copy's, just detached (a box of zeros), so the
    // box is read again until it is the one on screen, within a second.
    await expect
      .poll(
        () =>
          page
            .getByRole('heading', { level: 2, name: sectionHeadings[2] })
            .evaluate((heading) => {
              const box = (heading.closest('section') ?? heading).getBoundingClientRect();
              return box.bottom > 0 && box.bottom <= window.innerHeight;
            })
            .catch(() => false),
        { message: 'the closing section is in view right after End', timeout: 1000 },
      )
      .toBe(true);
    const closingSection = page.locator('section', {
      has: page.getByRole('heading', { level: 2, name: sectionHeadings[2] }),
    });
    await expect(closingSection.getByRole('button', { name: 'Get a Quote' })).toBeInViewport();

    // The behaviour arrives (End was a key press) and nothing moved.
    await page.waitForLoadState('networkidle');
    expect(await documentHeight(page)).toBe(before);

    // The tabs answer (a tab with other content may then change the height: that is the visitor's doing).
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await expect(page.getByRole('tab', { name: 'Analytics' })).toHaveAttribute('aria-selected', 'true');
  });
});
