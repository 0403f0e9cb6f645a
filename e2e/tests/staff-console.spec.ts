import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { ok } from '../support/api';
import { customerWithData, signedInState, uniqueEmail, type Customer } from '../support/customer';
import { staffAccount } from '../support/staff-account.mjs';

// Issue 19: the staff console, mfe-staff at /staff. Only staff reach it: the shell never downloads the
// remote for a visitor or a customer, and every staff route answers them 403 (401 without a token).
// Staff work the queue (assign, internal note, reply, status), see a new ticket arrive live, refund an
// order, work a lead linked to its customer, and read a customer's organization.

const STAFF_REMOTE = '/mfe/staff/';
// The smallest valid PNG (1×1), and an HTML page named like one.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201c5d8b3a30000000049454e44ae426082',
  'hex',
);
const HTML_AS_PNG = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
const NIL = '00000000-0000-4000-8000-000000000000';

/** Every request for the staff section's files this page makes. */
function staffRemoteRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith(STAFF_REMOTE)) seen.push(request.url());
  });
  return seen;
}

async function staffToken(request: APIRequestContext): Promise<string> {
  const { token } = await ok<{ token: string }>(
    'staff sign-in',
    request.post('/api/auth/login', { data: { email: staffAccount.email, password: staffAccount.password } }),
  );
  return token;
}

async function staffPage(browser: Browser, token: string, viewport = { width: 1280, height: 860 }) {
  const context = await browser.newContext({
    baseURL,
    viewport,
    storageState: {
      cookies: [],
      origins: [{ origin: baseURL, localStorage: [{ name: 'token', value: token }] }],
    },
  });
  return context.newPage();
}

const organizationOf = async (request: APIRequestContext, customer: Customer) =>
  (
    await ok<{ organizationId: string }>(
      'me',
      request.get('/api/auth/me', { headers: { Authorization: `Bearer ${customer.token}` } }),
    )
  ).organizationId;

/** Every staff route of the console, with a body where it takes one. */
const STAFF_ROUTES: { method: 'GET' | 'PATCH' | 'POST'; path: string; data?: unknown }[] = [
  { method: 'GET', path: '/api/support/staff/tickets' },
  { method: 'GET', path: `/api/support/staff/tickets/${NIL}` },
  { method: 'PATCH', path: `/api/support/staff/tickets/${NIL}`, data: { assigneeId: 'me' } },
  {
    method: 'POST',
    path: `/api/support/staff/tickets/${NIL}/messages`,
    data: { body: 'hi', internal: true },
  },
  { method: 'GET', path: '/api/support/staff/open-tickets' },
  { method: 'GET', path: '/api/support/staff/stream' },
  { method: 'GET', path: '/api/crm/staff/leads' },
  { method: 'GET', path: `/api/crm/staff/leads/${NIL}` },
  { method: 'PATCH', path: `/api/crm/staff/leads/${NIL}`, data: { status: 'contacted' } },
  { method: 'POST', path: `/api/crm/staff/leads/${NIL}/notes`, data: { body: 'note' } },
  { method: 'GET', path: `/api/crm/staff/integrations?organizationId=${NIL}` },
  { method: 'GET', path: `/api/crm/staff/integrations/health?organizationId=${NIL}` },
  { method: 'GET', path: '/api/commerce/staff/orders' },
  { method: 'GET', path: `/api/commerce/staff/orders/${NIL}` },
  { method: 'POST', path: `/api/commerce/staff/orders/${NIL}/refunds`, data: {} },
  { method: 'GET', path: '/api/commerce/staff/refund-requests' },
  { method: 'POST', path: `/api/commerce/staff/refund-requests/${NIL}/approve` },
  { method: 'POST', path: `/api/commerce/staff/refund-requests/${NIL}/decline`, data: { reason: 'no' } },
  { method: 'GET', path: '/api/identity/staff/organizations' },
  { method: 'GET', path: `/api/identity/staff/organizations/${NIL}` },
  { method: 'GET', path: '/api/identity/staff/customers?email=a@example.com' },
  { method: 'GET', path: `/api/identity/staff/users?id=${NIL}` },
];

test.describe('the staff console is for staff only', () => {
  test('a visitor and a customer never download the staff section, and see why', async ({
    browser,
    request,
  }) => {
    const visitor = await browser.newPage({ baseURL });
    const visitorFetched = staffRemoteRequests(visitor);
    await visitor.goto('/');
    await expect(visitor.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await visitor.goto('/staff/orders');
    await expect(visitor.getByRole('heading', { level: 1, name: 'Staff sign-in required' })).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Sign in with a staff account' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fstaff%2Forders',
    );
    await visitor.waitForLoadState('networkidle');
    expect(visitorFetched).toEqual([]);
    await visitor.close();

    const customer = await customerWithData(request, 'Riley Quinn');
    const context = await browser.newContext({ baseURL, storageState: signedInState(customer, baseURL) });
    const page = await context.newPage();
    const customerFetched = staffRemoteRequests(page);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Customer Dashboard' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Staff Console' })).toHaveCount(0);
    await page.goto('/staff');
    await expect(page.getByRole('heading', { level: 1, name: 'Staff only' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to your dashboard' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(customerFetched).toEqual([]);
    await context.close();
  });

  test('every staff route answers a customer 403 and a visitor 401', async ({ request }) => {
    const customer = await customerWithData(request, 'Casey Lin');
    for (const { method, path, data } of STAFF_ROUTES) {
      const asCustomer = await request.fetch(path, {
        method,
        data,
        headers: { Authorization: `Bearer ${customer.token}` },
      });
      expect(asCustomer.status(), `${method} ${path} as a customer`).toBe(403);
      const asVisitor = await request.fetch(path, { method, data });
      expect(asVisitor.status(), `${method} ${path} without a token`).toBe(401);
    }
  });
});

test.describe('staff at work', () => {
  test.describe.configure({ timeout: 90_000 });

  test('signs in, loads the console (and only then its remote), works a ticket the customer then reads without the note', async ({
    page,
    request,
  }) => {
    const customer = await customerWithData(request, 'Jordan Ellis');
    const organizationId = await organizationOf(request, customer);
    const fetched = staffRemoteRequests(page);

    await page.goto('/staff');
    await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in required' })).toBeVisible();
    await page.getByRole('link', { name: 'Sign in with a staff account' }).click();
    await page.getByLabel('Email address').fill(staffAccount.email);
    await page.getByLabel('Password', { exact: true }).fill(staffAccount.password!);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/staff$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Staff Console' })).toBeVisible();
    expect(fetched.length).toBeGreaterThan(0);
    await expect(page.getByRole('link', { name: 'Staff Console' })).toHaveAttribute('aria-current', 'page');

    await page.goto(`/staff?organization=${organizationId}`);
    await page.getByRole('button', { name: 'Weekend overflow routing' }).click();
    const panel = page.getByRole('region', { name: 'Weekend overflow routing' });
    await expect(panel.getByLabel('Customer', { exact: true })).toContainText('Jordan Ellis');

    await panel.getByRole('button', { name: 'Assign to me' }).click();
    await expect(panel.getByText('Assigned to you')).toBeVisible();

    await panel.getByRole('button', { name: 'Internal note' }).click();
    await panel
      .getByLabel('Internal note (only staff see it)')
      .fill('Routing rule 14 sends Saturdays to voicemail.');
    await panel.getByRole('button', { name: 'Add note' }).click();
    const thread = panel.getByRole('list', { name: 'Conversation' });
    await expect(thread.getByRole('listitem').filter({ hasText: 'Routing rule 14' })).toContainText(
      'Internal note',
    );

    await panel.getByRole('button', { name: 'Reply to customer' }).click();
    await panel.getByLabel('Reply to the customer').fill('Saturday overflow now rings the Denver team.');
    await panel.getByRole('button', { name: 'Send reply' }).click();
    await expect(
      thread.getByRole('listitem').filter({ hasText: 'Saturday overflow now rings' }),
    ).not.toContainText('Internal note');

    await panel.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'In progress' }).click();
    await expect(panel.getByRole('combobox', { name: 'Status' })).toHaveText('In progress');

    await page.screenshot({ path: test.info().outputPath('queue-with-ticket.png') });

    const [ticket] = await ok<{ id: string; status: string }[]>(
      'tickets',
      request.get('/api/support/tickets', { headers: { Authorization: `Bearer ${customer.token}` } }),
    );
    expect(ticket!.status).toBe('in_progress');
    const { messages } = await ok<{ messages: { body: string }[] }>(
      'thread',
      request.get(`/api/support/tickets/${ticket!.id}/messages`, {
        headers: { Authorization: `Bearer ${customer.token}` },
      }),
    );
    const bodies = messages.map((message) => message.body);
    expect(bodies).toContain('Saturday overflow now rings the Denver team.');
    expect(bodies.join('\n')).not.toContain('Routing rule 14');
  });

  test('attaches a PNG to a reply (a page named .png is refused); the customer sees it on the ticket page and downloads it', async ({
    browser,
    request,
  }) => {
    const customer = await customerWithData(request, 'Riley Chen');
    const organizationId = await organizationOf(request, customer);
    const staff = await staffPage(browser, await staffToken(request));
    await staff.goto(`/staff?organization=${organizationId}`);
    await staff.getByRole('button', { name: 'Weekend overflow routing' }).click();
    const panel = staff.getByRole('region', { name: 'Weekend overflow routing' });
    const files = panel.getByRole('list', { name: 'Files to send' });

    await panel
      .getByTestId('attachment-input')
      .setInputFiles({ name: 'page.png', mimeType: 'image/png', buffer: HTML_AS_PNG });
    await expect(files.getByText(/^page\.png: Attach an image/)).toBeVisible();
    await panel.screenshot({ path: test.info().outputPath('refused-attachment.png') });
    await panel.getByRole('button', { name: 'Remove page.png' }).click();
    await panel
      .getByTestId('attachment-input')
      .setInputFiles({ name: 'routing-rule.png', mimeType: 'image/png', buffer: PNG });
    await expect(files.getByText(`routing-rule.png (${PNG.length} B)`)).toBeVisible();
    await panel.screenshot({ path: test.info().outputPath('chosen-attachment.png') });
    await panel.getByLabel('Reply to the customer').fill('Here is the new routing rule.');
    await panel.getByRole('button', { name: 'Send reply' }).click();
    const sent = panel
      .getByRole('list', { name: 'Conversation' })
      .getByRole('listitem')
      .filter({ hasText: 'Here is the new routing rule.' });
    await expect(sent.getByRole('button', { name: `routing-rule.png (${PNG.length} B)` })).toBeVisible();
    await expect(files).toBeHidden();
    await staff.context().close();

    const [ticket] = await ok<{ id: string }[]>(
      'tickets',
      request.get('/api/support/tickets', { headers: { Authorization: `Bearer ${customer.token}` } }),
    );
    const context = await browser.newContext({
      baseURL,
      acceptDownloads: true,
      storageState: signedInState(customer, baseURL),
    });
    const page = await context.newPage();
    await page.goto(`/dashboard/support/${ticket!.id}`);
    const reply = page
      .getByRole('list', { name: 'Conversation' })
      .getByRole('listitem')
      .filter({ hasText: 'Here is the new routing rule.' });
    await expect(reply).toHaveAccessibleName(/^Support, /);
    const download = page.waitForEvent('download');
    await reply.getByRole('button', { name: /^Download routing-rule\.png/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('routing-rule.png');
    expect(await readFile(await file.path())).toEqual(PNG);
    await context.close();
  });

  test('a new ticket arrives in the open queue by itself', async ({ browser, request }) => {
    const customer = await customerWithData(request, 'Avery Stone');
    const organizationId = await organizationOf(request, customer);
    const page = await staffPage(browser, await staffToken(request));
    await page.goto(`/staff?organization=${organizationId}`);
    await expect(page.getByText('Live: new tickets appear by themselves')).toBeVisible();
    const title = `IVR menu loops ${Date.now()}`;
    await ok(
      'new ticket',
      request.post('/api/support/tickets', {
        headers: { Authorization: `Bearer ${customer.token}` },
        data: { title, description: 'Option 3 sends callers back to the main menu.', priority: 'urgent' },
      }),
    );
    await expect(page.getByRole('button', { name: title })).toBeVisible({ timeout: 10_000 });
    await page.context().close();
  });

  test('refunds part of an order; more than what is left is refused', async ({ browser, request }) => {
    const customer = await customerWithData(request, 'Morgan Blake');
    const organizationId = await organizationOf(request, customer);
    const token = await staffToken(request);
    const { orders } = await ok<{ orders: { id: string; amountPaid: string; refundable: string }[] }>(
      'staff orders',
      request.get(`/api/commerce/staff/orders?organizationId=${organizationId}`, {
        headers: { Authorization: `Bearer ${token}` },
      }),
    );
    const order = orders[0]!;
    const tooMuch = await request.post(`/api/commerce/staff/orders/${order.id}/refunds`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { amount: `${(Number(order.amountPaid) + 1).toFixed(2)}` },
    });
    expect(tooMuch.status()).toBe(400);

    const page = await staffPage(browser, token);
    await page.goto(`/staff/orders?organization=${organizationId}`);
    await page.getByRole('button', { name: `Order ${order.id.slice(0, 8)}` }).click();
    const panel = page.getByRole('region', { name: `Order ${order.id.slice(0, 8)}` });
    await panel.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: `Refund order ${order.id.slice(0, 8)}` });
    await dialog.getByLabel('Part of it').check();
    await dialog.getByLabel('Amount (USD)').fill('999999');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await expect(dialog.getByRole('alert')).toContainText('left to refund');
    await dialog.getByLabel('Amount (USD)').fill('10');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await expect(dialog).toBeHidden();
    await expect(panel.getByRole('row', { name: /Refunded/ })).toContainText('$10.00');
    await page.screenshot({ path: test.info().outputPath('orders.png') });
    await page.context().close();
  });

  test('works a lead linked to its customer, and reads the customer’s organization', async ({
    browser,
    request,
  }) => {
    const customer = await customerWithData(request, 'Taylor Brooks');
    await ok(
      'contact',
      request.post('/api/contact', {
        data: {
          firstName: 'Taylor',
          lastName: 'Brooks',
          email: customer.email.toUpperCase(),
          company: 'Brooks Freight',
          message: 'We want to add a Spanish-speaking queue.',
        },
      }),
    );
    const page = await staffPage(browser, await staffToken(request));
    await page.goto(`/staff/leads?q=${encodeURIComponent(customer.email)}`);
    const leads = page.getByRole('table', { name: 'Leads' });
    await expect(leads.getByRole('link', { name: 'Taylor Brooks' })).toBeVisible();
    await leads.getByRole('button', { name: 'Taylor Brooks' }).click();
    const panel = page.getByRole('region', { name: 'Taylor Brooks' });
    await expect(panel).toContainText('We want to add a Spanish-speaking queue.');
    await panel.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Contacted' }).click();
    await expect(panel.getByRole('combobox', { name: 'Status' })).toHaveText('Contacted');
    await panel.getByLabel('Add a note').fill('Called back; demo booked for Tuesday.');
    await panel.getByRole('button', { name: 'Add note' }).click();
    await expect(panel).toContainText('Called back; demo booked for Tuesday.');
    await page.screenshot({ path: test.info().outputPath('leads.png') });

    await leads.getByRole('link', { name: 'Taylor Brooks' }).click();
    await expect(page).toHaveURL(/\/staff\/customers\?organization=/);
    const organization = page.getByRole('region').filter({ has: page.getByRole('heading', { level: 3 }) });
    await expect(organization).toContainText(customer.email.toLowerCase());
    await expect(organization).toContainText('Integrations');
    await expect(organization).toContainText('Dialpad · Main line');
    await page.screenshot({ path: test.info().outputPath('customers.png') });
    await page.context().close();
  });

  test('fits a phone: the queue as cards, a ticket in place of the list', async ({ browser, request }) => {
    const customer = await customerWithData(request, 'Sam Rivera');
    const organizationId = await organizationOf(request, customer);
    const page = await staffPage(browser, await staffToken(request), { width: 390, height: 844 });
    await page.goto(`/staff?organization=${organizationId}`);
    const card = page
      .getByRole('list', { name: 'Tickets' })
      .getByRole('button', { name: /Weekend overflow routing/ });
    await expect(card).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await card.click();
    await expect(page.getByRole('region', { name: 'Weekend overflow routing' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('phone-ticket.png'), fullPage: true });
    await page.getByRole('button', { name: 'Back to the queue' }).click();
    await expect(card).toBeVisible();
    await page.context().close();
  });
  test('fits a phone: leads, orders and customers as cards that open in the list’s place; nothing scrolls sideways', async ({
    browser,
    request,
  }) => {
    const customer = await customerWithData(request, 'Casey Morgan');
    const organizationId = await organizationOf(request, customer);
    await ok(
      'contact',
      request.post('/api/contact', {
        data: {
          firstName: 'Casey',
          lastName: 'Morgan',
          email: customer.email,
          company: 'Morgan Freight Forwarding International',
          message: 'We need a second queue for our night shift.',
        },
      }),
    );
    const token = await staffToken(request);
    const lists = [
      {
        name: 'Leads',
        path: `/staff/leads?q=${encodeURIComponent(customer.email)}`,
        item: 'Casey Morgan',
        back: 'Back to the leads',
      },
      {
        name: 'Orders',
        path: `/staff/orders?organization=${organizationId}`,
        item: /^Order /,
        back: 'Back to the orders',
      },
      {
        name: 'Customers',
        path: `/staff/customers?q=${encodeURIComponent(customer.email)}`,
        item: 'Casey Morgan',
        back: 'Back to the customers',
      },
    ];
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      const page = await staffPage(browser, token, viewport);
      const wide = viewport.width > 900;
      for (const { name, path, item, back } of lists) {
        await page.goto(path);
        const list = wide ? page.getByRole('table', { name }) : page.getByRole('list', { name });
        const open = list.getByRole('button', { name: item }).first();
        await expect(open).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth),
          `${name} at ${viewport.width} px`,
        ).toBeLessThanOrEqual(viewport.width);
        await page.screenshot({
          path: test.info().outputPath(`${name.toLowerCase()}-${viewport.width}.png`),
          fullPage: true,
        });
        if (wide) continue;
        await open.click();
        await expect(page.getByRole('button', { name: back })).toBeVisible();
        await expect(list).toBeHidden();
        await expect(page.getByRole('region').first()).toBeVisible();
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth),
          `${name}'s open item at ${viewport.width} px`,
        ).toBeLessThanOrEqual(viewport.width);
        await page.screenshot({
          path: test.info().outputPath(`${name.toLowerCase()}-open-${viewport.width}.png`),
          fullPage: true,
        });
      }
      await page.context().close();
    }
  });
});

test('a new visitor email is no customer: a lead without a match says so', async ({ browser, request }) => {
  const email = uniqueEmail('prospect');
  await ok(
    'contact',
    request.post('/api/contact', {
      data: { firstName: 'Dana', lastName: 'Cole', email, company: '', message: 'Pricing for 20 seats?' },
    }),
  );
  const page = await staffPage(browser, await staffToken(request));
  await page.goto(`/staff/leads?q=${encodeURIComponent(email)}`);
  const row = page.getByRole('table', { name: 'Leads' }).getByRole('row').filter({ hasText: 'Dana Cole' });
  await expect(row).toContainText('Not a customer');
  await page.context().close();
});

test('every page of the console has no serious or critical axe violation, at 1280 and 390 px', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const customer = await customerWithData(request, 'Quinn Harper');
  const organizationId = await organizationOf(request, customer);
  const page = await staffPage(browser, await staffToken(request));
  const pages = [
    {
      path: `/staff?organization=${organizationId}`,
      ready: page.getByRole('button', { name: 'Weekend overflow routing' }),
    },
    {
      path: '/staff/leads',
      ready: page.getByRole('table', { name: 'Leads' }).or(page.getByRole('list', { name: 'Leads' })),
    },
    {
      path: `/staff/orders?organization=${organizationId}`,
      ready: page.getByRole('table', { name: 'Orders' }).or(page.getByRole('list', { name: 'Orders' })),
    },
    {
      path: `/staff/customers?q=${encodeURIComponent(customer.email)}`,
      ready: page.getByRole('button', { name: 'Quinn Harper' }),
    },
  ];
  for (const { path, ready } of pages) {
    for (const viewport of [
      { width: 1280, height: 860 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(path);
      await expect(ready.first()).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      if (path.startsWith('/staff?')) await ready.first().click();
      const { violations } = await new AxeBuilder({ page }).analyze();
      const blocking = violations.filter((violation) =>
        ['serious', 'critical'].includes(violation.impact ?? ''),
      );
      expect(
        blocking.map(
          (violation) =>
            `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        ),
        `${path} at ${viewport.width} px`,
      ).toEqual([]);
    }
  }
  await page.context().close();
});
