import { randomUUID } from 'node:crypto';
import {
  conversationMessages,
  customerTicketPageSchema,
  customerTicketSchema,
  replyResponseSchema,
  slaLine,
  staffReplyResponseSchema,
  staffTicketDetailSchema,
  subjects,
  ticketMessages,
  ticketMessagesResponseSchema,
  ticketSchema,
  unreadTicketsResponseSchema,
} from '@portal/contracts';
import { type JsonResponse, request, startForSuite } from '@portal/testing';
import { type Customer, startSupport } from '../test/support-harness';

type Answer = JsonResponse<Record<string, unknown> & { statusCode?: number; message?: string }>;

describe('ticket conversations', () => {
  const stack = startForSuite(startSupport);
  let alice: Customer;
  let aliceTeammate: Customer;
  let bob: Customer;
  let staff: Customer;
  let otherStaff: Customer;

  const call = (method: string, path: string, who?: Customer, body?: unknown): Promise<Answer> =>
    request(stack().service.baseUrl, method, path, { token: who?.token, body });
  const rows = (sql: string, params: unknown[] = []) =>
    stack().service.dataSource.query(sql, params) as Promise<Record<string, unknown>[]>;
  const open = async (who: Customer, title = 'Calls drop after a minute', priority = 'medium') =>
    ticketSchema.parse(
      (
        await call('POST', '/api/support/tickets', who, {
          title,
          description: `${title}, every time since Monday.`,
          priority,
        })
      ).body,
    );
  const ticketPath = (id: string) => `/api/support/tickets/${id}`;
  const staffPath = (id: string) => `/api/support/staff/tickets/${id}`;
  const reply = (who: Customer, id: string, body: string) =>
    call('POST', `${ticketPath(id)}/messages`, who, { body });
  const staffReply = (id: string, body: string, internal = false, who: Customer = staff) =>
    call('POST', `${staffPath(id)}/messages`, who, { body, internal });
  const thread = async (who: Customer, id: string) => {
    const answer = await call('GET', `${ticketPath(id)}/messages`, who);
    expect(answer.status).toBe(200);
    return ticketMessagesResponseSchema.parse(answer.body).messages;
  };
  const detail = async (who: Customer, id: string) => {
    const answer = await call('GET', ticketPath(id), who);
    expect(answer.status).toBe(200);
    return customerTicketSchema.parse(answer.body);
  };
  const eventsOf = async (subject: string, ticketId: string) =>
    rows(`SELECT data FROM outbox WHERE subject = $1 AND data->>'ticketId' = $2 ORDER BY seq`, [
      subject,
      ticketId,
    ]);

  beforeAll(async () => {
    [alice, bob, staff, otherStaff] = await Promise.all([
      stack().signIn(),
      stack().signIn(),
      stack().signIn('admin'),
      stack().signIn('admin'),
    ]);
    aliceTeammate = await stack().signIn('customer', { org: alice.organizationId, orgRole: 'member' });
  });

  it('is a thread oldest first: the description, then both sides with who wrote and when', async () => {
    const ticket = await open(alice, 'IVR greeting cuts off');
    await reply(alice, ticket.id, 'It happens on the Spanish line too.');
    const answered = await staffReply(ticket.id, 'We are looking at the recording now.');
    expect(answered.status).toBe(201);
    await reply(aliceTeammate, ticket.id, 'Thanks, it is still happening.');

    const messages = await thread(alice, ticket.id);
    expect(messages.map(({ author, authorId, body }) => ({ author, authorId, body }))).toEqual([
      { author: 'customer', authorId: alice.id, body: 'IVR greeting cuts off, every time since Monday.' },
      { author: 'customer', authorId: alice.id, body: 'It happens on the Spanish line too.' },
      { author: 'staff', authorId: null, body: 'We are looking at the recording now.' },
      { author: 'customer', authorId: aliceTeammate.id, body: 'Thanks, it is still happening.' },
    ]);
    const times = messages.map((message) => Date.parse(message.createdAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    // The teammate reads the same thread: the ticket is the organization's.
    expect((await thread(aliceTeammate, ticket.id)).map((message) => message.id)).toEqual(
      messages.map((message) => message.id),
    );
  });

  it('never shows an internal note to the customer, in any answer; staff see it marked', async () => {
    const ticket = await open(alice, 'Wallboard shows wrong queue');
    const note = await staffReply(ticket.id, 'INTERNAL: customer is on the legacy cluster', true);
    expect(note.status).toBe(201);
    expect(staffReplyResponseSchema.parse(note.body).message).toMatchObject({
      internal: true,
      authorId: staff.id,
    });
    const customerReply = await reply(alice, ticket.id, 'Any news?');

    const customerAnswers = [
      customerReply.body,
      (await call('GET', `${ticketPath(ticket.id)}/messages`, alice)).body,
      (await call('GET', ticketPath(ticket.id), alice)).body,
      (await call('GET', '/api/support/tickets/page', alice)).body,
      (await call('GET', '/api/support/tickets', alice)).body,
    ];
    for (const body of customerAnswers) expect(JSON.stringify(body)).not.toContain('INTERNAL');
    // A note is no answer: no unread marker, no event, the first-response clock runs on.
    expect((await detail(alice, ticket.id)).unread).toBe(false);
    expect((await detail(alice, ticket.id)).sla.firstResponse.metAt).toBeNull();
    expect(await eventsOf(subjects.ticketReplied, ticket.id)).toHaveLength(1);

    const staffView = staffTicketDetailSchema.parse((await call('GET', staffPath(ticket.id), staff)).body);
    expect(staffView.messages.map(({ body, internal }) => ({ body, internal }))).toEqual([
      { body: 'Wallboard shows wrong queue, every time since Monday.', internal: false },
      { body: 'INTERNAL: customer is on the legacy cluster', internal: true },
      { body: 'Any news?', internal: false },
    ]);
  });

  it("answers another organization's ticket exactly as an unknown one, on every route", async () => {
    const ticket = await open(alice, 'Recording storage full');
    const routes: [string, string, unknown?][] = [
      ['GET', ticketPath(ticket.id)],
      ['GET', `${ticketPath(ticket.id)}/messages`],
      ['POST', `${ticketPath(ticket.id)}/messages`, { body: 'Mine now' }],
      ['POST', `${ticketPath(ticket.id)}/close`],
      ['POST', `${ticketPath(ticket.id)}/reopen`],
      ['POST', `${ticketPath(ticket.id)}/read`],
    ];
    for (const [method, path, body] of routes) {
      const theirs = await call(method, path, bob, body);
      const unknown = await call(method, path.replace(ticket.id, randomUUID()), bob, body);
      expect({ path, status: theirs.status, body: theirs.body }).toEqual({
        path,
        status: 404,
        body: unknown.body,
      });
      expect(theirs.body).toMatchObject({ message: ticketMessages.ticketNotFound });
    }
    expect(await thread(alice, ticket.id)).toHaveLength(1);
    expect((await detail(alice, ticket.id)).status).toBe('open');
  });

  it('keeps customers out of every staff route (403) and everyone signed out (401)', async () => {
    const ticket = await open(alice, 'Caller id wrong');
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/support/staff/tickets'],
      ['GET', staffPath(ticket.id)],
      ['POST', `${staffPath(ticket.id)}/messages`, { body: 'Sneaky', internal: true }],
      ['PATCH', staffPath(ticket.id), { status: 'closed' }],
      ['GET', '/api/support/staff/open-tickets'],
    ];
    for (const [method, path, body] of routes) {
      expect({ path, status: (await call(method, path, alice, body)).status }).toEqual({ path, status: 403 });
      expect({ path, status: (await call(method, path, undefined, body)).status }).toEqual({
        path,
        status: 401,
      });
    }
    expect(await thread(alice, ticket.id)).toHaveLength(1);
  });

  it('lands two staff replies sent at once, both, in the order they were written', async () => {
    const ticket = await open(alice, 'Transfers fail');
    const answers = await Promise.all([
      staffReply(ticket.id, 'First agent here.', false, staff),
      staffReply(ticket.id, 'Second agent here.', false, otherStaff),
      reply(alice, ticket.id, 'Meanwhile, more detail.'),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);

    const stored = await rows(
      'SELECT body, created_at, position FROM ticket_messages WHERE ticket_id = $1 ORDER BY position',
      [ticket.id],
    );
    expect(stored).toHaveLength(4);
    expect(new Set(stored.map((row) => row.body))).toEqual(
      new Set([
        'Transfers fail, every time since Monday.',
        'First agent here.',
        'Second agent here.',
        'Meanwhile, more detail.',
      ]),
    );
    const times = stored.map((row) => (row.created_at as Date).getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect((await thread(alice, ticket.id)).map((message) => message.body)).toEqual(
      stored.map((row) => row.body),
    );
    expect(await eventsOf(subjects.ticketReplied, ticket.id)).toHaveLength(3);
  });

  it('marks a staff reply unread for each member until they read it, on the ticket, the page and the tab', async () => {
    const carol = await stack().signIn();
    const ticket = await open(carol, 'Voicemail to email broken');
    const unread = async () =>
      unreadTicketsResponseSchema.parse((await call('GET', '/api/support/tickets/unread', carol)).body)
        .unread;
    expect(await unread()).toBe(0);
    expect((await detail(carol, ticket.id)).unread).toBe(false);

    await staffReply(ticket.id, 'Fixed on our side, please check.');
    expect(await unread()).toBe(1);
    expect((await detail(carol, ticket.id)).unread).toBe(true);
    const page = customerTicketPageSchema.parse((await call('GET', '/api/support/tickets/page', carol)).body);
    expect(page.tickets.find((row) => row.id === ticket.id)?.unread).toBe(true);

    expect((await call('POST', `${ticketPath(ticket.id)}/read`, carol)).status).toBe(204);
    expect(await unread()).toBe(0);
    expect((await detail(carol, ticket.id)).unread).toBe(false);

    await staffReply(ticket.id, 'One more thing.');
    expect(await unread()).toBe(1);
    // Replying reads the thread.
    await reply(carol, ticket.id, 'Works now, thanks!');
    expect(await unread()).toBe(0);
  });

  it('stops the first-response clock at the first staff answer: "Answered in …"', async () => {
    const ticket = await open(alice, 'Urgent outage', 'urgent');
    const before = await detail(alice, ticket.id);
    expect(before.sla.firstResponse).toMatchObject({ targetMinutes: 120, metAt: null, state: 'pending' });
    expect(Date.parse(before.sla.firstResponse.dueAt) - Date.parse(before.createdAt)).toBe(120 * 60_000);
    expect(
      slaLine(
        before.createdAt,
        before.sla.firstResponse,
        new Date(Date.parse(before.createdAt) + 40 * 60_000),
      ),
    ).toBe('Response due in 1 h 20 min');

    await staffReply(ticket.id, 'On it.');
    const after = await detail(alice, ticket.id);
    expect(after.sla.firstResponse.state).toBe('met');
    expect(after.sla.firstResponse.metAt).not.toBeNull();
    expect(slaLine(after.createdAt, after.sla.firstResponse)).toMatch(/^Answered in /);
    const [replied] = await eventsOf(subjects.ticketReplied, ticket.id);
    expect(replied.data).toMatchObject({ author: 'staff', authorId: staff.id, status: 'open' });
  });

  describe('closing and reopening', () => {
    it('closes, reopens within 14 days, and raises the events with who did it', async () => {
      const ticket = await open(alice, 'Close me');
      const closed = await call('POST', `${ticketPath(ticket.id)}/close`, alice);
      expect(closed.status).toBe(200);
      const view = customerTicketSchema.parse(closed.body);
      expect(view.status).toBe('closed');
      expect(Date.parse(view.reopenableUntil!) - Date.parse(view.closedAt!)).toBe(14 * 24 * 60 * 60_000);
      // Closing again changes nothing.
      expect((await call('POST', `${ticketPath(ticket.id)}/close`, alice)).status).toBe(200);
      expect(await eventsOf(subjects.ticketClosed, ticket.id)).toHaveLength(1);

      const reopened = await call('POST', `${ticketPath(ticket.id)}/reopen`, aliceTeammate);
      expect(customerTicketSchema.parse(reopened.body)).toMatchObject({
        status: 'open',
        closedAt: null,
        reopenableUntil: null,
      });
      const [event] = await eventsOf(subjects.ticketReopened, ticket.id);
      expect(event.data).toMatchObject({
        by: 'customer',
        status: 'open',
        ticketId: ticket.id,
        organizationId: alice.organizationId,
      });

      expect(await call('POST', `${ticketPath(ticket.id)}/reopen`, alice)).toMatchObject({
        status: 409,
        body: { message: conversationMessages.reopenNotClosed },
      });
    });

    it('reopens a closed ticket with a reply within 14 days, and refuses both after', async () => {
      const ticket = await open(alice, 'Reply reopens');
      await call('POST', `${ticketPath(ticket.id)}/close`, alice);
      const answered = replyResponseSchema.parse((await reply(alice, ticket.id, 'Sorry, it is back.')).body);
      expect(answered.ticket.status).toBe('open');
      const reopenings = await eventsOf(subjects.ticketReopened, ticket.id);
      expect(reopenings.map((event) => event.data)).toMatchObject([{ by: 'customer', status: 'open' }]);

      await call('POST', `${ticketPath(ticket.id)}/close`, alice);
      await rows(`UPDATE tickets SET closed_at = now() - interval '15 days' WHERE id = $1`, [ticket.id]);
      for (const answer of [
        await reply(alice, ticket.id, 'Still there?'),
        await call('POST', `${ticketPath(ticket.id)}/reopen`, alice),
      ]) {
        expect(answer).toMatchObject({ status: 409, body: { message: conversationMessages.reopenTooLate } });
      }
      expect((await detail(alice, ticket.id)).status).toBe('closed');
      expect((await thread(alice, ticket.id)).map((message) => message.body)).not.toContain('Still there?');
    });

    it('refuses a staff reply to a closed ticket until staff reopen it', async () => {
      const ticket = await open(alice, 'Staff reopen');
      await call('POST', `${ticketPath(ticket.id)}/close`, alice);
      expect(await staffReply(ticket.id, 'Late answer')).toMatchObject({
        status: 409,
        body: { message: conversationMessages.staffReplyToClosed },
      });
      expect((await call('PATCH', staffPath(ticket.id), staff, { status: 'open' })).status).toBe(200);
      expect((await staffReply(ticket.id, 'Late answer')).status).toBe(201);
      const [event] = await eventsOf(subjects.ticketReopened, ticket.id);
      expect(event.data).toMatchObject({ by: 'staff', status: 'open' });
    });
  });

  it('refuses a blank reply, one too long, unknown fields and too many attachments with a 400', async () => {
    const ticket = await open(alice, 'Validation');
    for (const body of [
      {},
      { body: '   ' },
      { body: 'x'.repeat(5001) },
      { body: 'ok', internal: true },
      { body: 'ok', attachmentIds: Array.from({ length: 6 }, () => randomUUID()) },
      { body: 'ok', attachmentIds: [randomUUID()] },
    ]) {
      const answer = await call('POST', `${ticketPath(ticket.id)}/messages`, alice, body);
      expect({ body, status: answer.status }).toEqual({ body, status: 400 });
    }
    expect(await thread(alice, ticket.id)).toHaveLength(1);
  });

  it('pages the ticket list newest first with a cursor, and refuses a bad one', async () => {
    const dave = await stack().signIn();
    const opened = [];
    for (let n = 0; n < 5; n += 1) opened.push((await open(dave, `Paged ${n}`)).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
      const page = customerTicketPageSchema.parse(
        (await call('GET', `/api/support/tickets/page${query}`, dave)).body,
      );
      expect(page.tickets.length).toBeLessThanOrEqual(2);
      seen.push(...page.tickets.map((row) => row.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...opened].reverse());
    for (const query of ['?cursor=nope', '?limit=0', '?limit=101', '?status=archived', '?offset=1']) {
      expect((await call('GET', `/api/support/tickets/page${query}`, dave)).status).toBe(400);
    }
  });
});
