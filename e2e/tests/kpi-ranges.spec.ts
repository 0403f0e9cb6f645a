import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { addCalendarDays, calendarDaysBetween } from '@portal/contracts';
import { baseURL } from '../playwright.config';
import { customerWithData, signedInState } from '../support/customer';

const PHONE = { width: 390, height: 844 };

async function expectNoBlockingViolation(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
  expect(
    blocking.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
    what,
  ).toEqual([]);
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 3, name });

test('KPIs over a range on a phone: presets, a custom range from the keyboard, and its CSV download', async ({
  browser,
  request,
}, testInfo) => {
  const customer = await customerWithData(request, 'Avery Brooks');
  const context = await browser.newContext({
    storageState: signedInState(customer, baseURL),
    viewport: PHONE,
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await page.goto('/dashboard/kpis');
  await expect(heading(page, 'Last 30 days')).toBeVisible();
  // The dialer's call is counted a moment later (over NATS); the live stream moves the card.
  await expect(page.getByRole('group', { name: 'Calls Today' }).getByTestId('stat-value')).toHaveText('1', {
    timeout: 15_000,
  });

  const range = page.getByRole('combobox', { name: 'Date range' });
  await range.selectOption({ label: 'Last 7 days' });
  await expect(heading(page, 'Last 7 days')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/kpis\?range=7d$/);
  await expect(page.getByText(/ · 7 days$/)).toBeVisible();
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: testInfo.outputPath('kpis-7-days-390.png'), fullPage: true });

  // A reload keeps the range (it lives in the address).
  await page.reload();
  await expect(heading(page, 'Last 7 days')).toBeVisible();

  // A custom range, from the keyboard: the last 3 days before today.
  await range.focus();
  await range.selectOption({ label: 'Custom range' });
  const form = page.getByRole('form', { name: 'Custom range' });
  const to = form.getByLabel('To');
  const today = await to.inputValue();
  const from = addCalendarDays(today, -3);
  await form.getByLabel('From').fill(from);
  await to.fill(addCalendarDays(today, 1));
  await form.getByRole('button', { name: 'Apply range' }).press('Enter');
  await expect(form.getByRole('alert')).toHaveText('The range cannot end after today');
  await to.fill(today);
  await form.getByRole('button', { name: 'Apply range' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`range=custom&from=${from}&to=${today}$`));
  await expect(page.getByText(/ · 4 days$/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoBlockingViolation(page, 'the KPI tab with a custom range at 390 px');
  await page.screenshot({ path: testInfo.outputPath('kpis-custom-390.png'), fullPage: true });

  // 'Export CSV': a download named after the range, its rows the range's days.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`kpis-${from}-to-${today}.csv`);
  const lines = (await readFile((await download.path())!, 'utf8')).split('\r\n');
  expect(lines[0]).toBe('Date,Calls,Leads,Conversions');
  expect(lines.at(-1)).toBe('');
  expect(lines).toHaveLength(calendarDaysBetween(from, today) + 2);
  expect(lines[1]).toMatch(new RegExp(`^${from},\\d+,\\d+,\\d+$`));
  expect(lines.at(-2)).toBe(`${today},1,1,0`);
  await context.close();
});
