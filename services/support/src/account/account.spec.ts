import { randomUUID } from 'node:crypto';
import { accountExportPartSchema, type MembershipChangedData, type UserDeletedData } from '@portal/contracts';
import {
  authenticationRequired,
  legacyOwnershipData,
  request,
  sleep,
  startForSuite,
  startOnTestEventSpace,
  userDeletedData,
  waitFor,
} from '@portal/testing';
import { type Customer, startSupport } from '../test/support-harness';

describe('support: the account export and erasure', () => {
  const stack = startForSuite(() => startOnTestEventSpace('support', (events) => startSupport({ events })));
  const baseUrl = () => stack().support.service.baseUrl;
  const rows = <T>(sql: string, params: unknown[] = []) =>
    stack().support.service.dataSource.query(sql, params) as Promise<T[]>;

  const openTicket = async (who: Customer, title: string) => {
    const response = await request<{ id: string }>(baseUrl(), 'POST', '/api/support/tickets', {
      token: who.token,
      body: { title, description: `${title}: details of the problem.`, priority: 'high' },
    });
    expect(response.status).toBe(201);
    return response.body.id;
  };
  const startChat = async (who: Customer, message: string) => {
    const response = await request<{ id: string }>(baseUrl(), 'POST', '/api/support/chats', {
      token: who.token,
      body: { message },
    });
    expect(response.status).toBe(201);
    return response.body.id;
  };
  const exportOf = (who?: Customer) =>
    request(baseUrl(), 'GET', '/api/account/export/support', { token: who?.token });
  const ticketsOf = async (who: Customer) =>
    (await rows<{ n: number }>('SELECT count(*)::int AS n FROM tickets WHERE customer_id = $1', [who.id]))[0]
      .n;

  it("answers the caller's own tickets as the support part of the export, and never another customer's", async () => {
    const [ann, ben] = await Promise.all([stack().support.signIn(), stack().support.signIn()]);
    const first = await openTicket(ann, 'Hold music is too loud');
    const second = await openTicket(ann, 'Add a holiday greeting');
    const bens = await openTicket(ben, 'Voicemail transcripts stopped');

    const response = await exportOf(ann);
    expect(response.status).toBe(200);
    const part = accountExportPartSchema.parse(response.body);
    expect(part.service).toBe('support');
    expect(Date.now() - Date.parse(part.exportedAt)).toBeLessThan(60_000);
    const tickets = part.data.tickets as { id: string; title: string }[];
    expect(tickets.map((ticket) => [ticket.id, ticket.title])).toEqual([
      [second, 'Add a holiday greeting'],
      [first, 'Hold music is too loud'],
    ]);
    expect(tickets[0]).toEqual({
      id: second,
      title: 'Add a holiday greeting',
      description: 'Add a holiday greeting: details of the problem.',
      priority: 'high',
      status: 'open',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(JSON.stringify(part)).not.toContain(bens);
    // The messages Ann wrote: each ticket's description (its first message), newest first.
    expect(
      (part.data.messages as { ticketId: string; body: string }[]).map(({ ticketId, body }) => [
        ticketId,
        body,
      ]),
    ).toEqual([
      [second, 'Add a holiday greeting: details of the problem.'],
      [first, 'Hold music is too loud: details of the problem.'],
    ]);

    const bensPart = accountExportPartSchema.parse((await exportOf(ben)).body);
    expect((bensPart.data.tickets as { id: string }[]).map((ticket) => ticket.id)).toEqual([bens]);
  });

  it('answers an empty list to an account without tickets, staff included', async () => {
    for (const who of [await stack().support.signIn(), await stack().support.signIn('admin')]) {
      const response = await exportOf(who);
      expect(response.status).toBe(200);
      expect(accountExportPartSchema.parse(response.body).data).toEqual({
        tickets: [],
        messages: [],
        chats: [],
        chatMessages: [],
      });
    }
  });

  it("adds the live chats the account started and what it wrote in them, never another customer's", async () => {
    const [ann, ben] = await Promise.all([stack().support.signIn(), stack().support.signIn()]);
    const annsChat = await startChat(ann, 'Can I move my plan to next month?');
    const bensChat = await startChat(ben, 'Our dialer stopped syncing.');

    const part = accountExportPartSchema.parse((await exportOf(ann)).body);
    // With no staffer online the chat became a ticket at once: the export says which.
    const [stored] = await rows<{ state: string; closed_at: Date | null; ticket_id: string | null }>(
      'SELECT state, closed_at, ticket_id FROM chats WHERE id = $1',
      [annsChat],
    );
    expect(part.data.chats).toEqual([
      {
        id: annsChat,
        state: stored.state,
        createdAt: expect.any(String),
        closedAt: stored.closed_at && new Date(stored.closed_at).toISOString(),
        ticketId: stored.ticket_id,
      },
    ]);
    expect(part.data.chatMessages).toEqual([
      {
        id: expect.any(String),
        chatId: annsChat,
        body: 'Can I move my plan to next month?',
        createdAt: expect.any(String),
      },
    ]);
    expect(JSON.stringify(part)).not.toContain(bensChat);
    expect(JSON.stringify(part)).not.toContain('dialer stopped');
  });

  it('answers 401 without a token or with a bad one', async () => {
    expect(await exportOf()).toMatchObject(authenticationRequired);
    const forged = await request(baseUrl(), 'GET', '/api/account/export/support', { token: 'not.a.token' });
    expect(forged.status).toBe(401);
  });

  it("erases a deleted account's tickets on portal.users.deleted, and no one else's", async () => {
    const [cat, dan] = await Promise.all([stack().support.signIn(), stack().support.signIn()]);
    await openTicket(cat, 'Dialer drops calls');
    await openTicket(cat, 'Wrong caller id');
    await startChat(cat, 'Is the dialer down for everyone?');
    const dans = await openTicket(dan, 'Need another seat');

    // Cat's organization goes with the account: its chats go too.
    await stack().events.publish('userDeleted', userDeletedData(cat, true));
    await waitFor(async () => (await ticketsOf(cat)) === 0, "cat's tickets to be erased");
    expect(accountExportPartSchema.parse((await exportOf(cat)).body).data).toEqual({
      tickets: [],
      messages: [],
      chats: [],
      chatMessages: [],
    });

    expect(await ticketsOf(dan)).toBe(1);
    const dansPart = accountExportPartSchema.parse((await exportOf(dan)).body);
    expect((dansPart.data.tickets as { id: string }[]).map((ticket) => ticket.id)).toEqual([dans]);
  });

  it('handles a redelivered event and an account support never saw without harm', async () => {
    const [eve, fay] = await Promise.all([stack().support.signIn(), stack().support.signIn()]);
    await openTicket(eve, 'Reports are late');
    await openTicket(fay, 'Invoice address');
    const processed = async () =>
      (await rows<{ n: number }>('SELECT count(*)::int AS n FROM processed_events'))[0].n;

    const first = await stack().events.publish('userDeleted', userDeletedData(eve, true));
    await waitFor(async () => (await ticketsOf(eve)) === 0, "eve's tickets to be erased");
    const before = await processed();
    await stack().events.publish('userDeleted', first.data as UserDeletedData, first); // delivered again
    await stack().events.publish('userDeleted', { ...userDeletedData(eve), userId: randomUUID() }); // a stranger
    await waitFor(async () => (await processed()) === before + 1, 'the stranger to be handled');
    await sleep(200);
    expect(await processed()).toBe(before + 1);
    expect(await ticketsOf(fay)).toBe(1);
  });

  const organizationOf = async (ticketId: string) =>
    (
      await rows<{ organization_id: string | null }>('SELECT organization_id FROM tickets WHERE id = $1', [
        ticketId,
      ])
    )[0]?.organization_id;
  const legacyTicket = async (customerId: string, organizationId: string | null) =>
    (
      await rows<{ id: string }>(
        `INSERT INTO tickets (customer_id, organization_id, title, description)
         VALUES ($1, $2, 'From before organizations', 'Opened long ago.') RETURNING id`,
        [customerId, organizationId],
      )
    )[0].id;
  const tab = async (who: Customer) =>
    (
      (await request(baseUrl(), 'GET', '/api/support/tickets', { token: who.token })).body as unknown as {
        id: string;
      }[]
    ).map((ticket) => ticket.id);

  it("keeps a deleted member's tickets for the organization that remains, and erases those outside any organization", async () => {
    const organizationId = randomUUID();
    const [owner, member] = await Promise.all([
      stack().support.signIn('customer', { org: organizationId, orgRole: 'owner' }),
      stack().support.signIn('customer', { org: organizationId, orgRole: 'member' }),
    ]);
    const members = await openTicket(member, 'Hold music skips');
    const unowned = await legacyTicket(member.id, null);
    await stack().events.publish('userDeleted', userDeletedData(member, false));
    await waitFor(
      async () => (await organizationOf(unowned)) === undefined,
      "the member's unowned ticket to go",
    );
    expect(await tab(owner)).toEqual([members]);
    expect(await rows('SELECT customer_id, organization_id FROM tickets WHERE id = $1', [members])).toEqual([
      { customer_id: member.id, organization_id: organizationId },
    ]);

    // The last member's deletion takes the organization's tickets with it, whoever opened them.
    const owners = await openTicket(owner, 'Invoice address');
    await stack().events.publish('userDeleted', userDeletedData(owner, true));
    await waitFor(
      async () => (await organizationOf(owners)) === undefined,
      "the organization's tickets to go",
    );
    expect(await organizationOf(members)).toBeUndefined();
  });

  it("moves a user's tickets of before organizations to the organization identity made them the owner of, once", async () => {
    const organizationId = randomUUID();
    const [owner, member, stranger] = await Promise.all([
      stack().support.signIn('customer', { org: organizationId, orgRole: 'owner' }),
      stack().support.signIn('customer', { org: organizationId, orgRole: 'member' }),
      stack().support.signIn(),
    ]);
    const [first, second] = [await legacyTicket(owner.id, null), await legacyTicket(owner.id, null)];
    const elsewhere = await legacyTicket(owner.id, stranger.organizationId);
    const strangers = await legacyTicket(stranger.id, null);
    expect(await tab(member)).toEqual([]);

    await stack().events.publish('membershipChanged', {
      ...legacyOwnershipData(member, organizationId),
      role: 'member',
      claimsLegacyData: false,
    });
    const event = await stack().events.publish(
      'membershipChanged',
      legacyOwnershipData(owner, organizationId),
    );
    await waitFor(async () => (await organizationOf(second)) === organizationId, 'the legacy claim');
    expect(await organizationOf(first)).toBe(organizationId);
    expect(await organizationOf(elsewhere)).toBe(stranger.organizationId);
    expect(await organizationOf(strangers)).toBeNull();
    expect((await tab(member)).sort()).toEqual([first, second].sort());

    const processed = async () =>
      (await rows<{ n: number }>('SELECT count(*)::int AS n FROM processed_events'))[0].n;
    const handled = await processed();
    await stack().events.publish('membershipChanged', event.data as MembershipChangedData, event);
    await stack().events.publish('membershipChanged', legacyOwnershipData(owner, randomUUID(), 2));
    await waitFor(async () => (await processed()) === handled + 1, 'the second claim to be handled');
    expect(await organizationOf(first)).toBe(organizationId);
  });
});
