import { randomUUID } from 'node:crypto';
import type { EventData, MailRequestedData, TicketPriority } from '@portal/contracts';
import { request, startOnTestEventSpace, waitFor } from '@portal/testing';
import { mailsTo, type RegisteredCustomer, signInStaff } from '../test/account-helpers';
import { startIdentity } from '../test/identity-harness';
import { addMember, signUpOwner, type TeamOwner } from '../test/team-helpers';

jest.setTimeout(60_000);

const site = 'https://portal.example.com';

describe('ticket emails: identity reads portal.tickets.* and asks for the mails', () => {
  let stack: Awaited<ReturnType<typeof startWithEvents>>;
  const startWithEvents = () =>
    startOnTestEventSpace('identity', (ticketEvents) => startIdentity({ seed: false, ticketEvents }));
  const harness = () => stack.identity;
  let agent: RegisteredCustomer;
  let lead: RegisteredCustomer;
  let billingStaff: RegisteredCustomer;

  beforeAll(async () => {
    stack = await startWithEvents();
    [agent, lead, billingStaff] = [
      await signInStaff(harness(), 'admin', 'Ada Agent'),
      await signInStaff(harness(), 'super_admin', 'Lee Lead'),
      await signInStaff(harness(), 'billing', 'Bill Ing'),
    ];
  });
  afterAll(() => stack?.close());

  const ticketOf = (owner: TeamOwner, title = `Calls drop ${randomUUID().slice(0, 6)}`) => ({
    ticketId: randomUUID(),
    customerId: owner.id,
    organizationId: owner.organizationId,
    title,
  });
  const now = () => new Date().toISOString();
  const replied = (
    ticket: ReturnType<typeof ticketOf>,
    author: 'staff' | 'customer',
  ): EventData<'ticketReplied'> => ({
    ...ticket,
    messageId: randomUUID(),
    author,
    authorId: author === 'staff' ? agent.id : ticket.customerId,
    status: 'in_progress',
    repliedAt: now(),
  });
  /** The mails of this ticket asked for to `email`, once `count` of them are there (then a beat for any extra). */
  const ticketMails = async (email: string, title: string, count: number): Promise<MailRequestedData[]> => {
    const of = async () =>
      (await mailsTo(harness(), email)).filter(
        (mail) => 'ticketTitle' in mail.content && mail.content.ticketTitle === title,
      );
    await waitFor(
      async () => (await of()).length >= count,
      `${count} mails of "${title}" to ${email}`,
      20_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    return of();
  };
  /** Every ticket email asked for to `email` (sign-up also mails a verification link). */
  const ticketMailsTo = async (email: string) =>
    (await mailsTo(harness(), email)).filter((mail) => mail.content.template.startsWith('ticket-'));
  /** Waits until identity recorded the event as processed (so "no mail" is a real answer). */
  const processed = (eventId: string) =>
    waitFor(
      async () =>
        (
          (await harness().dataSource.query('SELECT 1 FROM processed_events WHERE event_id = $1', [
            eventId,
          ])) as unknown[]
        ).length > 0,
      `event ${eventId} processed`,
      20_000,
    );

  it("mails the customer on a staff reply and on staff's status changes, each linking to the ticket", async () => {
    const owner = await signUpOwner(harness(), 'Cara Customer');
    const ticket = ticketOf(owner);
    await stack.events.publish('ticketReplied', replied(ticket, 'staff'));
    await stack.events.publish('ticketUpdated', {
      ...ticket,
      status: 'resolved',
      priority: 'high',
      assigneeId: agent.id,
      changed: ['status'],
      updatedAt: now(),
    });
    await stack.events.publish('ticketClosed', { ...ticket, by: 'staff', closedAt: now() });
    await stack.events.publish('ticketReopened', {
      ...ticket,
      by: 'staff',
      status: 'in_progress',
      reopenedAt: now(),
    });

    const mails = await ticketMails(owner.email, ticket.title, 4);
    const link = `${site}/dashboard/support/${ticket.ticketId}`;
    expect(mails.map((mail) => mail.content)).toEqual([
      { template: 'ticket-staff-reply', name: 'Cara Customer', ticketTitle: ticket.title, link },
      {
        template: 'ticket-status-changed',
        name: 'Cara Customer',
        ticketTitle: ticket.title,
        status: 'resolved',
        link,
      },
      {
        template: 'ticket-status-changed',
        name: 'Cara Customer',
        ticketTitle: ticket.title,
        status: 'closed',
        link,
      },
      {
        template: 'ticket-status-changed',
        name: 'Cara Customer',
        ticketTitle: ticket.title,
        status: 'in_progress',
        link,
      },
    ]);
  });

  it("does not mail the customer about their own actions, or about staff's priority or assignee changes", async () => {
    const owner = await signUpOwner(harness(), 'Dan Doer');
    const ticket = ticketOf(owner);
    const events = [
      await stack.events.publish('ticketReplied', replied(ticket, 'customer')),
      await stack.events.publish('ticketClosed', { ...ticket, by: 'customer', closedAt: now() }),
      await stack.events.publish('ticketReopened', {
        ...ticket,
        by: 'customer',
        status: 'open',
        reopenedAt: now(),
      }),
      await stack.events.publish('ticketUpdated', {
        ...ticket,
        status: 'open',
        priority: 'urgent',
        assigneeId: agent.id,
        changed: ['priority', 'assignee'],
        updatedAt: now(),
      }),
    ];
    for (const event of events) await processed(event.id);
    expect(await ticketMailsTo(owner.email)).toEqual([]);
  });

  it('mails nobody who turned ticket emails off, and no customer who left the organization', async () => {
    const owner = await signUpOwner(harness(), 'Eve Off');
    const put = await request(harness().baseUrl, 'PUT', '/api/account/notifications', {
      token: owner.token,
      body: { ticketEmails: false },
    });
    expect(put.status).toBe(200);
    const member = await addMember(harness(), owner.token, 'member', 'Fay Former');
    const memberTicket = { ...ticketOf(owner), customerId: member.id };
    await request(harness().baseUrl, 'DELETE', `/api/team/members/${member.id}`, { token: owner.token });

    const events = [
      await stack.events.publish('ticketReplied', replied(ticketOf(owner), 'staff')),
      await stack.events.publish('ticketReplied', replied(memberTicket, 'staff')),
    ];
    for (const event of events) await processed(event.id);
    expect(await ticketMailsTo(owner.email)).toEqual([]);
    expect(await ticketMailsTo(member.email)).toEqual([]);

    // Turned back on, the next reply is mailed.
    await request(harness().baseUrl, 'PUT', '/api/account/notifications', {
      token: owner.token,
      body: { ticketEmails: true },
    });
    const again = ticketOf(owner);
    await stack.events.publish('ticketReplied', replied(again, 'staff'));
    expect(await ticketMails(owner.email, again.title, 1)).toHaveLength(1);
  });

  it('mails the staff who handle tickets on a new ticket and on a breach warning, linking to the console', async () => {
    const owner = await signUpOwner(harness(), 'Gus Asker');
    await harness().dataSource.query('UPDATE organizations SET name = $2 WHERE id = $1', [
      owner.organizationId,
      'Analytical Engines',
    ]);
    const ticket = ticketOf(owner);
    const priority: TicketPriority = 'urgent';
    await stack.events.publish('ticketCreated', {
      ...ticket,
      priority,
      status: 'open',
      createdAt: now(),
    });
    const dueAt = new Date(Date.now() + 30 * 60_000).toISOString();
    await stack.events.publish('ticketBreaching', {
      ...ticket,
      priority,
      target: 'first_response',
      dueAt,
      warnedAt: now(),
    });
    const link = `${site}/staff?ticket=${ticket.ticketId}`;
    for (const staff of [agent, lead]) {
      const mails = await ticketMails(staff.email, ticket.title, 2);
      expect(mails.map((mail) => mail.content)).toEqual([
        {
          template: 'ticket-created-staff',
          name: staff.name,
          ticketTitle: ticket.title,
          priority,
          organizationName: 'Analytical Engines',
          link,
        },
        {
          template: 'ticket-breach-warning',
          name: staff.name,
          ticketTitle: ticket.title,
          priority,
          target: 'first_response',
          dueAt,
          link,
        },
      ]);
    }
    // A ticket of an account this install does not know (deleted, or another stack's) mails nobody.
    const stranger = { ...ticketOf(owner), customerId: randomUUID() };
    const unknown = await stack.events.publish('ticketCreated', {
      ...stranger,
      priority,
      status: 'open',
      createdAt: now(),
    });
    await processed(unknown.id);
    expect(
      (await ticketMailsTo(agent.email)).filter(
        (mail) => 'ticketTitle' in mail.content && mail.content.ticketTitle === stranger.title,
      ),
    ).toEqual([]);
    // Billing staff do not handle tickets; the customer is not told of their own new ticket.
    expect(await ticketMailsTo(billingStaff.email)).toEqual([]);
    expect(await ticketMailsTo(owner.email)).toEqual([]);
  });

  it('mails once per event, however often it is delivered, and never about events a day old', async () => {
    const owner = await signUpOwner(harness(), 'Hal Once');
    const ticket = ticketOf(owner);
    const first = await stack.events.publish('ticketReplied', replied(ticket, 'staff'));
    await stack.events.publish('ticketReplied', first.data as EventData<'ticketReplied'>, first);
    expect(await ticketMails(owner.email, ticket.title, 1)).toHaveLength(1);

    const old = ticketOf(owner);
    const stale = await stack.events.publish('ticketReplied', replied(old, 'staff'), {
      id: randomUUID(),
      type: 'ticket.replied',
      version: 1,
      occurredAt: new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString(),
      data: replied(old, 'staff'),
    });
    await processed(stale.id);
    expect(
      (await ticketMailsTo(owner.email)).filter(
        (mail) => 'ticketTitle' in mail.content && mail.content.ticketTitle === old.title,
      ),
    ).toEqual([]);
  });
});
