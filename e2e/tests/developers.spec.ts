import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { V1AgentList } from '@portal/contracts';
import { baseURL } from '../playwright.config';
import { ok } from '../support/api';
import { CUSTOMER_PASSWORD, uniqueEmail } from '../support/customer';
import { staffAccount } from '../support/staff-account.mjs';

// Issue 20 in the browser: the dashboard's Developers tab (API keys made, shown once, rolled and
// revoked; a webhook URL to a private address refused), and the staff console's Agents page, whose
// assignments are what a customer's key reads at GET /v1/agents.

const PHONE = { width: 390, height: 844 };

async function signUp(page: Page, name: string): Promise<string> {
  await page.goto('/register');
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email Address').fill(uniqueEmail('dev'));
  await page.getByLabel('Password', { exact: true }).fill(CUSTOMER_PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/customer-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Dashboard' })).toBeVisible();
  return (await page.evaluate(() => localStorage.getItem('token')))!;
}

async function expectNoBlockingViolation(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter(({ impact }) => impact === 'critical' || impact === 'serious');
  expect(
    blocking.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`),
    what,
  ).toEqual([]);
}

const agentsWith = (request: APIRequestContext, key: string) =>
  request.get('/v1/agents', { headers: { Authorization: `Bearer ${key}` } });

test('an owner creates an API key that is shown once, uses it, rolls it and revokes it', async ({
  page,
  request,
}) => {
  await signUp(page, 'Dana Developer');
  await page.getByRole('tab', { name: 'Developers' }).click();
  await page.waitForURL('**/customer-dashboard/developers');
  await expect(page.getByRole('heading', { name: 'No API keys yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'how to authenticate' })).toHaveAttribute(
    'href',
    '/docs#authentication',
  );

  await page.getByRole('button', { name: 'Create API key' }).click();
  const form = page.getByRole('dialog', { name: 'Create API key' });
  await form.getByRole('textbox', { name: 'Name' }).fill('Agents directory');
  await form.getByRole('checkbox', { name: /agents:read/ }).check();
  await form.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByRole('dialog', { name: 'API key created' });
  await expect(shown.getByText(/it won't be shown again/)).toBeVisible();
  const key = (await shown.getByRole('group', { name: 'API key' }).locator('code').textContent())!;
  expect(key).toMatch(/^mcx_live_[A-Za-z0-9]{40}$/);
  await shown.getByRole('button', { name: 'Done' }).click();

  const table = page.getByRole('table', { name: 'API keys' });
  await expect(table.getByRole('rowheader', { name: 'Agents directory' })).toBeVisible();
  await expect(table).toContainText(`${key.slice(0, 15)}…`);
  await expect(table).toContainText('Active');
  await expect(page.locator('body')).not.toContainText(key);
  expect((await agentsWith(request, key)).status()).toBe(200);

  // Rolled with no grace: the old key stops at once, the new one works.
  await page.getByRole('button', { name: 'Roll Agents directory' }).click();
  const roll = page.getByRole('dialog', { name: 'Roll API key' });
  await roll.getByRole('combobox', { name: 'Old key keeps working for' }).click();
  await page.getByRole('option', { name: 'Expire now' }).click();
  await roll.getByRole('button', { name: 'Roll key' }).click();
  const rolled = page.getByRole('dialog', { name: 'API key rolled' });
  const next = (await rolled.getByRole('group', { name: 'New API key' }).locator('code').textContent())!;
  expect(next).not.toBe(key);
  await rolled.getByRole('button', { name: 'Done' }).click();
  await expect.poll(async () => (await agentsWith(request, key)).status()).toBe(401);
  expect((await agentsWith(request, next)).status()).toBe(200);

  await page.setViewportSize(PHONE);
  await expect(page.getByRole('list', { name: 'API keys' })).toBeVisible();
  await expectNoBlockingViolation(page, 'the Developers tab at 390 px');

  const active = page.getByRole('listitem').filter({ hasText: next.slice(0, 15) });
  await active.getByRole('button', { name: 'Revoke Agents directory' }).click();
  await page
    .getByRole('dialog', { name: 'Revoke API key?' })
    .getByRole('button', { name: 'Revoke key' })
    .click();
  await expect(active).toContainText('Revoked');
  await expect.poll(async () => (await agentsWith(request, next)).status()).toBe(401);
});

test('a webhook URL to a private address is refused in the dialog, in crm’s words', async ({ page }) => {
  await signUp(page, 'Wes Hooks');
  await page.goto('/dashboard/developers');
  await expect(page.getByRole('heading', { name: 'No webhook endpoints yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const form = page.getByRole('dialog', { name: 'Add endpoint' });
  await form.getByRole('textbox', { name: 'Endpoint URL' }).fill('http://169.254.169.254/latest/meta-data');
  await form.getByRole('checkbox', { name: /ticket\.created/ }).check();
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(form.getByRole('alert')).toContainText('private, loopback or link-local');
  await expect(form.getByRole('textbox', { name: 'Endpoint URL' })).toHaveValue(
    'http://169.254.169.254/latest/meta-data',
  );
  await expectNoBlockingViolation(page, 'the Add endpoint dialog with its error');
});

test('staff add an agent and assign them to a customer, whose key then lists them', async ({
  browser,
  request,
}) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const customerName = `Agentless ${suffix}`;
  const { token: customerToken } = await ok<{ token: string }>(
    'sign-up',
    request.post('/api/auth/register', {
      data: { name: customerName, email: uniqueEmail('agents'), password: CUSTOMER_PASSWORD },
    }),
  );
  const { key } = await ok<{ key: string }>(
    'key',
    request.post('/api/developers/keys', {
      headers: { Authorization: `Bearer ${customerToken}` },
      data: { name: 'Agents', scopes: ['agents:read'] },
    }),
  );
  const { token } = await ok<{ token: string }>(
    'staff sign-in',
    request.post('/api/auth/login', { data: { email: staffAccount.email, password: staffAccount.password } }),
  );
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 860 },
    storageState: {
      cookies: [],
      origins: [{ origin: baseURL, localStorage: [{ name: 'token', value: token }] }],
    },
  });
  const page = await context.newPage();
  await page.goto('/staff/agents');
  await expect(
    page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Agents' }),
  ).toHaveAttribute('aria-current', 'page');
  await page.getByRole('button', { name: 'Add agent' }).click();
  const form = page.getByRole('dialog', { name: 'Add agent' });
  const agentName = `Rowan ${suffix}`;
  await form.getByRole('textbox', { name: 'Name' }).fill(agentName);
  await form.getByRole('textbox', { name: 'Title' }).fill('Account Agent');
  await form.getByRole('textbox', { name: 'Email' }).fill(`rowan-${suffix}@millstonecx.com`);
  await form.getByRole('button', { name: 'Add agent' }).click();
  const panel = page.getByRole('region', { name: agentName });
  await expect(panel).toBeVisible();

  const assign = panel.getByRole('form', { name: 'Assign a customer organization' });
  await assign.getByRole('combobox', { name: 'Customer organization' }).fill(customerName);
  await page.getByRole('option', { name: customerName }).click();
  await assign.getByRole('button', { name: 'Assign' }).click();
  await expect(panel.getByRole('link', { name: customerName })).toBeVisible();
  await expectNoBlockingViolation(page, 'the Agents page with an agent open');

  const listed = (await (await agentsWith(request, key)).json()) as V1AgentList;
  expect(listed.data.map(({ name }) => name)).toContain(agentName);
  await context.close();
});
