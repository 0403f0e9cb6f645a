import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * The cards of a list as the visitor sees them: how many sit on each row, and whether the last row
 * is centred under the others (a short last row pushed to the left leaves an empty cell beside it).
 */
async function rowsOf(list: Locator) {
  return list.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const cards = Array.from(element.children, (child) => child.getBoundingClientRect());
    const rows = new Map<number, DOMRect[]>();
    for (const card of cards) {
      const top = Math.round(card.top);
      rows.set(top, [...(rows.get(top) ?? []), card]);
    }
    const last = [...rows.values()].at(-1)!;
    const leftGap = Math.min(...last.map((card) => card.left)) - box.left;
    const rightGap = box.right - Math.max(...last.map((card) => card.right));
    return {
      counts: [...rows.values()].map((row) => row.length),
      lastRowCentred: Math.abs(leftGap - rightGap) <= 2,
    };
  });
}

/** Opens a public page and waits until its section has replaced the prerendered copy. */
async function openPublicPage(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('#section-marketing > [data-prerendered]')).toHaveCount(0);
}

/** The list of cards under a section's h2. */
const listUnder = (page: Page, heading: string) =>
  page.getByRole('main').getByRole('region', { name: heading }).getByRole('list').first();

test.describe('card grids', () => {
  test('pricing: the four packages fill their rows at every width, none left alone', async ({ page }) => {
    await openPublicPage(page, '/pricing');
    const packages = listUnder(page, 'Popular starting points');
    await expect(packages.getByRole('button', { name: 'Add to Cart' })).toHaveCount(4);
    for (const [width, counts] of [
      [1280, [4]],
      [1024, [2, 2]],
      [820, [2, 2]],
      [390, [1, 1, 1, 1]],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await expect
        .poll(() => rowsOf(packages), { message: `at ${width} px` })
        .toEqual({ counts, lastRowCentred: true });
    }
  });

  test('/about-us: the five reasons to choose us leave no empty cell, the short last row is centred', async ({
    page,
  }) => {
    await openPublicPage(page, '/about-us');
    const reasons = listUnder(page, 'Why businesses choose Millstone CX');
    for (const [width, counts] of [
      [1280, [3, 2]],
      [1024, [3, 2]],
      [820, [2, 2, 1]],
      [390, [1, 1, 1, 1, 1]],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await expect
        .poll(() => rowsOf(reasons), { message: `at ${width} px` })
        .toEqual({ counts, lastRowCentred: true });
    }
  });
});
