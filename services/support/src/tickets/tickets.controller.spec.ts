import { randomUUID } from 'node:crypto';
import {
  type CreateTicketRequest,
  subjects,
  type Ticket,
  ticketCreatedDataSchema,
  ticketListResponseSchema,
  ticketMessages,
  ticketSchema,
  teamMessages,
  unstorableTextMessage,
} from '@portal/contracts';
import { MembershipVersions } from '@portal/auth';
import { expectJsonError, type JsonResponse, postRawBody, request, startForSuite } from '@portal/testing';
import { type Customer, startSupport } from '../test/support-harness';

type Answer = JsonResponse<Ticket & { statusCode?: number; message?: string }>;

describe('/api/support/tickets', () => {
  const stack = startForSuite(startSupport);
  let alice: Customer;
  let bob: Customer;

  const call = (method: string, path: string, who?: Customer, body?: unknown): Promise<Answer> =>
    request(stack().service.baseUrl, method, path, { token: who?.token, body });
  const list = (who?: Customer) => call('GET', '/api/support/tickets', who);
  const open = (who: Customer | undefined, body: unknown) => call('POST', '/api/support/tickets', who, body);
  const getOne = (id: string, who?: Customer) => call('GET', `/api/support/tickets/${id}`, who);
  const post = (who: Customer, body: string, contentType: string) =>
    postRawBody(`${stack().service.baseUrl}/api/support/tickets`, body, contentType, {
      authorization: `Bearer ${who.token}`,
    });
  const valid = (): CreateTicketRequest => ({
    title: 'Voicemail transcripts stopped arriving',
    description: 'Since this morning no voicemail transcript has reached our shared inbox.',
  });
  const rows = (sql: string, params: unknown[] = []) =>
    stack().service.dataSource.query(sql, params) as Promise<Record<string, unknown>[]>;
  const stored = async () => {
    const [{ tickets }] = await rows('SELECT count(*)::int AS tickets FROM tickets');
    const [{ events }] = await rows('SELECT count(*)::int AS events FROM outbox');
    return { tickets, events };
  };

  beforeAll(async () => {
    [alice, bob] = await Promise.all([stack().signIn(), stack().signIn()]);
  });

  describe('GET /api/support/tickets', () => {
    it("lists only the caller's tickets, newest first", async () => {
      const first = (await open(alice, { ...valid(), title: 'Hold music is too loud' })).body.id;
      const second = (await open(alice, { ...valid(), title: 'Add a holiday greeting' })).body.id;
      const bobs = (await open(bob, valid())).body.id;

      const response = await list(alice);
      expect(response.status).toBe(200);
      const tickets = ticketListResponseSchema.parse(response.body);
      expect(tickets.map((ticket) => ticket.title)).toEqual([
        'Add a holiday greeting',
        'Hold music is too loud',
      ]);
      expect(tickets.map((ticket) => ticket.id)).toEqual([second, first]);

      const bobsList = ticketListResponseSchema.parse((await list(bob)).body);
      expect(bobsList.map((ticket) => ticket.id)).toEqual([bobs]);
    });

    it('gives a new customer an empty list', async () => {
      expect(await list(await stack().signIn())).toMatchObject({ status: 200, body: [] });
    });

    it('orders tickets opened at the same instant by id, the greater first', async () => {
      const carol = await stack().signIn();
      const ids = [randomUUID(), randomUUID(), randomUUID()];
      for (const id of ids) {
        await rows(
          `INSERT INTO tickets (id, customer_id, organization_id, title, description, created_at)
           VALUES ($1, $2, $3, 'Same instant', 'Opened together', '2026-01-05T15:00:00Z')`,
          [id, carol.id, carol.organizationId],
        );
      }
      const tickets = ticketListResponseSchema.parse((await list(carol)).body);
      expect(tickets.map((ticket) => ticket.id)).toEqual([...ids].sort().reverse());
    });
  });

  describe('POST /api/support/tickets', () => {
    it('opens the ticket, stores it for the caller and queues exactly one portal.tickets.created', async () => {
      const response = await open(alice, {
        title: '  Callers hear silence after the IVR menu ',
        description: '\n Option 3 drops callers into silence instead of the billing queue.  ',
      });
      expect(response.status).toBe(201);
      const ticket = ticketSchema.parse(response.body);
      expect(response.body).toEqual({
        id: ticket.id,
        title: 'Callers hear silence after the IVR menu',
        description: 'Option 3 drops callers into silence instead of the billing queue.',
        priority: 'medium',
        status: 'open',
        createdAt: expect.any(String),
        updatedAt: ticket.createdAt,
      });

      const [row] = await rows('SELECT * FROM tickets WHERE id = $1', [ticket.id]);
      expect(row).toMatchObject({
        customer_id: alice.id,
        organization_id: alice.organizationId,
        title: ticket.title,
        description: ticket.description,
        priority: 'medium',
        status: 'open',
      });
      expect((row.created_at as Date).toISOString()).toBe(ticket.createdAt);

      const events = await rows(`SELECT * FROM outbox WHERE subject = $1 AND data->>'ticketId' = $2`, [
        subjects.ticketCreated,
        ticket.id,
      ]);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ type: 'ticket.created', version: 1, published_at: null });
      expect(ticketCreatedDataSchema.parse(events[0].data)).toEqual({
        ticketId: ticket.id,
        customerId: alice.id,
        organizationId: alice.organizationId,
        title: 'Callers hear silence after the IVR menu',
        priority: 'medium',
        status: 'open',
        createdAt: ticket.createdAt,
      });

      expect(await getOne(ticket.id, alice)).toMatchObject({ status: 200, body: response.body });
    });

    it.each(['low', 'medium', 'high', 'urgent'] as const)('accepts priority %s', async (priority) => {
      const response = await open(alice, { ...valid(), priority });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ priority, status: 'open' });
      const [row] = await rows('SELECT priority FROM tickets WHERE id = $1', [response.body.id]);
      expect(row.priority).toBe(priority);
    });

    it('answers 403 to a customer outside any organization, storing nothing', async () => {
      const solo = await stack().signIn('customer', { org: null, orgRole: null });
      const before = await stored();
      for (const [method, path, body] of [
        ['POST', '/api/support/tickets', valid()],
        ['GET', '/api/support/tickets'],
        ['GET', `/api/support/tickets/${randomUUID()}`],
      ] as const) {
        expect(await call(method, path, solo, body)).toMatchObject({
          status: 403,
          body: { statusCode: 403, message: teamMessages.noOrganization },
        });
      }
      expect(await stored()).toEqual(before);
    });

    it('accepts a title and a description of exactly the longest length, after trimming', async () => {
      const title = 't'.repeat(200);
      const description = 'd'.repeat(5000);
      const response = await open(alice, { title: `  ${title}  `, description: ` ${description}\n` });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ title, description });
    });

    it('keeps accents, emoji, tabs and line breaks as written', async () => {
      const body = {
        title: 'Cola en español 📞 para clientes',
        description: 'Steps:\n\t1. Call the main line\n\t2. Press 2 → silence 😕',
      };
      const response = await open(alice, body);
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject(body);
      const [row] = await rows('SELECT title, description FROM tickets WHERE id = $1', [response.body.id]);
      expect(row).toEqual(body);
    });

    const refusals: [string, unknown, string][] = [
      ['no title', { description: 'Callers wait too long.' }, ticketMessages.titleRequired],
      ['an empty title', { ...valid(), title: '' }, ticketMessages.titleRequired],
      ['a blank title', { ...valid(), title: ' \t\n ' }, ticketMessages.titleRequired],
      ['a title that is not text', { ...valid(), title: 42 }, ticketMessages.titleRequired],
      ['no description', { title: 'Slow answers' }, ticketMessages.descriptionRequired],
      ['an empty description', { ...valid(), description: '' }, ticketMessages.descriptionRequired],
      ['a blank description', { ...valid(), description: '   ' }, ticketMessages.descriptionRequired],
      ['a description that is null', { ...valid(), description: null }, ticketMessages.descriptionRequired],
      [
        'an unknown priority',
        { ...valid(), priority: 'critical' },
        'Priority must be low, medium, high or urgent',
      ],
      [
        'a priority in capitals',
        { ...valid(), priority: 'HIGH' },
        'Priority must be low, medium, high or urgent',
      ],
      ['a null priority', { ...valid(), priority: null }, 'Priority must be low, medium, high or urgent'],
      [
        'a title over 200 characters',
        { ...valid(), title: 'x'.repeat(201) },
        'Must be at most 200 characters',
      ],
      [
        'a description over 5000 characters',
        { ...valid(), description: 'x'.repeat(5001) },
        'Must be at most 5000 characters',
      ],
      ['a status', { ...valid(), status: 'closed' }, 'Unrecognized key: "status"'],
      ['a customerId', { ...valid(), customerId: randomUUID() }, 'Unrecognized key: "customerId"'],
      ['a userId', { ...valid(), userId: randomUUID() }, 'Unrecognized key: "userId"'],
      ['a NUL in the title', { ...valid(), title: 'Slow\u0000answers' }, unstorableTextMessage],
      [
        'an unpaired surrogate in the description',
        { ...valid(), description: 'Callers hear \ud83d static' },
        unstorableTextMessage,
      ],
    ];
    it.each(refusals)('refuses a ticket with %s, saying so, and stores nothing', async (_, body, message) => {
      const before = await stored();
      const response = await open(alice, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ statusCode: 400, message });
      expect(await stored()).toEqual(before);
    });

    it('refuses a body that is not an object', async () => {
      const before = await stored();
      for (const body of [[valid()], 'Callers wait too long', null]) {
        const response = await open(alice, body);
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ statusCode: 400, message: expect.stringMatching(/expected object/) });
      }
      expect(await stored()).toEqual(before);
    });

    it('answers JSON errors to a body that is not JSON, or not well-formed JSON', async () => {
      const before = await stored();
      for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
        await expectJsonError(await post(alice, 'title=Slow&description=Answers', contentType), 415);
      }
      await expectJsonError(await post(alice, '{"title": "Slow answers",', 'application/json'), 400);
      expect(await stored()).toEqual(before);
    });
  });

  describe('GET /api/support/tickets/:id', () => {
    it('answers the ticket to its owner, and 404 to anyone else, for an unknown id or a malformed one', async () => {
      const created = await open(bob, { ...valid(), priority: 'urgent' });
      const mine = await getOne(created.body.id, bob);
      expect(mine.status).toBe(200);
      expect(ticketSchema.parse(mine.body)).toEqual(created.body);

      for (const [path, who] of [
        [created.body.id, alice],
        [randomUUID(), bob],
        ['42', bob],
        ["1'%20or%20'1'='1", bob],
      ] as const) {
        expect(await getOne(path, who)).toMatchObject({
          status: 404,
          body: { statusCode: 404, message: ticketMessages.ticketNotFound },
        });
      }
    });
  });

  describe('access', () => {
    const routes = (): [string, string, unknown?][] => [
      ['GET', '/api/support/tickets'],
      ['POST', '/api/support/tickets', valid()],
      ['GET', `/api/support/tickets/${randomUUID()}`],
    ];

    it.each([
      ['401 without a token', [undefined], { statusCode: 401, message: 'Authentication required' }],
      [
        '403 to staff',
        ['admin', 'super_admin', 'billing', 'crm_manager'],
        { statusCode: 403, message: 'You do not have permission to do this' },
      ],
    ])('answers %s on every route, storing nothing', async (_, roles, answer) => {
      const before = await stored();
      for (const role of roles) {
        const who = role === undefined ? undefined : await stack().signIn(role);
        for (const [method, path, body] of routes()) {
          expect(await call(method, path, who, body)).toMatchObject({
            status: answer.statusCode,
            body: answer,
          });
        }
      }
      expect(await stored()).toEqual(before);
    });

    it('serves the role user like customer', async () => {
      const user = await stack().signIn('user');
      const created = await open(user, valid());
      expect(created.status).toBe(201);
      expect((await list(user)).body).toEqual([created.body]);
    });
  });

  describe('in an organization of several members', () => {
    it("shows every member, whatever their role, the organization's tickets, each still the one who opened it's", async () => {
      const organizationId = randomUUID();
      const owner = await stack().signIn('customer', { org: organizationId, orgRole: 'owner' });
      const member = await stack().signIn('customer', { org: organizationId, orgRole: 'member' });
      const others = await Promise.all(
        (['admin', 'billing', 'crm_manager'] as const).map((orgRole) =>
          stack().signIn('customer', { org: organizationId, orgRole }),
        ),
      );
      const byOwner = (await open(owner, { ...valid(), title: 'Opened by the owner' })).body.id;
      const byMember = (await open(member, { ...valid(), title: 'Opened by a member' })).body.id;
      expect([byOwner, byMember].every(Boolean)).toBe(true);

      for (const who of [owner, member, ...others]) {
        const response = await list(who);
        expect(response.status).toBe(200);
        expect(ticketListResponseSchema.parse(response.body).map((ticket) => ticket.id)).toEqual([
          byMember,
          byOwner,
        ]);
        expect(await getOne(byOwner, who)).toMatchObject({ status: 200, body: { id: byOwner } });
        expect(await getOne(byMember, who)).toMatchObject({ status: 200, body: { id: byMember } });
      }
      const openers = await rows(
        'SELECT id, customer_id, organization_id FROM tickets WHERE id = ANY($1) ORDER BY title',
        [[byOwner, byMember]],
      );
      expect(openers).toEqual([
        { id: byMember, customer_id: member.id, organization_id: organizationId },
        { id: byOwner, customer_id: owner.id, organization_id: organizationId },
      ]);
    });

    it("ends a removed member's access to the organization's tickets on their next request", async () => {
      const organizationId = randomUUID();
      const owner = await stack().signIn('customer', { org: organizationId, orgRole: 'owner' });
      const removed = await stack().signIn('customer', { org: organizationId, orgRole: 'member', mv: 3 });
      const ticket = (await open(owner, valid())).body.id;
      expect((await getOne(ticket, removed)).status).toBe(200);
      stack()
        .service.app.get(MembershipVersions)
        .record({ organizationId, userId: removed.id, version: 4, changedAt: new Date().toISOString() });
      for (const answer of [
        await getOne(ticket, removed),
        await list(removed),
        await open(removed, valid()),
      ]) {
        expect(answer).toMatchObject({
          status: 401,
          body: { statusCode: 401, message: teamMessages.membershipChanged },
        });
      }
      expect((await getOne(ticket, owner)).status).toBe(200);
    });

    it('answers 404 to a member of another organization for every ticket of this one, and lists none of them', async () => {
      const organizationId = randomUUID();
      const owner = await stack().signIn('customer', { org: organizationId, orgRole: 'owner' });
      const ticket = (await open(owner, valid())).body.id;
      // Organization B's owner and member; one of them even the same person as A's owner.
      for (const outsider of [
        await stack().signIn('customer', { orgRole: 'owner' }),
        await stack().signIn('customer', { orgRole: 'member' }),
        await stack().signIn('customer', { sub: owner.id, orgRole: 'member' }),
      ]) {
        expect(await getOne(ticket, outsider)).toMatchObject({
          status: 404,
          body: { statusCode: 404, message: ticketMessages.ticketNotFound },
        });
        expect(((await list(outsider)).body as unknown as Ticket[]).map((each) => each.id)).not.toContain(
          ticket,
        );
      }
    });
  });
});
