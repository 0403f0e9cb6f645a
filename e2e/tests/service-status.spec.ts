import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { ok } from '../support/api';
import { customerWithData, signedInState, uniqueEmail } from '../support/customer';
import { extractLink, mailTo } from '../support/mail';
import { staffAccount } from '../support/staff-account.mjs';

// Issue 24 item 2: the public status page (ADR 0235). Staff open an incident in the console; /status
// shows it and the customer's dashboard a banner; a confirmed subscriber is mailed; staff resolve it,
// the subscriber is mailed again and the banner goes.

async function staffToken(request: APIRequestContext): Promise<string> {
  const { token } = await ok<{ token: string }>(
    'staff sign-in',
    request.post('/api/auth/login', { data: { email: staffAccount.email, password: staffAccount.password } }),
  );
  return token;
}

type StorageState = NonNullable<Parameters<Browser['newContext']>[0]>['storageState'];

async function newPage(browser: Browser, storageState?: StorageState, width = 1280) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 }, storageState });
  return context.newPage();
}

const staffState = (token: string) => ({
  cookies: [],
  origins: [{ origin: baseURL, localStorage: [{ name: 'token', value: token }] }],
});

/** What follows a navigation: the section's code starts after the first paint, slowly on a busy machine. */
const slow = { timeout: 30_000 };

test.describe('the public status page', () => {
  test.describe.configure({ timeout: 360_000 });
  const title = `Delayed API responses ${Date.now().toString(36)}`;

  test.afterAll(async ({ request }) => {
    // Leave no open incident of this run behind: other suites expect no banner.
    const token = await staffToken(request);
    const headers = { Authorization: `Bearer ${token}` };
    const { incidents } = await ok<{ incidents: { id: string; title: string; resolvedAt: string | null }[] }>(
      'incidents',
      request.get('/api/support/staff/incidents', { headers }),
    );
    for (const incident of incidents.filter((each) => each.title === title && !each.resolvedAt)) {
      await request.post(`/api/support/staff/incidents/${incident.id}/updates`, {
        headers,
        data: { status: 'resolved', message: 'Closed by the test run.' },
      });
    }
  });

  test('staff open an incident; the page, the dashboard banner and a confirmed subscriber hear of it; resolved, the banner goes', async ({
    browser,
    request,
  }) => {
    // A visitor subscribes on /status and confirms from the mail.
    const subscriber = uniqueEmail('status');
    const visitor = await newPage(browser);
    await visitor.goto('/status');
    await expect(visitor.getByRole('heading', { level: 1, name: 'Service status' })).toBeVisible();
    for (const name of ['Website', 'Customer portal', 'API', 'Integrations ingest', 'Live metrics']) {
      await expect(visitor.getByRole('heading', { level: 3, name })).toBeVisible();
    }
    // The measured figures arrive (the gateway samples every 30 s: a stack just started may say 'No data').
    // The section's code starts after the first paint; a stack that just started may take a while.
    await expect(visitor.getByRole('list', { name: /^API, daily uptime: 90 days/ })).toBeVisible({
      timeout: 30_000,
    });
    const form = visitor.getByRole('region', { name: 'Get incident updates by email' });
    await form.getByLabel('Email address').fill(subscriber);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByRole('status')).toHaveText(
      'Check your inbox: we sent you a link to confirm your subscription.',
      slow,
    );
    const confirmation = await mailTo(subscriber, {
      subject: /Confirm your subscription/,
      timeoutMs: 20_000,
    });
    const confirmLink = extractLink(confirmation, '/status?confirm=');
    await visitor.goto(confirmLink.replace(/^https?:\/\/[^/]+/, ''));
    await expect(visitor.getByText(/^You are subscribed/)).toBeVisible(slow);
    await expect(visitor).toHaveURL(/\/status$/);

    // Staff open the incident on the console's Incidents page.
    const token = await staffToken(request);
    const staff = await newPage(browser, staffState(token));
    await staff.goto('/staff/incidents');
    await expect(staff.getByRole('link', { name: 'Incidents' })).toHaveAttribute(
      'aria-current',
      'page',
      slow,
    );
    const open = staff.getByRole('form', { name: 'Open an incident' });
    await open.getByRole('textbox', { name: /Title/ }).fill(title);
    await open.getByRole('checkbox', { name: 'API' }).check();
    await open.getByRole('radio', { name: 'Outage' }).check();
    await open
      .getByRole('textbox', { name: /Message/ })
      .fill('Some API calls take over 30 seconds. We are looking into it.');
    await open.getByRole('button', { name: 'Open incident' }).click();
    await expect(staff.getByRole('article', { name: title })).toBeVisible(slow);

    // The status page shows it on top, and the API's state in words.
    const reader = await newPage(browser, undefined, 360);
    await expect(async () => {
      await reader.goto('/status');
      await expect(
        reader.getByRole('region', { name: 'Open incidents' }).getByRole('heading', { name: title }),
      ).toBeVisible({ timeout: 30_000 });
    }).toPass({ timeout: 90_000 });
    await expect(reader.getByText('Some systems are down')).toBeVisible();
    // No horizontal scroll on a phone.
    expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // A customer's dashboard shows the banner, linking to /status.
    const customer = await customerWithData(request, 'Riley Status');
    const dashboard = await newPage(browser, signedInState(customer, baseURL));
    await dashboard.goto('/dashboard');
    const banner = dashboard.getByRole('status', { name: 'Service incident' });
    await expect(banner).toContainText(title, { timeout: 30_000 });
    await expect(banner.getByRole('link', { name: 'View status page' })).toHaveAttribute('href', '/status');

    // The confirmed subscriber got the incident, with an unsubscribe link.
    const opened = await mailTo(subscriber, {
      subject: `Incident: ${title} (Millstone CX status)`,
      timeoutMs: 20_000,
    });
    expect(opened.text).toContain('We are investigating an outage affecting API');
    expect(opened.text).toMatch(/Unsubscribe: \S+\/status\?unsubscribe=/);

    // Staff resolve it.
    const card = staff.getByRole('article', { name: title });
    await card.getByRole('combobox', { name: 'Status' }).click();
    await staff.getByRole('option', { name: 'Resolved' }).click();
    await card.getByRole('textbox', { name: /Update message/ }).fill('Responses are back to normal.');
    await card.getByRole('button', { name: 'Resolve incident' }).click();
    await expect(card.getByRole('form')).toHaveCount(0, slow);

    const resolved = await mailTo(subscriber, {
      subject: `Resolved: ${title} (Millstone CX status)`,
      timeoutMs: 20_000,
    });
    expect(resolved.text).toContain('Responses are back to normal.');

    // The banner goes (the status is cached for at most 15 s in the service and in the browser).
    await expect(async () => {
      const status = dashboard.waitForResponse(
        (response) => new URL(response.url()).pathname === '/api/status',
      );
      await dashboard.reload();
      expect((await status).ok()).toBe(true);
      await expect(dashboard.getByRole('status', { name: 'Service incident' })).toHaveCount(0, {
        timeout: 5_000,
      });
    }).toPass({ timeout: 60_000 });
  });
});
