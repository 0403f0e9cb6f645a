import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { ok } from '../support/api';
import { CUSTOMER_PASSWORD, uniqueEmail } from '../support/customer';
import { staffAccount } from '../support/staff-account.mjs';

// Issue 19: a ticket is a conversation on the customer's side. The customer reads the thread at
// /dashboard/support/{id}, sees a staff reply arrive on the open page by itself and the unread marker on
// the list and the tab, replies with an attachment (a forbidden type is refused, told from its bytes),
// downloads it, closes and reopens; a help-center article suggested under a new ticket's title that
// "solved it" opens no ticket; another organization's ticket is 'Ticket not found'.

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
// The smallest valid PNG (1×1), and an HTML page named like one.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201c5d8b3a30000000049454e44ae426082',
  'hex',
);
const HTML_AS_PNG = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

interface Member {
  token: string;
}

async function signUp(request: APIRequestContext, name: string): Promise<Member> {
  const { token } = await ok<{ token: string }>(
    'sign-up',
    request.post('/api/auth/register', {
      data: { name, email: uniqueEmail('ticket-thread'), password: CUSTOMER_PASSWORD },
    }),
  );
  return { token };
}

async function openTicket(request: APIRequestContext, member: Member, title: string): Promise<string> {
  const { id } = await ok<{ id: string }>(
    'ticket',
    request.post('/api/support/tickets', {
      headers: bearer(member.token),
      data: {
        title,
        description: 'Inbound calls drop after about 30 seconds on the Dialpad line.',
        priority: 'urgent',
      },
    }),
  );
  return id;
}

async function staffReply(request: APIRequestContext, ticketId: string, body: string) {
  const { token } = await ok<{ token: string }>(
    'staff sign-in',
    request.post('/api/auth/login', { data: { email: staffAccount.email, password: staffAccount.password } }),
  );
  await ok(
    'staff reply',
    request.post(`/api/support/staff/tickets/${ticketId}/messages`, {
      headers: bearer(token),
      data: { body, internal: false },
    }),
  );
}

async function memberPage(browser: Browser, member: Member, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({
    baseURL,
    viewport,
    acceptDownloads: true,
    storageState: {
      cookies: [],
      origins: [{ origin: baseURL, localStorage: [{ name: 'token', value: member.token }] }],
    },
  });
  return context.newPage();
}

test.describe('ticket conversations', () => {
  test('a staff reply shows on the list and the tab, then live on the open ticket; reply with a file, close, reopen', async ({
    browser,
    request,
  }) => {
    const member = await signUp(request, 'Riley Chen');
    const ticketId = await openTicket(request, member, 'Calls drop after 30 seconds');
    await staffReply(request, ticketId, 'We are checking the Dialpad trunk now.');

    const page = await memberPage(browser, member);
    await page.goto('/dashboard/support');
    const list = page.getByRole('list', { name: 'Your support tickets' });
    await expect(
      list.getByRole('listitem', { name: 'Calls drop after 30 seconds, new reply' }),
    ).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Support (1 with a new reply)' })).toBeVisible();

    await list.getByRole('link', { name: 'Calls drop after 30 seconds' }).click();
    await expect(page).toHaveURL(`/dashboard/support/${ticketId}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Calls drop after 30 seconds' })).toBeVisible();
    const thread = page.getByRole('list', { name: 'Conversation' });
    await expect(thread.getByRole('listitem')).toHaveCount(2);
    await expect(thread.getByRole('listitem').nth(0)).toHaveAccessibleName(/^You, /);
    await expect(thread.getByRole('listitem').nth(1)).toHaveAccessibleName(/^Support, /);
    await expect(page.getByTestId('sla-line')).toHaveText(/^Answered in (less than a minute|\d+ min)$/);
    // Read: the tab's count is gone.
    await expect(page.getByRole('tab', { name: 'Support', exact: true })).toBeVisible();

    // A staff reply reaches the open page by itself.
    await staffReply(request, ticketId, 'The trunk is fixed: please try a call.');
    await expect(thread.getByText('The trunk is fixed: please try a call.')).toBeVisible({ timeout: 5000 });

    // A page named .png is refused from its bytes; a real PNG goes with the reply and downloads.
    const form = page.getByRole('form', { name: 'Reply' });
    await page
      .getByTestId('attachment-input')
      .setInputFiles({ name: 'page.png', mimeType: 'image/png', buffer: HTML_AS_PNG });
    await expect(form.getByText(/^page\.png: Attach an image/)).toBeVisible();
    await form.getByRole('button', { name: 'Remove page.png' }).click();
    await page
      .getByTestId('attachment-input')
      .setInputFiles({ name: 'call-graph.png', mimeType: 'image/png', buffer: PNG });
    await expect(form.getByText(`call-graph.png (${PNG.length} B)`)).toBeVisible();
    await form.getByRole('textbox', { name: 'Your reply' }).fill('Works again, thank you. Graph attached.');
    await form.getByRole('button', { name: 'Send reply' }).click();
    const mine = thread.getByRole('listitem').filter({ hasText: 'Works again, thank you.' });
    await expect(mine).toBeVisible();
    const download = page.waitForEvent('download');
    await mine.getByRole('button', { name: /^Download call-graph\.png/ }).click();
    expect((await download).suggestedFilename()).toBe('call-graph.png');

    await page.getByRole('button', { name: 'Close ticket' }).click();
    await expect(page.getByRole('button', { name: 'Reopen ticket' })).toBeVisible();
    await expect(page.getByText(/^Replying reopens this ticket \(possible until /)).toBeVisible();
    await page.getByRole('button', { name: 'Reopen ticket' }).click();
    await expect(page.getByRole('button', { name: 'Close ticket' })).toBeVisible();

    // Back to the list by the tab.
    await page.getByRole('tab', { name: 'Support', exact: true }).click();
    await expect(page).toHaveURL('/dashboard/support');
    await expect(list.getByRole('listitem', { name: 'Calls drop after 30 seconds' })).toBeVisible();
    await page.context().close();
  });

  test("a suggested article that solved it opens no ticket; another organization's ticket is not found", async ({
    browser,
    request,
  }) => {
    const member = await signUp(request, 'Sam Ortiz');
    const other = await signUp(request, 'Pat Kim');
    const othersTicket = await openTicket(request, other, 'Private to Pat');

    const page = await memberPage(browser, member, { width: 390, height: 844 });
    await page.goto('/dashboard/support');
    await page.getByRole('button', { name: 'New Ticket' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Ticket' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Invoice payment failed');
    const suggestions = dialog.getByRole('region', { name: 'These articles may answer it' });
    await suggestions.getByRole('button', { name: 'Which payment methods do you accept?' }).click();
    await suggestions.getByRole('button', { name: 'This solved it' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('No support tickets')).toBeVisible();
    const tickets = await ok<unknown[]>(
      'tickets',
      request.get('/api/support/tickets', { headers: bearer(member.token) }),
    );
    expect(tickets).toHaveLength(0);

    await page.goto(`/dashboard/support/${othersTicket}`);
    await expect(page.getByRole('heading', { name: 'Ticket not found' })).toBeVisible();
    await expect(page.getByText('Private to Pat')).toHaveCount(0);
    await page.context().close();
  });
});
