import { expect, test, type APIRequestContext } from '@playwright/test';
import { ok } from '../support/api';
import { CUSTOMER_PASSWORD, uniqueEmail } from '../support/customer';
import { extractLink, mailsToAddress, mailTo } from '../support/mail';
import { staffAccount } from '../support/staff-account.mjs';

// Issue 19: ticket emails through the whole stack — support raises the ticket events, identity asks
// for the mails, crm's mailer renders and sends them to the stack's mail catcher (maildev), read here.
// The customer hears of a staff reply and of a status change, staff of a new ticket; each mail links to
// the ticket; a customer who turned ticket emails off in settings hears nothing more.

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function signUp(request: APIRequestContext, name: string) {
  const email = uniqueEmail('ticket-mail');
  const { token } = await ok<{ token: string }>(
    'sign-up',
    request.post('/api/auth/register', { data: { name, email, password: CUSTOMER_PASSWORD } }),
  );
  return { email, token };
}

async function staffToken(request: APIRequestContext): Promise<string> {
  const { token } = await ok<{ token: string }>(
    'staff sign-in',
    request.post('/api/auth/login', { data: { email: staffAccount.email, password: staffAccount.password } }),
  );
  return token;
}

const openTicket = (request: APIRequestContext, token: string, title: string) =>
  ok<{ id: string }>(
    'new ticket',
    request.post('/api/support/tickets', {
      headers: bearer(token),
      data: {
        title,
        description: 'Every call to our main line drops after about 30 seconds.',
        priority: 'urgent',
      },
    }),
  );

const staffReply = (request: APIRequestContext, token: string, ticketId: string, body: string) =>
  ok(
    'staff reply',
    request.post(`/api/support/staff/tickets/${ticketId}/messages`, {
      headers: bearer(token),
      data: { body },
    }),
  );

test.describe('ticket emails', () => {
  test.describe.configure({ timeout: 90_000 });

  test("staff hear of a new ticket; the customer of staff's reply and status change, each with the ticket's link", async ({
    request,
  }) => {
    const customer = await signUp(request, 'Robin Mailer');
    const staff = await staffToken(request);
    const title = `Calls drop after 30 seconds ${Date.now()}`;
    const ticket = await openTicket(request, customer.token, title);

    const toStaff = await mailTo(staffAccount.email, { subject: new RegExp(title), timeoutMs: 30_000 });
    expect(toStaff.subject).toMatch(/^New urgent priority ticket from .+: "/);
    expect(toStaff.subject.endsWith(`: "${title}" (Millstone CX)`)).toBe(true);
    const staffLink = new URL(extractLink(toStaff, '/staff?ticket='));
    expect(`${staffLink.pathname}${staffLink.search}`).toBe(`/staff?ticket=${ticket.id}`);

    await staffReply(request, staff, ticket.id, 'Thanks — we are looking at your dialer settings now.');
    const reply = await mailTo(customer.email, {
      subject: /New reply to your Millstone CX ticket/,
      timeoutMs: 30_000,
    });
    expect(reply.subject).toBe(`New reply to your Millstone CX ticket "${title}"`);
    expect(reply.text).toContain('Our support team replied to your ticket');
    expect(new URL(extractLink(reply, '/dashboard/support/')).pathname).toBe(
      `/dashboard/support/${ticket.id}`,
    );
    // The HTML part has the same link as a button.
    expect(reply.html).toContain(`/dashboard/support/${ticket.id}`);

    await ok(
      'resolve',
      request.patch(`/api/support/staff/tickets/${ticket.id}`, {
        headers: bearer(staff),
        data: { status: 'resolved' },
      }),
    );
    const resolved = await mailTo(customer.email, { subject: /is now Resolved/, timeoutMs: 30_000 });
    expect(resolved.subject).toBe(`Your Millstone CX ticket "${title}" is now Resolved`);
    expect(new URL(extractLink(resolved, '/dashboard/support/')).pathname).toBe(
      `/dashboard/support/${ticket.id}`,
    );
  });

  test('a customer who turned ticket emails off gets none; turned on again, the next reply is mailed', async ({
    request,
  }) => {
    const customer = await signUp(request, 'Quinn Quiet');
    const staff = await staffToken(request);
    const title = `Quiet please ${Date.now()}`;
    const ticket = await openTicket(request, customer.token, title);
    expect(
      await ok(
        'ticket emails off',
        request.put('/api/account/notifications', {
          headers: bearer(customer.token),
          data: { ticketEmails: false },
        }),
      ),
    ).toEqual({ ticketEmails: false });

    await staffReply(request, staff, ticket.id, 'A reply the customer is not mailed about.');
    await ok(
      'close',
      request.patch(`/api/support/staff/tickets/${ticket.id}`, {
        headers: bearer(staff),
        data: { status: 'closed' },
      }),
    );
    // Staff's mail of the same ticket went through the same consumer before the reply: give the reply as long again.
    await mailTo(staffAccount.email, { subject: new RegExp(title), timeoutMs: 30_000 });
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect((await mailsToAddress(customer.email)).filter((mail) => mail.subject.includes(title))).toEqual([]);

    await ok(
      'ticket emails on',
      request.put('/api/account/notifications', {
        headers: bearer(customer.token),
        data: { ticketEmails: true },
      }),
    );
    await ok(
      'reopen',
      request.patch(`/api/support/staff/tickets/${ticket.id}`, {
        headers: bearer(staff),
        data: { status: 'open' },
      }),
    );
    const reopened = await mailTo(customer.email, { subject: new RegExp(title), timeoutMs: 30_000 });
    expect(reopened.subject).toBe(`Your Millstone CX ticket "${title}" is now Open`);
  });
});
