import { randomUUID } from 'node:crypto';
import {
  STAFF_TICKET_PAGE_SIZE,
  type StaffTicketListResponse,
  staffTicketListResponseSchema,
  staffTicketMessages,
  staffTicketSchema,
  subjects,
  ticketMessages,
  ticketSchema,
} from '@portal/contracts';
import { type JsonResponse, request, startForSuite } from '@portal/testing';
import { type Customer, startSupport } from '../test/support-harness';

type Answer = JsonResponse<Record<string, unknown> & { statusCode?: number; message?: string }>;

describe('/api/support/staff/tickets', () => {
  const stack = startForSuite(startSupport);
  let alice: Customer;
  let bob: Customer;
  let admin: Customer;

  const call = (method: string, path: string, who?: Customer, body?: unknown): Promise<Answer> =>
    request(stack().service.baseUrl, method, path, { token: who?.token, body });
  const open = async (who: Customer, title: string) =>
    ticketSchema.parse(
      (await call('POST', '/api/support/tickets', who, { title, description: `${title}, in detail.` })).body,
    );
  const queue = (query = '', who: Customer = admin) => call('GET', `/api/support/staff/tickets${query}`, who);
  const page = async (query: Record<string, string>): Promise<StaffTicketListResponse> => {
    const response = await queue(`?${new URLSearchParams(query)}`);
    expect(response.status).toBe(200);
    return staffTicketListResponseSchema.parse(response.body);
  };
  /** Every page of the queue from the first, `limit` at a time; `between` runs before each next page. */
  const walk = async (query: Record<string, string>, between: () => Promise<unknown> = async () => {}) => {
    const seen: string[] = [];
    let next = await page(query);
    seen.push(...next.tickets.map((ticket) => ticket.id));
    while (next.nextCursor) {
      expect(next.tickets).toHaveLength(Number(query.limit));
      await between();
      next = await page({ ...query, cursor: next.nextCursor });
      seen.push(...next.tickets.map((ticket) => ticket.id));
    }
    return seen;
  };
  const rows = (sql: string, params: unknown[] = []) =>
    stack().service.dataSource.query(sql, params) as Promise<Record<string, unknown>[]>;
  /**
   * The queue as staff should see it, from the database: the breaching tickets first (warning time
   * come, earliest first, ties by the lesser id), then the others newest first, ties by the greater id.
   */
  const queueIds = async (where = 'true', params: unknown[] = []) =>
    (
      await rows(
        `(SELECT id FROM tickets WHERE (${where}) AND warn_at <= now() ORDER BY warn_at, id)
         UNION ALL
         (SELECT id FROM tickets WHERE (${where}) AND (warn_at IS NULL OR warn_at > now())
          ORDER BY created_at DESC, id DESC)`,
        params,
      )
    ).map((row) => row.id as string);
  const move = (id: string, body: unknown, who: Customer = admin) =>
    call('PATCH', `/api/support/staff/tickets/${id}`, who, body);

  beforeAll(async () => {
    [alice, bob, admin] = await Promise.all([stack().signIn(), stack().signIn(), stack().signIn('admin')]);
  });

  it("lists every customer's tickets with whose they are, newest first", async () => {
    const alices = await open(alice, 'Call recordings are silent');
    const bobs = await open(bob, 'IVR menu skips option 3');

    const response = await queue();
    expect(response.status).toBe(200);
    const { tickets } = staffTicketListResponseSchema.parse(response.body);
    expect(tickets.slice(0, 2).map(({ id, customerId }) => ({ id, customerId }))).toEqual([
      { id: bobs.id, customerId: bob.id },
      { id: alices.id, customerId: alice.id },
    ]);
  });

  it('moves a ticket on, and its customer sees the new status', async () => {
    const ticket = await open(alice, 'Agent dashboard is slow');

    const moved = await move(ticket.id, { status: 'in_progress' });
    expect(moved.status).toBe(200);
    expect(staffTicketSchema.parse(moved.body)).toMatchObject({ id: ticket.id, status: 'in_progress' });

    const seen = await call('GET', `/api/support/tickets/${ticket.id}`, alice);
    expect(seen.body).toMatchObject({ id: ticket.id, status: 'in_progress' });
    expect((await queue('?status=in_progress')).body).toEqual({
      tickets: [expect.objectContaining({ id: ticket.id })],
      nextCursor: null,
    });
    expect(await queue('?status=done')).toMatchObject({
      status: 400,
      body: { statusCode: 400, message: staffTicketMessages.statusRequired },
    });
  });

  it('refuses a status it does not know, and any other field', async () => {
    const ticket = await open(bob, 'Wrong caller id shown');
    for (const body of [
      { status: 'archived' },
      {},
      { status: 'closed', priority: 'critical' },
      { assigneeId: 'someone' },
      { status: 'closed', customerId: alice.id },
    ]) {
      const answer = await move(ticket.id, body);
      expect(answer.status).toBe(400);
    }
    expect((await move(ticket.id, { status: 'archived' })).body.message).toBe(
      staffTicketMessages.statusRequired,
    );
    const [row] = (await stack().service.dataSource.query(
      'SELECT status, customer_id FROM tickets WHERE id = $1',
      [ticket.id],
    )) as { status: string; customer_id: string }[];
    expect(row).toEqual({ status: 'open', customer_id: bob.id });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['6f1c1d52-4a55-4f60-9b32-0d8a3c1b2e11', 'not-a-uuid']) {
      expect(await move(id, { status: 'closed' })).toMatchObject({
        status: 404,
        body: { statusCode: 404, message: ticketMessages.ticketNotFound },
      });
    }
  });

  describe('paging', () => {
    it('walks the whole queue a page at a time, newest first, with no repeat or gap while tickets arrive', async () => {
      // Tickets opened in the same instant, and in the same millisecond a microsecond apart: the cursor
      // keeps PostgreSQL's microseconds and breaks ties by id.
      const customer = randomUUID();
      for (const createdAt of [
        ...Array.from({ length: 5 }, () => '2026-01-05T15:00:00.250000Z'),
        '2026-01-05T15:00:00.250001Z',
        '2026-01-05T15:00:00.250999Z',
        '2026-01-05T15:00:00.251000Z',
      ]) {
        await rows(
          `INSERT INTO tickets (id, customer_id, title, description, created_at)
           VALUES ($1, $2, 'Same instant', 'Opened together', $3)`,
          [randomUUID(), customer, createdAt],
        );
      }
      await Promise.all(Array.from({ length: 9 }, (_, n) => open(n % 2 ? alice : bob, `Queue ticket ${n}`)));
      const before = await queueIds();

      let arrived = 0;
      const seen = await walk({ limit: '4' }, () => open(bob, `Arrived while paging ${++arrived}`));

      expect(arrived).toBeGreaterThan(3);
      expect(seen).toEqual(before);
      expect((await queueIds()).length).toBe(before.length + arrived);
    });

    it('pages 50 tickets unless told otherwise, up to 200 at once', async () => {
      await rows(
        `INSERT INTO tickets (customer_id, title, description, created_at)
         SELECT $1, 'Bulk', 'One of many', now() - n * interval '1 second' FROM generate_series(1, 210) AS n`,
        [randomUUID()],
      );
      const first = await page({});
      expect(first.tickets).toHaveLength(STAFF_TICKET_PAGE_SIZE);
      expect(first.nextCursor).toEqual(expect.any(String));
      const second = await page({ cursor: first.nextCursor! });
      expect(second.tickets[0].createdAt <= first.tickets.at(-1)!.createdAt).toBe(true);
      expect((await page({ limit: '200' })).tickets).toHaveLength(200);
      expect((await page({ limit: '1' })).tickets).toHaveLength(1);
    });

    it('filters by status, priority and customer, alone or together, and pages each', async () => {
      const carol = await stack().signIn();
      const opened = [];
      for (const priority of ['low', 'high', 'high', 'urgent', 'high']) {
        const response = await call('POST', '/api/support/tickets', carol, {
          title: `Carol's ${priority} ticket`,
          description: 'Filtered.',
          priority,
        });
        opened.push(ticketSchema.parse(response.body));
      }
      await move(opened[1].id, { status: 'in_progress' });
      await move(opened[4].id, { status: 'in_progress' });
      await open(alice, 'Not carol’s');

      expect(await walk({ customerId: carol.id, limit: '2' })).toEqual(
        await queueIds('customer_id = $1', [carol.id]),
      );
      expect(await walk({ priority: 'high', limit: '3' })).toEqual(await queueIds(`priority = 'high'`));
      expect(await walk({ status: 'in_progress', limit: '2' })).toEqual(
        await queueIds(`status = 'in_progress'`),
      );
      const both = await page({ customerId: carol.id, priority: 'high', status: 'open' });
      expect(both).toEqual({ tickets: [expect.objectContaining({ id: opened[2].id })], nextCursor: null });
      expect(
        await walk({ customerId: carol.id, priority: 'high', status: 'in_progress', limit: '1' }),
      ).toEqual([opened[4].id, opened[1].id]);
      expect(await page({ customerId: randomUUID() })).toEqual({ tickets: [], nextCursor: null });
    });

    it('refuses a malformed cursor, limit, priority or customer, and any other field, with a 400', async () => {
      const cursorOf = (text: string) => Buffer.from(text).toString('base64url');
      const id = randomUUID();
      const refused: [string, string][] = [
        ['cursor=', staffTicketMessages.cursorInvalid],
        ['cursor=not-a-cursor', staffTicketMessages.cursorInvalid],
        ['cursor=%2B%2F%3D', staffTicketMessages.cursorInvalid],
        [`cursor=${cursorOf(`2026-01-05T15:00:00.250000Z ${id} x`)}`, staffTicketMessages.cursorInvalid],
        [`cursor=${cursorOf(`2026-02-30T15:00:00.250000Z ${id}`)}`, staffTicketMessages.cursorInvalid],
        [`cursor=${cursorOf(`0000-01-01T00:00:00.000000Z ${id}`)}`, staffTicketMessages.cursorInvalid],
        [`cursor=${cursorOf(`2026-01-05T15:00:00Z ${id}`)}`, staffTicketMessages.cursorInvalid],
        [
          `cursor=${cursorOf('2026-01-05T15:00:00.250000Z 1; DROP TABLE tickets')}`,
          staffTicketMessages.cursorInvalid,
        ],
        [`cursor=${'A'.repeat(5000)}`, staffTicketMessages.cursorInvalid],
        ['cursor=a&cursor=b', staffTicketMessages.cursorInvalid],
        ...['0', '201', '-1', '1.5', '1e2', 'ten', '', '050'].map((limit): [string, string] => [
          `limit=${limit}`,
          staffTicketMessages.limitInvalid,
        ]),
        ['priority=critical', 'Priority must be low, medium, high or urgent'],
        ['priority=', 'Priority must be low, medium, high or urgent'],
        ['customerId=alice', staffTicketMessages.customerIdInvalid],
        ['status=done&priority=high', staffTicketMessages.statusRequired],
      ];
      for (const [query, message] of refused) {
        expect({ query, answer: await queue(`?${query}`) }).toMatchObject({
          query,
          answer: { status: 400, body: { statusCode: 400, message } },
        });
      }
      for (const query of [`organization=${id}`, 'offset=10', 'page=2']) {
        expect(await queue(`?${query}`)).toMatchObject({ status: 400, body: { statusCode: 400 } });
      }
    });
  });

  it('is for staff only: 403 for a customer, 401 without a token', async () => {
    const ticket = await open(alice, 'Voicemail greeting cut off');
    const { nextCursor } = await page({ limit: '1' });
    for (const customer of [alice, bob]) {
      expect((await queue('', customer)).status).toBe(403);
      expect((await queue(`?customerId=${customer.id}&limit=1`, customer)).status).toBe(403);
      expect((await queue(`?cursor=${nextCursor}`, customer)).status).toBe(403);
      expect((await move(ticket.id, { status: 'closed' }, customer)).status).toBe(403);
    }
    expect((await call('GET', '/api/support/staff/tickets')).status).toBe(401);
    expect(
      (await call('PATCH', `/api/support/staff/tickets/${ticket.id}`, undefined, { status: 'closed' }))
        .status,
    ).toBe(401);
    expect((await call('GET', `/api/support/tickets/${ticket.id}`, alice)).body).toMatchObject({
      status: 'open',
    });
  });

  describe('assignee, priority, status and the breaching run', () => {
    const events = (subject: string, ticketId: string) =>
      rows(`SELECT data FROM outbox WHERE subject = $1 AND data->>'ticketId' = $2 ORDER BY seq`, [
        subject,
        ticketId,
      ]);
    /** A ticket of `who`'s opened `ago` (a PostgreSQL interval) with that priority, its clocks from the table. */
    const aged = async (who: Customer, ago: string, priority = 'urgent') => {
      const [row] = await rows(
        `INSERT INTO tickets (id, customer_id, organization_id, title, description, priority, created_at, updated_at)
         VALUES ($1, $2, $3, 'Aged', 'Waiting a while', $4, now() - $5::interval, now() - $5::interval) RETURNING id`,
        [randomUUID(), who.id, who.organizationId, priority, ago],
      );
      return row.id as string;
    };

    it('assigns to me, filters by assignee (me, none, an id), and unassigns, each an update event', async () => {
      const dana = await stack().signIn();
      const [mine, theirs, nobodys] = [
        await open(dana, 'Mine'),
        await open(dana, 'Theirs'),
        await open(dana, 'Nobody'),
      ];
      const assigned = await move(mine.id, { assigneeId: 'me' });
      expect(staffTicketSchema.parse(assigned.body)).toMatchObject({ id: mine.id, assigneeId: admin.id });
      const colleague = randomUUID();
      await move(theirs.id, { assigneeId: colleague });

      const ids = async (query: Record<string, string>) =>
        (await page({ organizationId: dana.organizationId!, ...query })).tickets.map((ticket) => ticket.id);
      expect(await ids({ assigneeId: 'me' })).toEqual([mine.id]);
      expect(await ids({ assigneeId: colleague })).toEqual([theirs.id]);
      expect(await ids({ assigneeId: 'none' })).toEqual([nobodys.id]);

      const [event] = await events(subjects.ticketUpdated, mine.id);
      expect(event.data).toMatchObject({
        assigneeId: admin.id,
        changed: ['assignee'],
        organizationId: dana.organizationId,
      });
      await move(mine.id, { assigneeId: null });
      expect(await ids({ assigneeId: 'none' })).toEqual([nobodys.id, mine.id]);
      expect(await events(subjects.ticketUpdated, mine.id)).toHaveLength(2);
      // The same assignee again changes nothing.
      await move(theirs.id, { assigneeId: colleague });
      expect(await events(subjects.ticketUpdated, theirs.id)).toHaveLength(1);
    });

    it('filters by organization, alone or with the others', async () => {
      const erin = await stack().signIn();
      const erinsTeammate = await stack().signIn('customer', { org: erin.organizationId, orgRole: 'member' });
      const tickets = [await open(erin, 'Org one'), await open(erinsTeammate, 'Org two')];
      await open(bob, 'Another organization');
      expect(await walk({ organizationId: erin.organizationId!, limit: '1' })).toEqual(
        tickets.map((ticket) => ticket.id).reverse(),
      );
      expect(
        (await page({ organizationId: erin.organizationId!, customerId: erinsTeammate.id })).tickets.map(
          (t) => t.id,
        ),
      ).toEqual([tickets[1].id]);
    });

    it('changes priority (both clocks anew) and status, closing and reopening with their own events', async () => {
      const ticket = await open(alice, 'Escalate me');
      const urgent = staffTicketSchema.parse((await move(ticket.id, { priority: 'urgent' })).body);
      expect(urgent.priority).toBe('urgent');
      expect(urgent.sla.firstResponse.targetMinutes).toBe(120);
      expect(Date.parse(urgent.sla.firstResponse.dueAt) - Date.parse(urgent.createdAt)).toBe(120 * 60_000);
      expect((await events(subjects.ticketUpdated, ticket.id))[0].data).toMatchObject({
        changed: ['priority'],
        priority: 'urgent',
      });

      const resolved = staffTicketSchema.parse((await move(ticket.id, { status: 'resolved' })).body);
      expect(resolved.closedAt).not.toBeNull();
      expect(resolved.sla.resolution.metAt).toBe(resolved.closedAt);
      expect((await events(subjects.ticketUpdated, ticket.id))[1].data).toMatchObject({
        changed: ['status'],
        status: 'resolved',
      });

      await move(ticket.id, { status: 'closed', priority: 'low' });
      expect((await events(subjects.ticketClosed, ticket.id))[0].data).toMatchObject({ by: 'staff' });
      expect((await events(subjects.ticketUpdated, ticket.id))[2].data).toMatchObject({
        changed: ['priority'],
      });

      const reopened = staffTicketSchema.parse((await move(ticket.id, { status: 'in_progress' })).body);
      expect(reopened).toMatchObject({ status: 'in_progress', closedAt: null });
      // Reopened straight to in progress: the live streams show that, not `open`.
      expect((await events(subjects.ticketReopened, ticket.id))[0].data).toMatchObject({
        by: 'staff',
        status: 'in_progress',
      });
    });

    it('shows breaching tickets first, the earliest warning first, and filters on breaching', async () => {
      const fay = await stack().signIn();
      const fresh = await open(fay, 'Fresh');
      const late = await aged(fay, '3 hours'); // urgent: 2 h first response, overdue
      const warned = await aged(fay, '100 minutes'); // urgent: warning at 90 min, due at 120
      const calm = await aged(fay, '10 minutes');
      const answered = await aged(fay, '3 hours');
      await call('POST', `/api/support/staff/tickets/${answered}/messages`, admin, { body: 'Answered.' });
      const closed = await aged(fay, '4 hours');
      await move(closed, { status: 'closed' });

      const { tickets } = await page({ organizationId: fay.organizationId! });
      expect(tickets.map((ticket) => ticket.id)).toEqual([late, warned, fresh.id, calm, answered, closed]);
      expect(tickets.map((ticket) => ticket.breaching)).toEqual([true, true, false, false, false, false]);
      expect(tickets[0].sla.firstResponse.state).toBe('overdue');
      expect(tickets[1].sla.firstResponse.state).toBe('pending');

      const only = await page({ organizationId: fay.organizationId!, breaching: 'true' });
      expect(only.tickets.map((ticket) => ticket.id)).toEqual([late, warned]);
      const others = await page({ organizationId: fay.organizationId!, breaching: 'false' });
      expect(others.tickets.map((ticket) => ticket.id)).toEqual([fresh.id, calm, answered, closed]);
      // One at a time, across the two runs.
      expect(await walk({ organizationId: fay.organizationId!, limit: '1' })).toEqual(
        tickets.map((ticket) => ticket.id),
      );
      expect(await walk({ organizationId: fay.organizationId!, limit: '2' })).toEqual(
        tickets.map((ticket) => ticket.id),
      );
    });
  });
});
