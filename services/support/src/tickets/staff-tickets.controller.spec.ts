import {
  staffTicketListResponseSchema,
  staffTicketMessages,
  staffTicketSchema,
  ticketMessages,
  ticketSchema,
} from '@portal/contracts';
import { type JsonResponse, request } from '@portal/testing';
import { type Customer, type SupportStack, startSupport } from '../test/support-harness';

type Answer = JsonResponse<Record<string, unknown> & { statusCode?: number; message?: string }>;

describe('/api/support/staff/tickets', () => {
  let stack: SupportStack;
  let alice: Customer;
  let bob: Customer;
  let admin: Customer;

  const call = (method: string, path: string, who?: Customer, body?: unknown): Promise<Answer> =>
    request(stack.service.baseUrl, method, path, { token: who?.token, body });
  const open = async (who: Customer, title: string) =>
    ticketSchema.parse(
      (await call('POST', '/api/support/tickets', who, { title, description: `${title}, in detail.` })).body,
    );
  const queue = (query = '', who: Customer = admin) => call('GET', `/api/support/staff/tickets${query}`, who);
  const move = (id: string, body: unknown, who: Customer = admin) =>
    call('PATCH', `/api/support/staff/tickets/${id}`, who, body);

  beforeAll(async () => {
    stack = await startSupport();
    [alice, bob, admin] = await Promise.all([stack.signIn(), stack.signIn(), stack.signIn('admin')]);
  });
  afterAll(() => stack.close());

  it("lists every customer's tickets with whose they are, newest first", async () => {
    const alices = await open(alice, 'Call recordings are silent');
    const bobs = await open(bob, 'IVR menu skips option 3');

    const response = await queue();
    expect(response.status).toBe(200);
    const tickets = staffTicketListResponseSchema.parse(response.body);
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
    expect((await queue('?status=in_progress')).body).toEqual([expect.objectContaining({ id: ticket.id })]);
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
      { status: 'closed', priority: 'urgent' },
      { status: 'closed', customerId: alice.id },
    ]) {
      const answer = await move(ticket.id, body);
      expect(answer.status).toBe(400);
    }
    expect((await move(ticket.id, { status: 'archived' })).body.message).toBe(
      staffTicketMessages.statusRequired,
    );
    const [row] = (await stack.service.dataSource.query(
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

  it('is for staff only: 403 for a customer, 401 without a token', async () => {
    const ticket = await open(alice, 'Voicemail greeting cut off');
    for (const customer of [alice, bob]) {
      expect((await queue('', customer)).status).toBe(403);
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
});
