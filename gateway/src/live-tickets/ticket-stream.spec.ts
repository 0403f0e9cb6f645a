import { MembershipVersions, SessionRevocations } from '@portal/auth';
import {
  createEventEnvelope,
  customerTicketEventSchema,
  type EventData,
  eventTypes,
  staffTicketEventSchema,
  ticketStreamMessages,
} from '@portal/contracts';
import type { SignedInUser } from '@portal/testing';
import { EventStream } from '../testing/event-stream';
import { expectOutsidersRefused, liveStreamSuite, waitUntil } from '../testing/live-stream-suite';
import { TicketFeed } from './ticket-feed';

type TicketEventName =
  'ticketCreated' | 'ticketReplied' | 'ticketClosed' | 'ticketReopened' | 'ticketUpdated' | 'ticketBreaching';

const CUSTOMER = '/api/support/stream';
const STAFF = '/api/support/staff/stream';

describe('live ticket streams: GET /api/support/stream and GET /api/support/staff/stream', () => {
  const suite = liveStreamSuite('gateway-live-tickets');

  const openStreams = () => suite.gateway.app.get(TicketFeed).openStreams();

  /** support's event on this test's subjects, as its outbox relay publishes it. */
  function publish<N extends TicketEventName>(name: N, data: EventData<N>) {
    const subject = `${suite.prefix}.tickets.${eventTypes[name].split('.')[1]}`;
    suite.nats.publish(subject, JSON.stringify(createEventEnvelope(eventTypes[name], data)));
    return data;
  }

  const ticketOf = (who: SignedInUser) => ({
    ticketId: crypto.randomUUID(),
    customerId: who.id,
    organizationId: who.organizationId,
    title: 'Calls drop after 30 seconds',
  });
  const reply = (ticket: ReturnType<typeof ticketOf>, author: 'customer' | 'staff') =>
    publish('ticketReplied', {
      ...ticket,
      messageId: crypto.randomUUID(),
      author,
      authorId: crypto.randomUUID(),
      status: author === 'staff' ? 'in_progress' : 'open',
      repliedAt: new Date().toISOString(),
    });
  const dataOf = (block: string | null) => JSON.parse(block!.split('\ndata: ')[1]);

  async function open(token: string, path: string) {
    const { response, stream } = await EventStream.open(suite.gateway.url, token, path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(await stream!.next()).toBe('retry: 3000\nevent: ready\ndata: {}');
    return stream!;
  }

  it("streams a staff reply to the open ticket page of the ticket's organization within moments, and to no other", async () => {
    const [ann, bob] = await Promise.all([
      suite.identity.signIn('customer'),
      suite.identity.signIn('customer'),
    ]);
    const colleague = await suite.identity.signIn('customer', { org: ann.organizationId, orgRole: 'member' });
    const ticket = ticketOf(ann);
    const other = ticketOf(ann);
    const page = await open(ann.token, `${CUSTOMER}?ticketId=${ticket.ticketId}`);
    const list = await open(colleague.token, CUSTOMER);
    const outsider = await open(bob.token, `${CUSTOMER}?ticketId=${ticket.ticketId}`);
    try {
      await waitUntil(() => openStreams() === 3);
      reply(other, 'staff'); // another ticket of the organization: not the page's
      const started = performance.now();
      const staffReply = reply(ticket, 'staff');
      const event = customerTicketEventSchema.parse(dataOf(await page.next()));
      expect(performance.now() - started).toBeLessThan(500);
      expect(event).toEqual({
        ticketId: ticket.ticketId,
        change: 'replied',
        by: 'staff',
        status: 'in_progress',
        messageId: staffReply.messageId,
        at: staffReply.repliedAt,
      });
      // The list (no ticketId) gets both tickets' replies; the page only its own.
      expect(dataOf(await list.next()).ticketId).toBe(other.ticketId);
      expect(dataOf(await list.next()).ticketId).toBe(ticket.ticketId);
      // Another organization's member never hears of it, even naming the ticket.
      await expect(outsider.next(300)).rejects.toThrow('no event in time');
    } finally {
      for (const stream of [page, list, outsider]) stream.close();
    }
    await waitUntil(() => openStreams() === 0);
  });

  it('tells a customer of closing, reopening and status or priority changes, but not an assignment, a new ticket or an SLA warning', async () => {
    const cal = await suite.identity.signIn('customer');
    const ticket = ticketOf(cal);
    const page = await open(cal.token, `${CUSTOMER}?ticketId=${ticket.ticketId}`);
    try {
      await waitUntil(() => openStreams() === 1);
      const at = new Date().toISOString();
      publish('ticketCreated', { ...ticket, priority: 'high', status: 'open', createdAt: at });
      publish('ticketBreaching', {
        ...ticket,
        priority: 'high',
        target: 'first_response',
        dueAt: at,
        warnedAt: at,
      });
      const assignment = {
        ...ticket,
        status: 'open',
        priority: 'high',
        assigneeId: crypto.randomUUID(),
      } as const;
      publish('ticketUpdated', { ...assignment, changed: ['assignee'], updatedAt: at });
      publish('ticketUpdated', {
        ...assignment,
        status: 'in_progress',
        changed: ['status', 'assignee'],
        updatedAt: at,
      });
      publish('ticketClosed', { ...ticket, by: 'staff', closedAt: at });
      publish('ticketReopened', { ...ticket, by: 'customer', status: 'open', reopenedAt: at });
      const seen = [];
      for (let index = 0; index < 3; index += 1) seen.push(dataOf(await page.next()));
      expect(seen).toEqual([
        { ticketId: ticket.ticketId, change: 'updated', by: 'staff', status: 'in_progress', at },
        { ticketId: ticket.ticketId, change: 'closed', by: 'staff', status: 'closed', at },
        { ticketId: ticket.ticketId, change: 'reopened', by: 'customer', status: 'open', at },
      ]);
      // Never the assignee.
      expect(JSON.stringify(seen)).not.toContain(assignment.assigneeId);
      await expect(page.next(300)).rejects.toThrow('no event in time');
    } finally {
      page.close();
    }
  });

  it('shows a reopened ticket in the status it was reopened to, and as open when the event carries none', async () => {
    const [staff, ida] = await Promise.all([
      suite.identity.signIn('admin'),
      suite.identity.signIn('customer'),
    ]);
    const ticket = ticketOf(ida);
    const page = await open(ida.token, `${CUSTOMER}?ticketId=${ticket.ticketId}`);
    const queue = await open(staff.token, STAFF);
    try {
      await waitUntil(() => openStreams() === 2);
      const at = new Date().toISOString();
      // Staff moved the closed ticket straight to in progress.
      publish('ticketReopened', { ...ticket, by: 'staff', status: 'in_progress', reopenedAt: at });
      // An event queued before reopened events carried the status.
      suite.nats.publish(
        `${suite.prefix}.tickets.reopened`,
        JSON.stringify(
          createEventEnvelope(eventTypes.ticketReopened, { ...ticket, by: 'customer', reopenedAt: at }),
        ),
      );
      const reopened = { ticketId: ticket.ticketId, change: 'reopened', at } as const;
      expect([dataOf(await page.next()), dataOf(await page.next())]).toEqual([
        { ...reopened, by: 'staff', status: 'in_progress' },
        { ...reopened, by: 'customer', status: 'open' },
      ]);
      const staffSees = {
        ...reopened,
        organizationId: ida.organizationId,
        title: ticket.title,
        priority: null,
      };
      expect([
        staffTicketEventSchema.parse(dataOf(await queue.next())),
        staffTicketEventSchema.parse(dataOf(await queue.next())),
      ]).toEqual([
        { ...staffSees, by: 'staff', status: 'in_progress' },
        { ...staffSees, by: 'customer', status: 'open' },
      ]);
    } finally {
      page.close();
      queue.close();
    }
  });

  it("streams every organization's ticket activity to staff, new tickets and SLA warnings included", async () => {
    const [staff, dee, eve] = await Promise.all([
      suite.identity.signIn('admin'),
      suite.identity.signIn('customer'),
      suite.identity.signIn('customer'),
    ]);
    const queue = await open(staff.token, STAFF);
    try {
      await waitUntil(() => openStreams() === 1);
      const at = new Date().toISOString();
      const first = ticketOf(dee);
      const second = ticketOf(eve);
      publish('ticketCreated', { ...first, priority: 'urgent', status: 'open', createdAt: at });
      const customerReply = reply(second, 'customer');
      publish('ticketBreaching', {
        ...first,
        priority: 'urgent',
        target: 'first_response',
        dueAt: at,
        warnedAt: at,
      });
      const events = [];
      for (let index = 0; index < 3; index += 1)
        events.push(staffTicketEventSchema.parse(dataOf(await queue.next())));
      expect(events).toEqual([
        {
          ticketId: first.ticketId,
          change: 'created',
          by: 'customer',
          organizationId: dee.organizationId,
          title: first.title,
          status: 'open',
          priority: 'urgent',
          at,
        },
        {
          ticketId: second.ticketId,
          change: 'replied',
          by: 'customer',
          organizationId: eve.organizationId,
          title: second.title,
          status: 'open',
          priority: null,
          messageId: customerReply.messageId,
          at: customerReply.repliedAt,
        },
        {
          ticketId: first.ticketId,
          change: 'breaching',
          by: 'staff',
          organizationId: dee.organizationId,
          title: first.title,
          status: null,
          priority: 'urgent',
          at,
        },
      ]);
    } finally {
      queue.close();
    }
  });

  it('ignores a malformed event and keeps streaming', async () => {
    const fay = await suite.identity.signIn('customer');
    const ticket = ticketOf(fay);
    const page = await open(fay.token, CUSTOMER);
    try {
      await waitUntil(() => openStreams() === 1);
      suite.nats.publish(`${suite.prefix}.tickets.replied`, 'not json');
      suite.nats.publish(
        `${suite.prefix}.tickets.replied`,
        JSON.stringify(createEventEnvelope(eventTypes.ticketReplied, { ticketId: ticket.ticketId })),
      );
      reply(ticket, 'staff');
      expect(dataOf(await page.next()).ticketId).toBe(ticket.ticketId);
    } finally {
      page.close();
    }
  });

  it("ends a member's streams when their membership changes or they sign out, and staff's at sign-out", async () => {
    const gus = await suite.identity.signIn('customer', { mv: 2 });
    const staff = await suite.identity.signIn('admin');
    const page = await open(gus.token, CUSTOMER);
    const queue = await open(staff.token, STAFF);
    await waitUntil(() => openStreams() === 2);
    suite.gateway.app.get(MembershipVersions).record({
      organizationId: gus.organizationId!,
      userId: gus.id,
      version: 3,
      changedAt: new Date().toISOString(),
    });
    expect(await page.next()).toBeNull();
    const refused = await EventStream.open(suite.gateway.url, gus.token, CUSTOMER);
    expect(refused.response.status).toBe(401);
    suite.gateway.app.get(SessionRevocations).revoke(staff.sessionId, new Date(Date.now() + 60_000));
    expect(await queue.next()).toBeNull();
    await waitUntil(() => openStreams() === 0);
  });

  it('answers 401 without a token, 403 to the wrong kind of user, 400 to a bad ticketId, and counts towards the per-user share', async () => {
    const { customer } = await expectOutsidersRefused(suite, CUSTOMER, STAFF);

    for (const query of ['?ticketId=nope', '?ticketId=1%20OR%201=1', '?organizationId=x']) {
      const { response } = await EventStream.open(suite.gateway.url, customer.token, `${CUSTOMER}${query}`);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { statusCode: number; message: string };
      expect(body.statusCode).toBe(400);
      if (query.startsWith('?ticketId')) expect(body.message).toBe(ticketStreamMessages.badTicketId);
    }

    // Three streams of any kind (the KPI stream too) fill the share of 3.
    const opened = await Promise.all([
      EventStream.open(suite.gateway.url, customer.token, CUSTOMER),
      EventStream.open(suite.gateway.url, customer.token, CUSTOMER),
      EventStream.open(suite.gateway.url, customer.token, '/api/kpi/stream'),
    ]);
    try {
      expect(opened.map(({ response }) => response.status)).toEqual([200, 200, 200]);
      const refused = await EventStream.open(suite.gateway.url, customer.token, CUSTOMER);
      expect(refused.response.status).toBe(429);
      expect(refused.response.headers.get('retry-after')).toBe('10');
    } finally {
      for (const { stream } of opened) stream?.close();
    }
  });
});
