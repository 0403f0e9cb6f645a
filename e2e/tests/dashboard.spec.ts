import { createHmac } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { confirmAtFakeStripe } from '../support/stripe';

// The e2e database persists between runs: every customer gets an address of its own.
const uniqueEmail = () => `e2e-dash-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const PASSWORD = 'harbor-lights-42';

/** `X-Portal-Signature` as a dialer computes it: HMAC-SHA256 of "<unix seconds>.<body>". */
function signed(secret: string, event: unknown) {
  const body = JSON.stringify(event);
  const seconds = Math.floor(Date.now() / 1000);
  const digest = createHmac('sha256', secret).update(`${seconds}.${body}`).digest('hex');
  return { body, signature: `t=${seconds},v1=${digest}` };
}

async function signUp(page: Page, name = 'Riley Chen'): Promise<string> {
  await page.goto('/register');
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email Address').fill(uniqueEmail());
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/customer-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Dashboard' })).toBeVisible();
  return (await page.evaluate(() => localStorage.getItem('auth_token') ?? localStorage.getItem('token')))!;
}

const card = (page: Page, label: string) => page.getByRole('group', { name: label });
const cardValue = (page: Page, label: string) => card(page, label).getByTestId('stat-value');

/** A paid order: a payment intent for the first package, confirmed with a card at the fake Stripe API. */
async function paidOrder(request: APIRequestContext, token: string): Promise<string> {
  const [plan] = (await (await request.get('/api/packages')).json()) as { id: string }[];
  const created = await request.post('/api/create-payment-intent', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `e2e-dash-${Date.now()}` },
    data: { items: [{ packageId: plan.id, quantity: 2 }] },
  });
  expect(created.status()).toBe(201);
  const { clientSecret, orderId } = (await created.json()) as { clientSecret: string; orderId: string };
  await confirmAtFakeStripe(request, clientSecret);
  // Stripe's webhook (signed by the fake, through the gateway) completes the order.
  await expect
    .poll(async () => {
      const response = await request.get(`/api/user/orders/${orderId}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      return ((await response.json()) as { status: string }).status;
    })
    .toBe('completed');
  return orderId;
}

test('a new customer connects a dialer, sees its calls arrive live, opens a ticket and finds a paid order', async ({
  page,
  request,
}) => {
  const token = await signUp(page);
  await expect(cardValue(page, 'Calls Today')).toHaveText('0');
  await expect(cardValue(page, 'Total Orders')).toHaveText('0');

  // Integrations: Create waits for type, name and API key.
  await page.getByRole('tab', { name: 'Integrations' }).click();
  await expect(page).toHaveURL(/\/customer-dashboard\/integrations$/);
  await page.getByRole('button', { name: 'Add Integration' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Integration' });
  const create = dialog.getByRole('button', { name: 'Create' });
  await expect(create).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Dialpad' }).click();
  await dialog.getByLabel(/^Name/).fill('Dialpad · Front desk');
  await expect(create).toBeDisabled();
  await dialog.getByLabel(/^API Key/).fill('dp_live_e2e_9f8e7d6c5b4a');
  await create.click();
  await expect(page.getByText('Integration created successfully')).toBeVisible();

  // The inbound URL and the signing secret, shown this once.
  const inboundUrl = (await page
    .getByRole('group', { name: 'Inbound event URL' })
    .locator('code')
    .textContent())!;
  const secret = (await page.getByRole('group', { name: 'Signing secret' }).locator('code').textContent())!;
  expect(inboundUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/crm\/inbound\/[0-9a-f-]{36}$/);
  expect(secret).toMatch(/^pcs_/);
  await page.getByRole('button', { name: 'Done' }).click();
  const integrations = page.getByLabel('Your integrations');
  await expect(integrations.getByText('Dialpad · Front desk')).toBeVisible();
  await expect(integrations.getByText('Connected', { exact: true })).toBeVisible();
  const listed = await request.get('/api/crm/integrations', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(JSON.stringify(await listed.json())).not.toContain(secret);

  // A finished call posted by the dialer moves Calls Today on the open page: no reload, no polling.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page).toHaveURL(/\/customer-dashboard$/);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const call = signed(secret, {
    type: 'call.completed',
    data: { call_id: `e2e-call-${Date.now()}`, duration: 212, resolution: 'resolved', agent_id: 'agent-4' },
  });
  const unsigned = await request.post(inboundUrl, {
    headers: { 'content-type': 'application/json', 'x-portal-signature': `t=1,v1=${'0'.repeat(64)}` },
    data: call.body,
  });
  expect(unsigned.status()).toBe(401);
  const posted = await request.post(inboundUrl, {
    headers: { 'content-type': 'application/json', 'x-portal-signature': call.signature },
    data: call.body,
  });
  expect(posted.status()).toBe(202);
  const postedAt = Date.now();
  await expect(cardValue(page, 'Calls Today')).toHaveText('1');
  console.log(`Calls Today moved ${Date.now() - postedAt} ms after the dialer's POST was answered`);
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // The same event again is counted once.
  const repeated = await request.post(inboundUrl, {
    headers: { 'content-type': 'application/json', 'x-portal-signature': call.signature },
    data: call.body,
  });
  expect(repeated.status()).toBe(200);
  await page.getByRole('tab', { name: 'KPIs' }).click();
  await expect(cardValue(page, 'Calls Today')).toHaveText('1');
  await expect(page.getByRole('img', { name: /calls/i })).toBeVisible();

  // Support: a ticket, listed as open.
  await page.getByRole('tab', { name: 'Support' }).click();
  await page.getByRole('button', { name: 'New Ticket' }).first().click();
  const ticketDialog = page.getByRole('dialog', { name: 'New Ticket' });
  await expect(ticketDialog.getByRole('button', { name: 'Create' })).toBeDisabled();
  await ticketDialog.getByLabel('Title').fill('After-hours calls go to voicemail');
  await ticketDialog
    .getByLabel('Description')
    .fill('Since Monday, calls after 8 pm Eastern skip the overflow queue.');
  await ticketDialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Support ticket created successfully')).toBeVisible();
  const ticket = page.getByRole('list', { name: 'Your support tickets' }).getByRole('listitem', {
    name: 'After-hours calls go to voicemail',
  });
  await expect(ticket).toBeVisible();
  await expect(ticket.getByText('open', { exact: true })).toBeVisible();
  await expect(ticket.getByText('medium priority', { exact: true })).toBeVisible();

  // Orders: a checkout paid through the fake Stripe shows up, completed.
  const orderId = await paidOrder(request, token);
  await page.getByRole('tab', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/customer-dashboard\/orders$/);
  // Paid behind the page's back (through the API): the customer reloads to see it.
  await page.reload();
  const orders = page.getByRole('table', { name: 'Your orders' });
  await expect(orders.getByRole('columnheader')).toHaveText([
    'Order ID',
    'Total',
    'Status',
    'Date',
    'Actions',
  ]);
  await expect(orders.getByRole('row')).toHaveCount(2);
  await expect(orders.getByText('completed')).toBeVisible();
  await orders.getByRole('button', { name: `View items of order ${orderId.slice(0, 8)}` }).click();
  await expect(page.getByRole('dialog')).toContainText('2 × $1,499.00 per month');
  await page.keyboard.press('Escape');

  // Each tab is an address of its own: a reload stayed on it, and Back returns to the previous tab.
  await expect(page.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
  await page.goBack();
  await expect(page).toHaveURL(/\/customer-dashboard\/support$/);
  await expect(page.getByRole('tab', { name: 'Support' })).toHaveAttribute('aria-selected', 'true');
});

test('a new customer is not shown services as Active, but an onboarding checklist ticked as each step is done', async ({
  page,
  request,
}) => {
  const token = await signUp(page, 'Morgan Diaz');
  const steps = page.getByRole('list', { name: 'Getting Started' }).getByRole('listitem');
  const step = (name: string) => steps.filter({ has: page.getByRole('heading', { name }) });
  await expect(steps).toHaveCount(3);
  await expect(page.getByText('No service is active yet.')).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toHaveCount(0);
  for (const name of ['Connect an integration', 'Book the kickoff call', 'Open a first ticket'])
    await expect(step(name).getByText('Done', { exact: true })).toHaveCount(0);

  // No scheduling widget on this stack: the request is recorded for the organisation.
  await page.getByRole('button', { name: 'Book Kickoff Call' }).click();
  await expect(page.getByText('Kickoff call requested')).toBeVisible();
  await expect(step('Book the kickoff call').getByText('Done', { exact: true })).toBeVisible();
  await expect(step('Book the kickoff call')).toContainText('Requested on');

  await page.getByRole('button', { name: 'New Ticket' }).click();
  await expect(page).toHaveURL(/\/customer-dashboard\/support$/);
  await request.post('/api/support/tickets', {
    headers: { Authorization: `Bearer ${token}` },
    data: { title: 'Kickoff agenda', description: 'Please add our IVR menu to the kickoff agenda.' },
  });
  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.reload();
  await expect(step('Open a first ticket').getByText('Done', { exact: true })).toBeVisible();
  await expect(step('Book the kickoff call').getByText('Done', { exact: true })).toBeVisible();
  await expect(step('Connect an integration').getByText('Done', { exact: true })).toHaveCount(0);

  // Once a service is paid for, Service Status lists it and the checklist is done with.
  await paidOrder(request, token);
  await page.reload();
  const services = page.getByRole('list', { name: 'Service Status' }).getByRole('listitem');
  await expect(services).toHaveCount(1);
  await expect(services).toContainText('Setup Required');
  await expect(page.getByRole('list', { name: 'Getting Started' })).toHaveCount(0);
});

test('on a phone, the tab of a deep link is in view in the tab strip', async ({ page }) => {
  await signUp(page);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [path, name] of [
    ['/customer-dashboard/support', 'Support'],
    ['/customer-dashboard/orders', 'Orders'],
    ['/customer-dashboard/kpis', 'KPIs'],
  ]) {
    await page.goto(path);
    const tab = page.getByRole('tab', { name });
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    // The strip scrolls inside its scroller (the tablist's parent): the tab must lie within it.
    const scroller = page.getByRole('tablist', { name: 'Dashboard sections' }).locator('xpath=..');
    await expect
      .poll(async () => {
        const [strip, box] = await Promise.all([scroller.boundingBox(), tab.boundingBox()]);
        return !!strip && !!box && box.x >= strip.x - 1 && box.x + box.width <= strip.x + strip.width + 1;
      }, `${name} within the visible strip`)
      .toBe(true);
  }
});

test('the dashboard tabs are evenly spaced', async ({ page }) => {
  await signUp(page);
  const gaps = await page.getByRole('tablist', { name: 'Dashboard sections' }).evaluate((list) => {
    const labels = [...list.querySelectorAll('[role="tab"]')].map((tab) => {
      const range = document.createRange();
      range.selectNodeContents(document.createTreeWalker(tab, NodeFilter.SHOW_TEXT).nextNode()!);
      return range.getBoundingClientRect();
    });
    return labels.slice(1).map((label, index) => Math.round(label.left - labels[index].right));
  });
  expect(gaps).toHaveLength(7); // eight tabs: the spec's five, Team, Developers and Settings
  expect(Math.max(...gaps) - Math.min(...gaps)).toBeLessThanOrEqual(1);
});

test('a visitor who is not signed in is asked to log in, then sent to /login?redirect=/dashboard', async ({
  page,
}) => {
  await page.goto('/dashboard/orders');
  await expect(page.getByRole('heading', { name: 'Access Required' })).toBeVisible();
  await expect(page.getByText('Please log in to access your dashboard.')).toBeVisible();
  await page.waitForURL('**/login?redirect=/dashboard');
});

test('public pages never download the dashboard’s code; the dashboard does', async ({ page }) => {
  const dashboardScripts: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/mfe/dashboard/') && request.resourceType() === 'script')
      dashboardScripts.push(request.url());
  });
  for (const path of ['/', '/pricing', '/blog', '/contact', '/login', '/checkout']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(dashboardScripts).toEqual([]);

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Access Required' })).toBeVisible();
  expect(dashboardScripts.length).toBeGreaterThan(0);
});
