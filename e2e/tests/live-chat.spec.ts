import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { ok } from '../support/api';
import { CUSTOMER_PASSWORD, uniqueEmail } from '../support/customer';
import { staffAccount } from '../support/staff-account.mjs';

// Issue 24 (ADR 0236): live chat in the dashboard. With a staffer on the console's Chats page, a
// customer's message appears there at once, each side sees the other typing, and the staff answer
// appears live in the dashboard's panel. With no staffer online the panel says so, and a new
// conversation becomes a ticket whose link and SLA the panel shows. Past chats stay readable.

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function staffToken(request: APIRequestContext): Promise<string> {
  const { token } = await ok<{ token: string }>(
    'staff sign-in',
    request.post('/api/auth/login', { data: { email: staffAccount.email, password: staffAccount.password } }),
  );
  return token;
}

async function signUp(request: APIRequestContext, name: string): Promise<string> {
  const { token } = await ok<{ token: string }>(
    'sign-up',
    request.post('/api/auth/register', {
      data: { name, email: uniqueEmail('live-chat'), password: CUSTOMER_PASSWORD },
    }),
  );
  return token;
}

/** A browser context signed in with `token` (the session reads `token` from localStorage). */
async function signedInPage(browser: Browser, token: string, viewport = { width: 1280, height: 860 }) {
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

/** Serious or critical axe violations on the page as it is now. */
async function blockingViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

test.describe('live chat', () => {
  test('staff online: the message, typing and the answer go live both ways; staff gone: the chat becomes a ticket with its SLA; both stay readable', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const staffBearer = await staffToken(request);
    const customerToken = await signUp(request, 'Casey Morgan');

    // A staffer opens the Chats page: online.
    const staff = await signedInPage(browser, staffBearer);
    await staff.goto('/staff/chats');
    await expect(staff.getByText(/You are online for chat while this page is open · Live/)).toBeVisible();

    const customer = await signedInPage(browser, customerToken, { width: 390, height: 844 });
    await customer.goto('/dashboard');
    await customer.getByRole('button', { name: 'Chat with support' }).click();
    const panel = customer.getByRole('dialog', { name: 'Live chat' });
    await expect(panel.getByText('Support is online. We usually answer within a minute.')).toBeVisible();
    // On a phone the panel is the whole screen, with nothing wider than it.
    const box = await panel.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(389);
    expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await panel
      .getByRole('textbox', { name: 'Your message' })
      .fill('Our IVR drops calls after the greeting.');
    await panel.getByRole('button', { name: 'Start chat' }).click();
    const customerLog = panel.getByRole('log', { name: 'Conversation' });
    await expect(customerLog).toContainText('Our IVR drops calls after the greeting.');
    await expect(panel.getByText(/Waiting for support/)).toBeVisible();

    // It reaches the console at once; the staffer opens it beside the customer's context and accepts.
    const waiting = staff.getByRole('region', { name: 'Waiting chats' });
    await waiting.getByRole('button', { name: /Our IVR drops calls after the greeting\./ }).click();
    const chat = staff.getByRole('tabpanel');
    await expect(chat.getByRole('log', { name: 'Conversation' })).toContainText(
      'Our IVR drops calls after the greeting.',
    );
    const context = chat.getByRole('definition').filter({ hasText: /member/ });
    await expect(context).toBeVisible();
    await expect(chat.getByText('Open tickets')).toBeVisible();
    await chat.getByRole('button', { name: 'Accept chat' }).click();
    await expect(panel.getByText(/Support is with you/)).toBeVisible();
    expect(await blockingViolations(staff), 'the Chats page with a chat open').toEqual([]);

    // The customer types: the console shows it; the message arrives live.
    const message = panel.getByRole('textbox', { name: 'Message' });
    await message.pressSequentially('The number is');
    await expect(chat.getByText('Customer is typing…')).toBeVisible();
    await message.pressSequentially(' <b>+1 555 0100</b>');
    await message.press('Enter');
    const staffLog = chat.getByRole('log', { name: 'Conversation' });
    await expect(staffLog).toContainText('The number is <b>+1 555 0100</b>');

    // The staffer types and answers: the panel shows both, live.
    const answer = chat.getByRole('textbox', { name: 'Your answer' });
    await answer.pressSequentially('Thanks,');
    await expect(panel.getByText('Support is typing…')).toBeVisible();
    await answer.pressSequentially(' we are checking the IVR now.');
    await chat.getByRole('button', { name: 'Send answer' }).click();
    await expect(customerLog).toContainText('Thanks, we are checking the IVR now.');
    expect(await blockingViolations(customer), 'the chat panel on a phone').toEqual([]);
    await expect(panel.getByText('Support is typing…')).toHaveCount(0);

    await panel.getByRole('button', { name: 'End chat' }).click();
    await expect(panel.getByText('This chat has ended. It stays here to read.')).toBeVisible();

    // The staffer leaves: the panel says no one is online, live.
    await staff.close();
    const left = await request.delete('/api/support/staff/chats/presence', { headers: bearer(staffBearer) });
    expect(left.status()).toBe(204);
    await expect(panel.getByText(/No one from support is online right now\./)).toBeVisible();
    await expect(panel.getByText(/we answer tickets within 8 h\./)).toBeVisible();

    // A new conversation becomes a ticket, with its link and first-response time.
    await panel.getByRole('button', { name: 'Start a new chat' }).click();
    await panel.getByRole('textbox', { name: 'Your message' }).fill('Can we add Spanish to the IVR menu?');
    await panel.getByRole('button', { name: 'Start chat' }).click();
    await expect(panel.getByText('This conversation is now a support ticket.')).toBeVisible();
    await expect(panel.getByText(/^Response due in (7 h 59 min|8 h)$/)).toBeVisible();
    await panel.getByRole('link', { name: 'View the ticket' }).click();
    await expect(customer).toHaveURL(/\/dashboard\/support\/[0-9a-f-]{36}$/);
    await expect(
      customer.getByRole('heading', { name: 'Live chat: Can we add Spanish to the IVR menu?' }),
    ).toBeVisible();
    await expect(customer.getByText(/Customer: Can we add Spanish to the IVR menu\?/)).toBeVisible();

    // Later: the first chat is still there to read.
    await customer.reload();
    await customer.getByRole('button', { name: 'Chat with support' }).click();
    await panel.getByRole('button', { name: /^Past chats/ }).click();
    await panel.getByRole('button', { name: /Our IVR drops calls after the greeting\./ }).click();
    await expect(customerLog).toContainText('The number is <b>+1 555 0100</b>');
    await expect(customerLog).toContainText('Thanks, we are checking the IVR now.');
    await expect(customer.locator('b')).toHaveCount(0);
  });

  test("another organization's member cannot read or write the chat", async ({ request }) => {
    const [ann, bob] = await Promise.all([signUp(request, 'Ann Lee'), signUp(request, 'Bob Stone')]);
    const chat = await ok<{ id: string }>(
      'start',
      request.post('/api/support/chats', { headers: bearer(ann), data: { message: 'Only Ann reads this' } }),
    );
    const read = await request.get(`/api/support/chats/${chat.id}`, { headers: bearer(bob) });
    expect(read.status()).toBe(404);
    const write = await request.post(`/api/support/chats/${chat.id}/messages`, {
      headers: bearer(bob),
      data: { message: 'Bob was here' },
    });
    expect(write.status()).toBe(404);
    const list = await ok<{ chats: { id: string }[] }>(
      'list',
      request.get('/api/support/chats', { headers: bearer(bob) }),
    );
    expect(list.chats.map(({ id }) => id)).not.toContain(chat.id);
    expect((await request.get('/api/support/staff/chats', { headers: bearer(ann) })).status()).toBe(403);
    expect((await request.get('/api/support/staff/chats')).status()).toBe(401);
  });
});
