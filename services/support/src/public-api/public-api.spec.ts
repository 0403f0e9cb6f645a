import { randomUUID } from 'node:crypto';
import {
  apiErrorBodySchema,
  type ApiKeyScope,
  events,
  fromPublicId,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  ticketCreatedDataSchema,
  ticketUpdatedDataSchema,
  toPublicId,
  type V1Ticket,
  type V1TicketList,
  v1AgentListSchema,
  v1TicketListSchema,
  v1TicketSchema,
  webhookMessages,
} from '@portal/contracts';
import { IdempotencyService } from '@portal/nest-http';
import { expectV1Error, type JsonResponse, postRawBody, request, startForSuite } from '@portal/testing';
import { startSupport } from '../test/support-harness';
import { TicketsService } from '../tickets/tickets.service';

type Body = Record<string, unknown>;

/** An API key as the gateway forwards it: the API token identity minted for it. */
interface Key {
  organizationId: string;
  keyId: string;
  creatorId: string;
  token: string;
}

describe('/v1 (the public API in support)', () => {
  const stack = startForSuite(startSupport);

  const keyOf = async (
    organizationId: string = randomUUID(),
    scopes: ApiKeyScope[] = ['tickets:read', 'tickets:write', 'agents:read'],
  ): Promise<Key> => {
    const { claims, token } = await stack().apiToken({ org: organizationId, scp: scopes });
    return { organizationId, keyId: claims.sub, creatorId: claims.usr, token };
  };

  const call = <T = Body>(
    method: string,
    path: string,
    key?: Key,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<JsonResponse<T>> =>
    request<T>(stack().service.baseUrl, method, path, { token: key?.token, ...options });

  const open = (key: Key, body: Body = valid(), headers: Record<string, string> = {}) =>
    call<V1Ticket>('POST', '/v1/tickets', key, { body, headers });

  const valid = (): Body => ({
    customer_id: 'cus_8812',
    subject: 'Caller cannot reach the billing queue',
    priority: 'high',
    description: 'The IVR drops the call after option 2.',
    callback_url: 'https://example.com/hooks/tickets',
  });

  const rows = <T = Body>(sql: string, params: unknown[] = []) =>
    stack().service.dataSource.query(sql, params) as Promise<T[]>;

  const addAgent = async (name: string, organizationId: string, active = true) => {
    const id = randomUUID();
    await rows('INSERT INTO agents (id, name, title, email, active) VALUES ($1, $2, $3, $4, $5)', [
      id,
      name,
      'Support Specialist',
      `${name.toLowerCase().replace(/\W+/g, '.')}.${id.slice(0, 8)}@millstonecx.com`,
      active,
    ]);
    await rows('INSERT INTO agent_assignments (agent_id, organization_id) VALUES ($1, $2)', [
      id,
      organizationId,
    ]);
    return id;
  };

  describe('POST /v1/tickets', () => {
    it("opens a ticket in the key's organization for the key's creator, as the API shows it", async () => {
      const key = await keyOf();
      const response = await open(key);
      expect(response.status).toBe(201);
      const ticket = v1TicketSchema.strict().parse(response.body);
      expect(ticket).toMatchObject({
        object: 'ticket',
        customer_id: 'cus_8812',
        subject: 'Caller cannot reach the billing queue',
        description: 'The IVR drops the call after option 2.',
        priority: 'high',
        status: 'open',
        assigned_agent: null,
        callback_url: 'https://example.com/hooks/tickets',
      });
      expect(ticket.id).toMatch(/^tkt_[0-9a-f]{32}$/);
      expect(response.headers.get('idempotent-replayed')).toBeNull();

      const [stored] = await rows(
        `SELECT id, organization_id, customer_id, api_key_id, customer_reference, callback_url, title
         FROM tickets WHERE organization_id = $1`,
        [key.organizationId],
      );
      expect(toPublicId('ticket', stored.id as string)).toBe(ticket.id);
      expect(stored).toMatchObject({
        customer_id: key.creatorId,
        api_key_id: key.keyId,
        customer_reference: 'cus_8812',
        callback_url: 'https://example.com/hooks/tickets',
        title: 'Caller cannot reach the billing queue',
      });

      // ticket.created carries the caller's reference and callback (the webhooks read them).
      const [event] = await rows<{ data: Body }>(
        `SELECT data FROM outbox WHERE subject = $1 AND data->>'ticketId' = $2`,
        [events.ticketCreated.subject, stored.id],
      );
      expect(ticketCreatedDataSchema.parse(event.data)).toMatchObject({
        ticketId: stored.id,
        organizationId: key.organizationId,
        customerId: key.creatorId,
        customerReference: 'cus_8812',
        callbackUrl: 'https://example.com/hooks/tickets',
      });
    });

    it('defaults the priority to medium and takes the subject as the description when none is given', async () => {
      const response = await open(await keyOf(), { customer_id: 'cus_1', subject: 'Please call me back' });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        priority: 'medium',
        description: 'Please call me back',
        callback_url: null,
      });
    });

    it('answers validation errors in the documented shape, naming the field', async () => {
      const key = await keyOf();
      const { subject: _subject, ...withoutSubject } = valid();
      expectV1Error(await open(key, withoutSubject), 400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        param: 'subject',
        message: 'subject is required',
      });
      expectV1Error(await open(key, { ...valid(), subject: '   ' }), 400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid',
        param: 'subject',
        message: 'subject is required',
      });
      expectV1Error(await open(key, { ...valid(), priority: 'urgent' }), 400, {
        code: 'parameter_invalid',
        param: 'priority',
        message: 'priority must be one of low, medium, high',
      });
      expectV1Error(await open(key, { ...valid(), callback_url: 'ftp://example.com/x' }), 400, {
        code: 'parameter_invalid',
        param: 'callback_url',
        message: 'callback_url must be an http(s) URL',
      });
      expectV1Error(await open(key, { ...valid(), status: 'closed' }), 400, {
        code: 'parameter_unknown',
        param: 'status',
      });
      expectV1Error(await open(key, { ...valid(), subject: 'x'.repeat(201) }), 400, {
        code: 'parameter_invalid',
        param: 'subject',
        message: 'subject must be at most 200 characters',
      });
      const [{ count }] = await rows<{ count: number }>(
        'SELECT count(*)::int AS count FROM tickets WHERE organization_id = $1',
        [key.organizationId],
      );
      expect(count).toBe(0);
    });

    it('refuses a callback_url reaching a loopback, private or link-local address (400 callback_url), storing nothing', async () => {
      const key = await keyOf();
      for (const url of [
        'http://127.0.0.1:8080/hooks',
        'http://10.1.2.3/hooks',
        'https://192.168.0.10/hooks',
        'http://169.254.169.254/latest/meta-data',
        'http://[::1]/hooks',
        'http://2130706433/hooks', // 127.0.0.1 spelt as one number
      ]) {
        const response = await open(key, { ...valid(), callback_url: url }, { 'Idempotency-Key': url });
        expectV1Error(response, 400, {
          type: 'invalid_request_error',
          code: 'parameter_invalid',
          param: 'callback_url',
          message: webhookMessages.callbackUrlRefused,
        });
      }
      const [{ tickets, keys }] = await rows<{ tickets: number; keys: number }>(
        `SELECT (SELECT count(*)::int FROM tickets WHERE organization_id = $1) AS tickets,
                (SELECT count(*)::int FROM idempotency_keys WHERE organization_id = $1) AS keys`,
        [key.organizationId],
      );
      expect({ tickets, keys }).toEqual({ tickets: 0, keys: 0 });
    });

    it('carries the ticket as GET /v1/tickets/{id} shows it in the events of its changes, for crm to post to its callback_url', async () => {
      const key = await keyOf();
      const created = v1TicketSchema.parse((await open(key)).body);
      const id = fromPublicId('ticket', created.id)!;
      await stack()
        .service.app.get(TicketsService)
        .changeForStaff(id, { status: 'in_progress', priority: 'urgent' });
      const shown = await call<V1Ticket>('GET', `/v1/tickets/${created.id}`, key);
      expect(shown.body).toMatchObject({ status: 'in_progress', priority: 'urgent' });
      const [event] = await rows<{ data: Body }>(
        `SELECT data FROM outbox WHERE subject = $1 AND data->>'ticketId' = $2`,
        [events.ticketUpdated.subject, id],
      );
      expect(ticketUpdatedDataSchema.parse(event.data).apiTicket).toEqual(shown.body);

      // A ticket without a callback_url (the dashboard's, or the API's without one) carries none.
      const plain = v1TicketSchema.parse((await open(key, { ...valid(), callback_url: undefined })).body);
      const plainId = fromPublicId('ticket', plain.id)!;
      await stack().service.app.get(TicketsService).changeForStaff(plainId, { priority: 'low' });
      const [plainEvent] = await rows<{ data: Body }>(
        `SELECT data FROM outbox WHERE subject = $1 AND data->>'ticketId' = $2`,
        [events.ticketUpdated.subject, plainId],
      );
      expect(plainEvent.data).not.toHaveProperty('apiTicket');
    });

    it('answers malformed JSON and a body that is no object as body_not_json, with the request id', async () => {
      const key = await keyOf();
      const raw = await postRawBody(
        `${stack().service.baseUrl}/v1/tickets`,
        '{"subject": ',
        'application/json',
        {
          authorization: `Bearer ${key.token}`,
          'x-request-id': 'req_malformed_1',
        },
      );
      expect(raw.status).toBe(400);
      expect(raw.headers.get('x-request-id')).toBe('req_malformed_1');
      expect(apiErrorBodySchema.strict().parse(await raw.json())).toEqual({
        error: {
          type: 'invalid_request_error',
          code: 'body_not_json',
          message: 'The request body is not valid JSON.',
          param: null,
          request_id: 'req_malformed_1',
        },
      });
      expectV1Error(await call('POST', '/v1/tickets', key, { body: ['a'] }), 400, { code: 'body_not_json' });
      const text = await postRawBody(`${stack().service.baseUrl}/v1/tickets`, 'subject=Hi', 'text/plain', {
        authorization: `Bearer ${key.token}`,
      });
      expect(text.status).toBe(415);
      expect(apiErrorBodySchema.parse(await text.json()).error).toMatchObject({
        type: 'invalid_request_error',
        code: 'body_not_json',
      });
    });

    it('answers 401 invalid_api_key without a valid API token, and never takes a member token', async () => {
      expectV1Error(await call('POST', '/v1/tickets', undefined, { body: valid() }), 401, {
        type: 'authentication_error',
        code: 'invalid_api_key',
      });
      const member = await stack().signIn();
      const response = await request(stack().service.baseUrl, 'POST', '/v1/tickets', {
        token: member.token,
        body: valid(),
      });
      expectV1Error(response, 401, { type: 'authentication_error', code: 'invalid_api_key' });
      // Nor is an API token ever a member's access token on the dashboard's routes.
      const key = await keyOf();
      for (const path of ['/api/support/tickets', '/api/support/staff/agents']) {
        expect(await call('GET', path, key)).toMatchObject({ status: 401, body: { statusCode: 401 } });
      }
    });

    it('answers 403 missing_scope for a key without tickets:write', async () => {
      const key = await keyOf(randomUUID(), ['tickets:read']);
      expectV1Error(await open(key), 403, {
        type: 'permission_error',
        code: 'missing_scope',
        message: expect.stringContaining('tickets:write'),
      });
      const [{ count }] = await rows<{ count: number }>(
        'SELECT count(*)::int AS count FROM tickets WHERE organization_id = $1',
        [key.organizationId],
      );
      expect(count).toBe(0);
    });

    it("assigns the account's active agent with the fewest open tickets, ties by name", async () => {
      const organizationId = randomUUID();
      const key = await keyOf(organizationId);
      const zoe = await addAgent('Zoe Park', organizationId);
      const adam = await addAgent('Adam Reyes', organizationId);
      await addAgent('Aaron Inactive', organizationId, false);
      await addAgent('Aaron Elsewhere', randomUUID());

      const assigned: (string | null)[] = [];
      for (let i = 0; i < 4; i += 1) assigned.push((await open(key)).body.assigned_agent);
      // Tie at 0: Adam (by name); then Zoe has fewer; then tie at 1 again: Adam; then Zoe.
      const [a, z] = [toPublicId('agent', adam), toPublicId('agent', zoe)];
      expect(assigned).toEqual([a, z, a, z]);

      // Adam's tickets resolved: the next two go to him.
      await rows(`UPDATE tickets SET status = 'resolved' WHERE assigned_agent_id = $1`, [adam]);
      expect((await open(key)).body.assigned_agent).toBe(a);
      expect((await open(key)).body.assigned_agent).toBe(a);

      // Tickets opened at once still spread evenly.
      const other = await keyOf();
      const first = await addAgent('Bea One', other.organizationId);
      const second = await addAgent('Bea Two', other.organizationId);
      await Promise.all(Array.from({ length: 6 }, () => open(other)));
      const counts = await rows<{ assigned_agent_id: string; count: number }>(
        `SELECT assigned_agent_id, count(*)::int AS count FROM tickets WHERE organization_id = $1
         GROUP BY assigned_agent_id ORDER BY assigned_agent_id`,
        [other.organizationId],
      );
      expect(counts.map((row) => row.count)).toEqual([3, 3]);
      expect(counts.map((row) => row.assigned_agent_id).sort()).toEqual([first, second].sort());
    });

    it("assigns the account's agent to a ticket opened in the dashboard too", async () => {
      const member = await stack().signIn();
      const agent = await addAgent('Dana Cole', member.organizationId!);
      const response = await request(stack().service.baseUrl, 'POST', '/api/support/tickets', {
        token: member.token,
        body: { title: 'Dashboard ticket', description: 'Opened in the Support tab.' },
      });
      expect(response.status).toBe(201);
      const [stored] = await rows(
        'SELECT assigned_agent_id, api_key_id, customer_reference FROM tickets WHERE id = $1',
        [response.body.id],
      );
      expect(stored).toEqual({ assigned_agent_id: agent, api_key_id: null, customer_reference: null });
      // The API shows it with its agent and no customer reference.
      const key = await keyOf(member.organizationId!);
      const shown = await call<V1Ticket>(
        'GET',
        `/v1/tickets/${toPublicId('ticket', response.body.id as string)}`,
        key,
      );
      expect(shown.body).toMatchObject({ customer_id: null, assigned_agent: toPublicId('agent', agent) });
    });
  });

  describe('Idempotency-Key', () => {
    const count = async (organizationId: string) =>
      (
        await rows<{ count: number }>(
          'SELECT count(*)::int AS count FROM tickets WHERE organization_id = $1',
          [organizationId],
        )
      )[0].count;

    it('replays the first answer to a retry of the same request, with Idempotent-Replayed', async () => {
      const key = await keyOf();
      const first = await open(key, valid(), { 'idempotency-key': 'retry-1' });
      expect(first.status).toBe(201);
      // The same body written in another key order is the same request.
      const reordered = Object.fromEntries(Object.entries(valid()).reverse());
      const again = await open(key, reordered, { 'idempotency-key': 'retry-1' });
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(await count(key.organizationId)).toBe(1);

      // The same key in another organization is another key.
      const other = await keyOf();
      expect(
        (await open(other, valid(), { 'idempotency-key': 'retry-1' })).headers.get('idempotent-replayed'),
      ).toBeNull();
      expect(await count(other.organizationId)).toBe(1);
    });

    it('refuses the same key with another body (400 idempotency_key_in_use)', async () => {
      const key = await keyOf();
      await open(key, valid(), { 'idempotency-key': 'reused' });
      expectV1Error(
        await open(key, { ...valid(), subject: 'Something else' }, { 'idempotency-key': 'reused' }),
        400,
        {
          type: 'idempotency_error',
          code: 'idempotency_key_in_use',
          param: null,
        },
      );
      expect(await count(key.organizationId)).toBe(1);
    });

    it('refuses a key longer than the maximum or empty (400 idempotency_key_invalid)', async () => {
      const key = await keyOf();
      for (const header of ['k'.repeat(IDEMPOTENCY_KEY_MAX_LENGTH + 1), ' ']) {
        expectV1Error(await open(key, valid(), { 'idempotency-key': header }), 400, {
          type: 'idempotency_error',
          code: 'idempotency_key_invalid',
        });
      }
      expect(
        (await open(key, valid(), { 'idempotency-key': 'k'.repeat(IDEMPOTENCY_KEY_MAX_LENGTH) })).status,
      ).toBe(201);
      expect(await count(key.organizationId)).toBe(1);
    });

    it('answers 409 while the first request with the key is still running', async () => {
      const key = await keyOf();
      // The first request holds the key's lock as a running request does, until released.
      const holder = stack().service.dataSource.createQueryRunner();
      await holder.connect();
      await holder.startTransaction();
      await holder.query(
        `SELECT pg_advisory_xact_lock(hashtextextended('v1.idempotency:' || $1 || ':' || $2, 0))`,
        [key.organizationId, 'running'],
      );
      try {
        expectV1Error(await open(key, valid(), { 'idempotency-key': 'running' }), 409, {
          type: 'idempotency_error',
          code: 'idempotency_request_in_progress',
        });
      } finally {
        await holder.rollbackTransaction();
        await holder.release();
      }
      expect((await open(key, valid(), { 'idempotency-key': 'running' })).status).toBe(201);
    });

    it('never opens two tickets for one key, however many requests race', async () => {
      const key = await keyOf();
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => open(key, valid(), { 'idempotency-key': 'race' })),
      );
      expect(await count(key.organizationId)).toBe(1);
      const created = answers.filter((answer) => answer.status === 201);
      expect(created.length).toBeGreaterThanOrEqual(1);
      expect(new Set(created.map((answer) => answer.body.id)).size).toBe(1);
      expect(created.filter((answer) => answer.headers.get('idempotent-replayed') === null)).toHaveLength(1);
      for (const answer of answers.filter((a) => a.status !== 201)) {
        expectV1Error(answer, 409, { code: 'idempotency_request_in_progress' });
      }
    });

    it('answers a key past its hours anew, and purges old keys', async () => {
      const key = await keyOf();
      const first = await open(key, valid(), { 'idempotency-key': 'old' });
      await rows(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = 'old'`);
      const second = await open(key, valid(), { 'idempotency-key': 'old' });
      expect(second.status).toBe(201);
      expect(second.body.id).not.toBe(first.body.id);
      expect(second.headers.get('idempotent-replayed')).toBeNull();

      await rows(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = 'old'`);
      expect(await stack().service.app.get(IdempotencyService).purge()).toBeGreaterThanOrEqual(1);
      expect(await rows(`SELECT 1 FROM idempotency_keys WHERE key = 'old'`)).toEqual([]);
    });
  });

  describe('GET /v1/tickets and /v1/tickets/:id', () => {
    it("reads only the key's organization: another's ticket is 404, never in the list", async () => {
      const a = await keyOf();
      const b = await keyOf();
      const mine = (await open(a)).body;
      const theirs = (await open(b, { ...valid(), subject: "B's ticket" })).body;

      const got = await call<V1Ticket>('GET', `/v1/tickets/${mine.id}`, a);
      expect(got.status).toBe(200);
      expect(v1TicketSchema.strict().parse(got.body)).toEqual(mine);

      expectV1Error(await call('GET', `/v1/tickets/${theirs.id}`, a), 404, {
        type: 'not_found_error',
        code: 'resource_missing',
        param: 'id',
      });
      const list = v1TicketListSchema.parse((await call('GET', '/v1/tickets?limit=100', a)).body);
      expect(list.data.map((ticket) => ticket.id)).toEqual([mine.id]);
      // B's ticket as a cursor of A's list names nothing of A's.
      expectV1Error(await call('GET', `/v1/tickets?starting_after=${theirs.id}`, a), 400, {
        code: 'resource_missing',
        param: 'starting_after',
      });
    });

    it('answers 404 resource_missing for ids that are not tickets', async () => {
      const key = await keyOf();
      for (const id of ['nope', toPublicId('agent', randomUUID()), toPublicId('ticket', randomUUID())]) {
        expectV1Error(await call('GET', `/v1/tickets/${id}`, key), 404, {
          code: 'resource_missing',
          param: 'id',
        });
      }
    });

    it('answers 403 missing_scope without tickets:read', async () => {
      const key = await keyOf(randomUUID(), ['tickets:write']);
      expectV1Error(await call('GET', '/v1/tickets', key), 403, {
        type: 'permission_error',
        code: 'missing_scope',
        message: expect.stringContaining('tickets:read'),
      });
      expectV1Error(await call('GET', `/v1/tickets/${toPublicId('ticket', randomUUID())}`, key), 403, {
        code: 'missing_scope',
      });
    });

    it('pages newest first with limit, has_more, next_cursor and starting_after', async () => {
      const key = await keyOf();
      const ids: string[] = [];
      // Five tickets, two of them opened at the same instant (ordered by id).
      for (let i = 0; i < 5; i += 1) {
        const id = randomUUID();
        ids.push(id);
        await rows(
          `INSERT INTO tickets (id, customer_id, organization_id, title, description, created_at)
           VALUES ($1, $2, $3, $4, 'Paged', $5)`,
          [
            id,
            randomUUID(),
            key.organizationId,
            `Ticket ${i}`,
            i === 4 ? '2026-03-01T10:00:03Z' : `2026-03-01T10:00:0${i}Z`,
          ],
        );
      }
      const newestFirst = (
        await rows<{ id: string }>(
          'SELECT id FROM tickets WHERE organization_id = $1 ORDER BY created_at DESC, id DESC',
          [key.organizationId],
        )
      ).map((row) => toPublicId('ticket', row.id));

      const seen: string[] = [];
      let cursor: string | null = null;
      const pages: V1TicketList[] = [];
      do {
        const query: string = cursor ? `?limit=2&starting_after=${cursor}` : '?limit=2';
        const response = await call<V1TicketList>('GET', `/v1/tickets${query}`, key);
        expect(response.status).toBe(200);
        const page = v1TicketListSchema.strict().parse(response.body);
        pages.push(page);
        seen.push(...page.data.map((ticket) => ticket.id));
        cursor = page.next_cursor;
      } while (cursor);
      expect(seen).toEqual(newestFirst);
      expect(pages.map((page) => [page.data.length, page.has_more])).toEqual([
        [2, true],
        [2, true],
        [1, false],
      ]);
      expect(pages[0].next_cursor).toBe(pages[0].data[1].id);
      expect(pages[2].next_cursor).toBeNull();
      // The default page holds them all (10); an exact fit has no more.
      const all = v1TicketListSchema.parse((await call('GET', '/v1/tickets', key)).body);
      expect([all.data.length, all.has_more, all.next_cursor]).toEqual([5, false, null]);
      const exact = v1TicketListSchema.parse((await call('GET', '/v1/tickets?limit=5', key)).body);
      expect([exact.has_more, exact.next_cursor]).toEqual([false, null]);
    });

    it('answers bad list parameters in the documented shape', async () => {
      const key = await keyOf();
      for (const limit of ['0', '101', 'ten', '2.5']) {
        expectV1Error(await call('GET', `/v1/tickets?limit=${limit}`, key), 400, {
          type: 'invalid_request_error',
          code: 'parameter_invalid',
          param: 'limit',
          message: 'limit must be a whole number from 1 to 100',
        });
      }
      expectV1Error(await call('GET', '/v1/tickets?starting_after=123', key), 400, {
        code: 'parameter_invalid',
        param: 'starting_after',
      });
      expectV1Error(await call('GET', '/v1/tickets?page=2', key), 400, {
        code: 'parameter_unknown',
        param: 'page',
      });
    });

    it('answers an unknown /v1 route in the documented shape', async () => {
      const key = await keyOf();
      const path = `/v1/tickets/${toPublicId('ticket', randomUUID())}/messages`;
      expectV1Error(await call('GET', `${path}?limit=1`, key), 404, {
        type: 'invalid_request_error',
        code: 'route_not_found',
        message: `No such endpoint: GET ${path}`,
      });
      // /api keeps its own shape.
      const api = await request(stack().service.baseUrl, 'GET', '/api/support/nothing-here');
      expect(api.body).toMatchObject({ statusCode: 404 });
    });
  });

  describe('a deleted organization', () => {
    it('loses its kept idempotent answers and its agents with its tickets', async () => {
      const key = await keyOf();
      await addAgent('Gone With It', key.organizationId);
      expect((await open(key, valid(), { 'idempotency-key': 'erased' })).status).toBe(201);
      const tickets = stack().service.app.get(TicketsService);
      await stack().service.dataSource.transaction((manager) =>
        tickets.eraseForDeletedAccount(manager, {
          userId: key.creatorId,
          organizationId: key.organizationId,
          organizationDeleted: true,
          deletedAt: new Date().toISOString(),
        }),
      );
      for (const table of ['tickets', 'idempotency_keys', 'agent_assignments']) {
        expect({
          table,
          rows: await rows(`SELECT 1 FROM ${table} WHERE organization_id = $1`, [key.organizationId]),
        }).toEqual({
          table,
          rows: [],
        });
      }
    });
  });

  describe('GET /v1/agents', () => {
    it("lists the organization's active agents, the latest assigned first, paged", async () => {
      const key = await keyOf();
      const first = await addAgent('Nina Brooks', key.organizationId);
      await rows(`UPDATE agent_assignments SET assigned_at = now() - interval '1 day' WHERE agent_id = $1`, [
        first,
      ]);
      const second = await addAgent('Omar Haddad', key.organizationId);
      await addAgent('Ivy Gone', key.organizationId, false);
      await addAgent('Someone Else', randomUUID());

      const response = await call('GET', '/v1/agents', key);
      expect(response.status).toBe(200);
      const list = v1AgentListSchema.strict().parse(response.body);
      expect(list.data.map((agent) => [agent.id, agent.name, agent.object])).toEqual([
        [toPublicId('agent', second), 'Omar Haddad', 'agent'],
        [toPublicId('agent', first), 'Nina Brooks', 'agent'],
      ]);
      expect(list.data[0]).toMatchObject({
        title: 'Support Specialist',
        email: expect.stringMatching(/^omar\.haddad\./),
      });
      expect([list.has_more, list.next_cursor]).toEqual([false, null]);

      const page = v1AgentListSchema.parse((await call('GET', '/v1/agents?limit=1', key)).body);
      expect([page.data[0].id, page.has_more, page.next_cursor]).toEqual([
        toPublicId('agent', second),
        true,
        toPublicId('agent', second),
      ]);
      const next = v1AgentListSchema.parse(
        (await call('GET', `/v1/agents?limit=1&starting_after=${page.next_cursor}`, key)).body,
      );
      expect([next.data.map((agent) => agent.id), next.has_more]).toEqual([
        [toPublicId('agent', first)],
        false,
      ]);
    });

    it('needs agents:read, and shows another organization nothing', async () => {
      expectV1Error(await call('GET', '/v1/agents', await keyOf(randomUUID(), ['tickets:read'])), 403, {
        code: 'missing_scope',
        message: expect.stringContaining('agents:read'),
      });
      const a = await keyOf();
      const agent = await addAgent('Only For A', a.organizationId);
      const b = await keyOf();
      expect(v1AgentListSchema.parse((await call('GET', '/v1/agents', b)).body).data).toEqual([]);
      expectV1Error(await call('GET', `/v1/agents?starting_after=${toPublicId('agent', agent)}`, b), 400, {
        code: 'resource_missing',
        param: 'starting_after',
      });
    });
  });
});
