import { randomUUID } from 'node:crypto';
import {
  leadNoteSchema,
  staffLeadDetailSchema,
  staffLeadListResponseSchema,
  staffLeadMessages,
  staffLeadSchema,
} from '@portal/contracts';
import {
  fromNewClientAddress,
  request,
  type SignedInUser,
  startForSuite,
  uniqueEmail,
} from '@portal/testing';
import { startCrm } from '../test/crm-harness';

describe('staff leads: /api/crm/staff/leads', () => {
  const crm = startForSuite(startCrm);
  let staff: SignedInUser;
  let otherStaff: SignedInUser;
  let customer: SignedInUser;

  const call = <T = Record<string, unknown>>(method: string, path: string, who?: SignedInUser, body?: unknown) =>
    request<T>(crm().baseUrl, method, path, { token: who?.token, body });
  const submit = async (overrides: Record<string, unknown> = {}) => {
    const response = await request<{ id: string }>(crm().baseUrl, 'POST', '/api/contact', {
      body: {
        firstName: 'Grace',
        lastName: 'Hopper',
        email: uniqueEmail('grace'),
        company: 'Compilers Inc',
        message: 'We would like a quote for 40 seats.',
        ...overrides,
      },
      headers: fromNewClientAddress(),
    });
    expect(response.status).toBe(201);
    return response.body.id;
  };
  const list = async (query: string, who: SignedInUser = staff) => {
    const response = await call('GET', `/api/crm/staff/leads${query}`, who);
    expect(response.status).toBe(200);
    return staffLeadListResponseSchema.parse(response.body);
  };

  beforeAll(async () => {
    [staff, otherStaff, customer] = await Promise.all([
      crm().signIn('admin'),
      crm().signIn('crm_manager'),
      crm().signIn(),
    ]);
  });

  it('lists a new lead from the contact form, newest first, with what the person sent', async () => {
    const company = `Hopper & Co ${randomUUID().slice(0, 8)}`;
    const email = uniqueEmail('Grace.Hopper');
    const older = await submit({ company });
    const newer = await submit({ company, email });
    const page = await list(`?q=${encodeURIComponent(company)}`);
    expect(page.leads.map((lead) => lead.id)).toEqual([newer, older]);
    expect(page.nextCursor).toBeNull();
    expect(page.leads[0]).toEqual(
      staffLeadSchema.parse({
        id: newer,
        source: 'form',
        firstName: 'Grace',
        lastName: 'Hopper',
        email,
        company,
        message: 'We would like a quote for 40 seats.',
        cart: null,
        status: 'new',
        statusChangedAt: null,
        notesCount: 0,
        createdAt: page.leads[0].createdAt,
      }),
    );
  });

  it('finds a lead by email or name, case-insensitively, and treats % and _ as themselves', async () => {
    const tag = randomUUID().slice(0, 8);
    const email = uniqueEmail(`lead${tag}`);
    const id = await submit({ email, lastName: `Hopper${tag}` });
    expect((await list(`?q=${encodeURIComponent(email.toUpperCase())}`)).leads.map((l) => l.id)).toEqual([id]);
    expect((await list(`?q=${encodeURIComponent(`grace hopper${tag}`)}`)).leads.map((l) => l.id)).toEqual([id]);
    expect((await list(`?q=${encodeURIComponent(`%${tag}`)}`)).leads).toEqual([]);
  });

  it('pages with the cursor without skipping or repeating a lead', async () => {
    const company = `Paging ${randomUUID()}`;
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await submit({ company }));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?q=${encodeURIComponent(company)}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await list(query);
      expect(page.leads.length).toBeLessThanOrEqual(2);
      seen.push(...page.leads.map((lead) => lead.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
  });

  it('moves a lead through its statuses, filters by status, and refuses any other status or field', async () => {
    const company = `Status ${randomUUID()}`;
    const id = await submit({ company });
    const contacted = await call('PATCH', `/api/crm/staff/leads/${id}`, staff, { status: 'contacted' });
    expect(contacted.status).toBe(200);
    const lead = staffLeadSchema.parse(contacted.body);
    expect(lead).toMatchObject({ id, status: 'contacted', statusChangedAt: expect.any(String) });

    const q = `q=${encodeURIComponent(company)}`;
    expect((await list(`?status=contacted&${q}`)).leads.map((l) => l.id)).toEqual([id]);
    expect((await list(`?status=new&${q}`)).leads).toEqual([]);

    for (const status of ['qualified', 'closed', 'new']) {
      expect((await call('PATCH', `/api/crm/staff/leads/${id}`, otherStaff, { status })).body).toMatchObject({
        status,
      });
    }
    for (const body of [{ status: 'won' }, {}, { status: 'closed', email: 'x@y.com' }]) {
      const refused = await call('PATCH', `/api/crm/staff/leads/${id}`, staff, body);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ statusCode: 400, message: expect.any(String) });
    }
    expect((await call('PATCH', `/api/crm/staff/leads/${id}`, staff, { status: 'won' })).body).toMatchObject({
      message: 'Status must be new, contacted, qualified or closed',
    });
    expect((await list(`?${q}`)).leads[0]).toMatchObject({ status: 'new' });
    expect((await call('GET', `/api/crm/staff/leads?status=won`, staff)).status).toBe(400);
  });

  it('keeps notes on a lead, oldest first, with their author', async () => {
    const id = await submit();
    const first = await call('POST', `/api/crm/staff/leads/${id}/notes`, staff, { body: '  Called, no answer ' });
    expect(first.status).toBe(201);
    expect(leadNoteSchema.parse(first.body)).toMatchObject({ leadId: id, authorId: staff.id, body: 'Called, no answer' });
    await call('POST', `/api/crm/staff/leads/${id}/notes`, otherStaff, { body: 'Demo booked for Tuesday' });

    const detail = await call('GET', `/api/crm/staff/leads/${id}`, staff);
    expect(detail.status).toBe(200);
    const parsed = staffLeadDetailSchema.parse(detail.body);
    expect(parsed.notesCount).toBe(2);
    expect(parsed.notes.map((note) => [note.body, note.authorId])).toEqual([
      ['Called, no answer', staff.id],
      ['Demo booked for Tuesday', otherStaff.id],
    ]);

    const empty = await call('POST', `/api/crm/staff/leads/${id}/notes`, staff, { body: '   ' });
    expect(empty).toMatchObject({ status: 400, body: { message: staffLeadMessages.noteRequired } });
    expect((await call('POST', `/api/crm/staff/leads/${id}/notes`, staff, { body: 'x'.repeat(5001) })).status).toBe(
      400,
    );
  });

  it('shows a checkout lead with its cart', async () => {
    const packageId = randomUUID();
    const id = await submit({
      cart: { items: [{ packageId, name: 'Growth', price: '1499.00', quantity: 2 }] },
    });
    const detail = staffLeadDetailSchema.parse((await call('GET', `/api/crm/staff/leads/${id}`, staff)).body);
    expect(detail).toMatchObject({
      source: 'checkout',
      cart: { items: [{ packageId, name: 'Growth', price: '1499.00', quantity: 2 }], total: '2998.00' },
    });
  });

  it('answers 404 for an unknown or malformed id and 400 for a made-up cursor', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      for (const [method, path, body] of [
        ['GET', `/api/crm/staff/leads/${id}`, undefined],
        ['PATCH', `/api/crm/staff/leads/${id}`, { status: 'closed' }],
        ['POST', `/api/crm/staff/leads/${id}/notes`, { body: 'hello' }],
      ] as const) {
        expect(await call(method, path, staff, body)).toMatchObject({
          status: 404,
          body: { statusCode: 404, message: staffLeadMessages.leadNotFound },
        });
      }
    }
    expect(await call('GET', '/api/crm/staff/leads?cursor=bm90LWEtY3Vyc29y', staff)).toMatchObject({
      status: 400,
      body: { message: staffLeadMessages.cursorInvalid },
    });
  });

  it('is for staff only: 403 for a customer, 401 without a token, and the lead is unchanged', async () => {
    const id = await submit();
    for (const [method, path, body] of [
      ['GET', '/api/crm/staff/leads', undefined],
      ['GET', `/api/crm/staff/leads/${id}`, undefined],
      ['PATCH', `/api/crm/staff/leads/${id}`, { status: 'closed' }],
      ['POST', `/api/crm/staff/leads/${id}/notes`, { body: 'mine now' }],
    ] as const) {
      expect((await call(method, path, customer, body)).status).toBe(403);
      expect((await call(method, path, undefined, body)).status).toBe(401);
    }
    expect(staffLeadDetailSchema.parse((await call('GET', `/api/crm/staff/leads/${id}`, staff)).body)).toMatchObject({
      status: 'new',
      notes: [],
    });
  });
});
