import { connect } from '@nats-io/transport-node';
import {
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_MESSAGES_PER_MINUTE,
  CHAT_SIGNAL_SUBJECT,
  chatAvailabilitySchema,
  chatDetailSchema,
  chatListResponseSchema,
  chatMessages,
  chatMessageSchema,
  type ChatSignal,
  chatSignalSchema,
  staffChatDetailSchema,
  staffChatListResponseSchema,
  ticketSchema,
} from '@portal/contracts';
import { type JsonResponse, request, startForSuite, testNatsUrl, waitFor } from '@portal/testing';
import { type Customer, startSupport } from '../test/support-harness';
import { chatTranscript, chatTicketTitle } from './chats.service';

type Answer = JsonResponse<Record<string, unknown> & { statusCode?: number; message?: string }>;
type Nats = Awaited<ReturnType<typeof connect>>;

describe('live chat: /api/support/chats and /api/support/staff/chats', () => {
  const stack = startForSuite(() => startSupport({ natsUrl: testNatsUrl(), chatWaitSeconds: 5 }));
  let alice: Customer;
  let colleague: Customer;
  let bob: Customer;
  let staff: Customer;
  let otherStaff: Customer;
  let nats: Nats;
  const signals: ChatSignal[] = [];

  const call = (method: string, path: string, who?: Customer, body?: unknown): Promise<Answer> =>
    request(stack().service.baseUrl, method, path, { token: who?.token, body });
  const online = (who: Customer) => call('PUT', '/api/support/staff/chats/presence', who);
  const offline = (who: Customer) => call('DELETE', '/api/support/staff/chats/presence', who);
  const start = async (who: Customer, message: string) => {
    const response = await call('POST', '/api/support/chats', who, { message });
    expect(response.status).toBe(201);
    return chatDetailSchema.parse(response.body);
  };
  const presenceSince = (from: number) =>
    signals
      .slice(from)
      .flatMap((signal) => (signal.customer?.kind === 'presence' ? [signal.customer.staffOnline] : []));
  const signalsOf = (chatId: string) =>
    signals.filter(
      (signal) =>
        (signal.customer && 'chatId' in signal.customer && signal.customer.chatId === chatId) ||
        signal.staff?.chatId === chatId,
    );

  beforeAll(async () => {
    [alice, bob, staff, otherStaff] = await Promise.all([
      stack().signIn(),
      stack().signIn(),
      stack().signIn('admin'),
      stack().signIn('admin'),
    ]);
    colleague = await stack().signIn('customer', { org: alice.organizationId, orgRole: 'member' });
    nats = await connect({ servers: testNatsUrl() });
    nats.subscribe(CHAT_SIGNAL_SUBJECT, {
      callback: (error: Error | null, message: { string(): string }) => {
        if (!error) signals.push(chatSignalSchema.parse(JSON.parse(message.string())));
      },
    });
    await nats.flush();
  });

  afterAll(async () => {
    await nats.close();
  });

  it('carries a chat live between a member and the staffer who accepts it, and keeps it readable', async () => {
    expect((await online(staff)).status).toBe(204);
    const availability = chatAvailabilitySchema.parse(
      (await call('GET', '/api/support/chats/availability', alice)).body,
    );
    expect(availability).toEqual({ staffOnline: true, ticketFirstResponseMinutes: 480 });

    const chat = await start(alice, '  Our IVR drops calls after the greeting.  ');
    expect(chat).toMatchObject({ state: 'waiting', ticketId: null, ticket: null });
    expect(chat.messages.map(({ author, body }) => ({ author, body }))).toEqual([
      { author: 'customer', body: 'Our IVR drops calls after the greeting.' },
    ]);

    // Staff see it waiting, with whose it is; the staff stream heard of it and of its first message.
    const list = staffChatListResponseSchema.parse(
      (await call('GET', '/api/support/staff/chats', staff)).body,
    );
    expect(list.staffOnline).toBeGreaterThanOrEqual(1);
    expect(list.chats.find(({ id }) => id === chat.id)).toMatchObject({
      state: 'waiting',
      organizationId: alice.organizationId,
      customerId: alice.id,
      staffId: null,
    });
    await waitFor(async () => signalsOf(chat.id).length >= 2, 'the start signals');
    expect(signalsOf(chat.id).map((signal) => signal.staff?.kind)).toEqual(['state', 'message']);

    // A staffer cannot answer before accepting; then a second staffer cannot take it.
    const early = await call('POST', `/api/support/staff/chats/${chat.id}/messages`, staff, {
      message: 'Hi',
    });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(chatMessages.notAccepted);
    const accepted = await call('POST', `/api/support/staff/chats/${chat.id}/accept`, staff);
    expect(accepted.status).toBe(200);
    expect(staffChatDetailSchema.parse(accepted.body)).toMatchObject({ state: 'active', staffId: staff.id });
    const second = await call('POST', `/api/support/staff/chats/${chat.id}/accept`, otherStaff);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(chatMessages.notYourChat);

    // Typing goes to the other side only, never stored.
    expect((await call('POST', `/api/support/staff/chats/${chat.id}/typing`, staff)).status).toBe(204);
    expect((await call('POST', `/api/support/chats/${chat.id}/typing`, colleague)).status).toBe(204);
    await waitFor(
      async () =>
        signalsOf(chat.id).filter((signal) => (signal.customer ?? signal.staff)?.kind === 'typing').length ===
        2,
      'both typing signals',
    );
    const typing = signalsOf(chat.id).filter(
      (signal) => (signal.customer ?? signal.staff)?.kind === 'typing',
    );
    expect(typing[0]).toMatchObject({
      organizationId: alice.organizationId,
      customer: { side: 'staff' },
      staff: null,
    });
    expect(typing[1]).toMatchObject({ customer: null, staff: { side: 'customer' } });

    const answer = await call('POST', `/api/support/staff/chats/${chat.id}/messages`, staff, {
      message: 'Sorry to hear that. Which number do you call?',
    });
    expect(answer.status).toBe(201);
    const staffMessage = chatMessageSchema.parse(answer.body);
    await waitFor(
      async () =>
        signalsOf(chat.id).some(
          (signal) => signal.customer?.kind === 'message' && signal.customer.message.id === staffMessage.id,
        ),
      "the staff answer's signal",
    );
    const colleagues = await call('POST', `/api/support/chats/${chat.id}/messages`, colleague, {
      message: '<b>+1 555 0100</b>',
    });
    expect(colleagues.status).toBe(201);
    // Another staffer cannot write in a chat that is not theirs.
    const intruder = await call('POST', `/api/support/staff/chats/${chat.id}/messages`, otherStaff, {
      message: 'Hi',
    });
    expect(intruder.status).toBe(409);

    const closed = await call('POST', `/api/support/staff/chats/${chat.id}/close`, staff);
    expect(closed.status).toBe(200);
    const later = chatDetailSchema.parse((await call('GET', `/api/support/chats/${chat.id}`, alice)).body);
    expect(later.state).toBe('closed');
    expect(later.closedAt).not.toBeNull();
    expect(later.messages.map(({ author, body }) => [author, body])).toEqual([
      ['customer', 'Our IVR drops calls after the greeting.'],
      ['staff', 'Sorry to hear that. Which number do you call?'],
      ['customer', '<b>+1 555 0100</b>'],
    ]);
    const afterEnd = await call('POST', `/api/support/chats/${chat.id}/messages`, alice, {
      message: 'Still there?',
    });
    expect(afterEnd.status).toBe(409);
    expect(afterEnd.body.message).toBe(chatMessages.chatEnded);
    const history = chatListResponseSchema.parse((await call('GET', '/api/support/chats', colleague)).body);
    expect(history.chats.map(({ id }) => id)).toContain(chat.id);
  });

  it("keeps an organization's chats from every other organization", async () => {
    await online(staff);
    const chat = await start(alice, 'Billing question about invoice 1042');
    const path = `/api/support/chats/${chat.id}`;
    for (const [method, suffix, body] of [
      ['GET', '', undefined],
      ['POST', '/messages', { message: 'Let me in' }],
      ['POST', '/typing', undefined],
      ['POST', '/close', undefined],
    ] as const) {
      const response = await call(method, `${path}${suffix}`, bob, body);
      expect(response.status).toBe(404);
      expect(response.body.message).toBe(chatMessages.chatNotFound);
    }
    const bobs = chatListResponseSchema.parse((await call('GET', '/api/support/chats', bob)).body);
    expect(bobs.chats.map(({ id }) => id)).not.toContain(chat.id);
    // Still open and untouched.
    const mine = chatDetailSchema.parse((await call('GET', path, alice)).body);
    expect(mine.state).toBe('waiting');
    expect(mine.messages).toHaveLength(1);
    await call('POST', `${path}/close`, alice);
  });

  it('answers staff routes 401 to a visitor and 403 to a customer, and the chat routes 403 to staff', async () => {
    const chat = await start(alice, 'Who can see this?');
    for (const [method, path] of [
      ['GET', '/api/support/staff/chats'],
      ['GET', `/api/support/staff/chats/${chat.id}`],
      ['PUT', '/api/support/staff/chats/presence'],
      ['DELETE', '/api/support/staff/chats/presence'],
      ['POST', `/api/support/staff/chats/${chat.id}/accept`],
      ['POST', `/api/support/staff/chats/${chat.id}/messages`],
      ['POST', `/api/support/staff/chats/${chat.id}/close`],
    ] as const) {
      const body = method === 'POST' ? { message: 'x' } : undefined;
      expect({ path, status: (await call(method, path, undefined, body)).status }).toEqual({
        path,
        status: 401,
      });
      expect({ path, status: (await call(method, path, alice, body)).status }).toEqual({ path, status: 403 });
    }
    expect((await call('GET', '/api/support/chats', staff)).status).toBe(403);
    expect((await call('GET', '/api/support/chats')).status).toBe(401);
    await call('POST', `/api/support/chats/${chat.id}/close`, alice);
  });

  it('refuses a blank, too long or malformed message with a 400 that says why, and an unknown chat with a 404', async () => {
    const blank = await call('POST', '/api/support/chats', alice, { message: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(chatMessages.messageRequired);
    const long = await call('POST', '/api/support/chats', alice, {
      message: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1),
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(`Must be at most ${CHAT_MESSAGE_MAX_LENGTH} characters`);
    expect((await call('POST', '/api/support/chats', alice, { message: 'Hi', extra: 1 })).status).toBe(400);
    expect((await call('POST', '/api/support/chats', alice, { message: 42 })).status).toBe(400);
    expect((await call('POST', '/api/support/chats', alice, { message: 'a\u0000b' })).status).toBe(400);
    expect((await call('GET', '/api/support/chats/not-a-uuid', alice)).status).toBe(404);
    expect((await call('GET', `/api/support/chats/${crypto.randomUUID()}`, alice)).status).toBe(404);
    expect((await call('POST', `/api/support/staff/chats/${crypto.randomUUID()}/accept`, staff)).status).toBe(
      404,
    );
  });

  it('turns a chat into a ticket at once when no staffer is online, the transcript its first message', async () => {
    await offline(staff);
    await offline(otherStaff);
    const availability = chatAvailabilitySchema.parse(
      (await call('GET', '/api/support/chats/availability', alice)).body,
    );
    expect(availability.staffOnline).toBe(false);
    const chat = await start(alice, 'Can we add Spanish to the IVR?\nWe need it by Monday.');
    expect(chat.state).toBe('converted');
    expect(chat.ticketId).not.toBeNull();
    expect(chat.ticket).toMatchObject({
      id: chat.ticketId,
      firstResponse: { state: 'pending', targetMinutes: 480 },
    });
    expect(chat.messages.map(({ author }) => author)).toEqual(['customer', 'system']);

    const ticket = ticketSchema.parse(
      (await call('GET', `/api/support/tickets/${chat.ticketId}`, colleague)).body,
    );
    expect(ticket).toMatchObject({
      title: 'Live chat: Can we add Spanish to the IVR?',
      priority: 'medium',
      status: 'open',
    });
    expect(ticket.description).toContain('Customer: Can we add Spanish to the IVR?\nWe need it by Monday.');
    // The other organization cannot reach the ticket either.
    expect((await call('GET', `/api/support/tickets/${chat.ticketId}`, bob)).status).toBe(404);

    const more = await call('POST', `/api/support/chats/${chat.id}/messages`, alice, { message: 'Hello?' });
    expect(more.status).toBe(409);
    expect(more.body.message).toBe(chatMessages.chatConverted);
    await waitFor(
      async () =>
        signalsOf(chat.id).some(
          (signal) => signal.customer?.kind === 'state' && signal.customer.state === 'converted',
        ),
      'the conversion signal',
    );
  });

  it('turns a waiting chat no staffer accepts into a ticket after the wait', async () => {
    await online(staff);
    const chat = await start(bob, 'Is anyone there?');
    expect(chat.state).toBe('waiting');
    const converted = await waitFor(
      async () => {
        const detail = chatDetailSchema.parse((await call('GET', `/api/support/chats/${chat.id}`, bob)).body);
        return detail.state === 'converted' && detail;
      },
      'the conversion',
      10_000,
    );
    expect(converted.ticket?.id).toBe(converted.ticketId);
    expect(converted.messages.at(-1)?.author).toBe('system');
    await offline(staff);
  });

  it('tells the customer streams when staff come online and go offline', async () => {
    // What this replica said last may still be on its way: look for "online" and then "offline".
    const before = signals.length;
    await online(otherStaff);
    await waitFor(async () => presenceSince(before).includes(true), 'the online signal');
    const after = signals.length;
    await offline(otherStaff);
    await waitFor(async () => presenceSince(after).includes(false), 'the offline signal');
    for (const signal of signals.slice(before)) {
      if (signal.customer?.kind === 'presence')
        expect(signal).toMatchObject({ organizationId: null, staff: null });
    }
  });

  it(`refuses a user's message beyond ${CHAT_MESSAGES_PER_MINUTE} a minute with a 429`, async () => {
    const carol = await stack().signIn();
    await online(staff);
    const chat = await start(carol, 'Message 1');
    expect((await call('POST', `/api/support/staff/chats/${chat.id}/accept`, staff)).status).toBe(200);
    const statuses: number[] = [];
    for (let index = 2; index <= CHAT_MESSAGES_PER_MINUTE + 1; index += 1) {
      statuses.push(
        (await call('POST', `/api/support/chats/${chat.id}/messages`, carol, { message: `Message ${index}` }))
          .status,
      );
    }
    expect(statuses.slice(0, -1).every((status) => status === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const refused = await call('POST', `/api/support/chats/${chat.id}/messages`, carol, {
      message: 'One more',
    });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^You are sending messages too quickly\. Please try again in /);
    await call('POST', `/api/support/chats/${chat.id}/close`, carol);
    await offline(staff);
  });
});

describe('chat transcripts', () => {
  const at = new Date('2026-11-28T03:40:00Z');
  const message = (index: number, body: string) => ({
    id: crypto.randomUUID(),
    chat_id: 'c',
    author: index % 2 ? ('staff' as const) : ('customer' as const),
    body,
    created_at: new Date(at.getTime() + index * 60_000),
  });

  it('writes every message with its time and side, and names the chat', () => {
    const text = chatTranscript({ id: 'chat-1', created_at: at }, [
      message(0, 'Hello'),
      message(1, 'Hi there'),
    ]);
    expect(text).toBe(
      'Live chat started 2026-11-28 03:40 UTC (chat chat-1). No one from support could take it, so it became this ticket.\n' +
        '\n[03:40 UTC] Customer: Hello\n[03:41 UTC] Support: Hi there',
    );
  });

  it('stops within a ticket description and says how many messages are left in the chat', () => {
    const messages = Array.from({ length: 10 }, (_, index) => message(index, 'x'.repeat(1900)));
    const text = chatTranscript({ id: 'chat-2', created_at: at }, messages);
    expect(text.length).toBeLessThanOrEqual(5000);
    expect(text).toMatch(/… 8 more message\(s\) in the chat\.$/);
  });

  it('titles the ticket with the first line, within the title limit', () => {
    expect(chatTicketTitle('First line\nsecond')).toBe('Live chat: First line');
    expect(chatTicketTitle('y'.repeat(300))).toHaveLength(200);
  });
});
