import { randomUUID } from 'node:crypto';
import { accountExportPartSchema, type UserDeletedData } from '@portal/contracts';
import {
  authenticationRequired,
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

    const bensPart = accountExportPartSchema.parse((await exportOf(ben)).body);
    expect((bensPart.data.tickets as { id: string }[]).map((ticket) => ticket.id)).toEqual([bens]);
  });

  it('answers an empty list to an account without tickets, staff included', async () => {
    for (const who of [await stack().support.signIn(), await stack().support.signIn('admin')]) {
      const response = await exportOf(who);
      expect(response.status).toBe(200);
      expect(accountExportPartSchema.parse(response.body).data).toEqual({ tickets: [] });
    }
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
    const dans = await openTicket(dan, 'Need another seat');

    await stack().events.publish('userDeleted', userDeletedData(cat, true));
    await waitFor(async () => (await ticketsOf(cat)) === 0, "cat's tickets to be erased");
    expect(accountExportPartSchema.parse((await exportOf(cat)).body).data).toEqual({ tickets: [] });

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

    const first = await stack().events.publish('userDeleted', userDeletedData(eve));
    await waitFor(async () => (await ticketsOf(eve)) === 0, "eve's tickets to be erased");
    const before = await processed();
    await stack().events.publish('userDeleted', first.data as UserDeletedData, first); // delivered again
    await stack().events.publish('userDeleted', { ...userDeletedData(eve), userId: randomUUID() }); // a stranger
    await waitFor(async () => (await processed()) === before + 1, 'the stranger to be handled');
    await sleep(200);
    expect(await processed()).toBe(before + 1);
    expect(await ticketsOf(fay)).toBe(1);
  });
});
