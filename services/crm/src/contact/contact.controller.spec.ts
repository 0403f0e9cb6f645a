import { leadCreatedDataSchema, subjects } from '@portal/contracts';
import {
  expectJsonError,
  fromNewClientAddress,
  postRawBody,
  request,
  startForSuite,
  uniqueEmail,
} from '@portal/testing';
import { startCrm } from '../test/crm-harness';

describe('POST /api/contact', () => {
  const harness = startForSuite(() =>
    startCrm({ limits: { contactPer10Minutes: 3, contactPerEmailPer10Minutes: 2 } }),
  );
  const contact = (body: unknown, headers: Record<string, string> = fromNewClientAddress()) =>
    request(harness().baseUrl, 'POST', '/api/contact', { body, headers });
  const post = (body: string, contentType: string) =>
    postRawBody(`${harness().baseUrl}/api/contact`, body, contentType, fromNewClientAddress());
  const valid = () => ({
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: uniqueEmail('ada'),
    company: 'Analytical Engines',
    message: 'We need 24/7 inbound support for about 2,000 calls a day.',
  });
  const count = async (sql: string, params: unknown[] = []) =>
    ((await harness().dataSource.query(sql, params)) as { count: number }[])[0].count;

  it('stores the lead as new and queues portal.leads.created with it, answering its id', async () => {
    const body = { ...valid(), firstName: '  Ada ', company: '   ' };
    const response = await contact(body);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ id: expect.any(String), status: 'new' });

    const [row] = await harness().dataSource.query('SELECT * FROM contact_submissions WHERE id = $1', [
      response.body.id,
    ]);
    expect(row).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: body.email,
      company: null,
      message: body.message,
      status: 'new',
    });

    const events = await harness().dataSource.query('SELECT * FROM outbox WHERE subject = $1', [
      subjects.leadCreated,
    ]);
    const event = events.find(
      (each: { data: { submissionId: string } }) => each.data.submissionId === row.id,
    );
    expect(event).toMatchObject({ type: 'lead.created', version: 1, published_at: null });
    expect(leadCreatedDataSchema.parse(event.data)).toEqual({
      submissionId: row.id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: body.email,
      company: null,
      message: body.message,
      createdAt: new Date(row.created_at).toISOString(),
    });
  });

  it('keeps the company when one is given', async () => {
    const response = await contact(valid());
    const [row] = await harness().dataSource.query('SELECT company FROM contact_submissions WHERE id = $1', [
      response.body.id,
    ]);
    expect(row.company).toBe('Analytical Engines');
  });

  it.each([
    ['firstName', 'First name is required'],
    ['lastName', 'Last name is required'],
    ['email', 'Email is required'],
    ['message', 'Message is required'],
  ])('refuses a submission without %s, saying so, and stores nothing', async (field, message) => {
    const body = valid();
    const before = await count('SELECT count(*)::int AS count FROM contact_submissions');
    for (const value of [undefined, '', '   ']) {
      const response = await contact({ ...body, [field]: value });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ statusCode: 400, message });
    }
    expect(await count('SELECT count(*)::int AS count FROM contact_submissions')).toBe(before);
  });

  it('refuses a malformed email address', async () => {
    const response = await contact({ ...valid(), email: 'ada@' });
    expect(response.body).toEqual({ statusCode: 400, message: 'Please enter a valid email address' });
  });

  it('refuses unknown fields', async () => {
    const response = await contact({ ...valid(), phone: '555-0100' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ statusCode: 400, message: 'Unrecognized key: "phone"' });
  });

  it('refuses a message over 5000 characters, and a body over the 1 MB limit with a JSON 413', async () => {
    const long = await contact({ ...valid(), message: 'x'.repeat(5001) });
    expect(long.body).toEqual({ statusCode: 400, message: 'Must be at most 5000 characters' });

    const huge = await post(
      JSON.stringify({ ...valid(), message: 'x'.repeat(1024 * 1024) }),
      'application/json',
    );
    expect(huge.status).toBe(413);
    expect(huge.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await huge.json()).toEqual({ statusCode: 413, message: expect.stringMatching(/too large/i) });
  });

  it('answers JSON errors to a body that is not JSON, or not well-formed JSON', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
      await expectJsonError(await post('firstName=Ada&lastName=Lovelace', contentType), 415);
    }
    await expectJsonError(await post('{"firstName": "Ada",', 'application/json'), 400);
  });

  it('answers a bot that fills in the honeypot like a person, but keeps and sends nothing', async () => {
    const body = { ...valid(), website: 'https://spam.example' };
    const response = await contact(body);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ id: expect.any(String), status: 'new' });
    expect(
      await count('SELECT count(*)::int AS count FROM contact_submissions WHERE email = $1', [body.email]),
    ).toBe(0);
    expect(
      await count(`SELECT count(*)::int AS count FROM outbox WHERE data->>'email' = $1`, [body.email]),
    ).toBe(0);
  });

  it('accepts an empty honeypot, as the form sends it', async () => {
    const response = await contact({ ...valid(), website: '' });
    expect(response.status).toBe(201);
    expect(
      await count('SELECT count(*)::int AS count FROM contact_submissions WHERE id = $1', [response.body.id]),
    ).toBe(1);
  });

  it('limits messages per address with a 429 that says when to come back', async () => {
    const address = { 'x-forwarded-for': '203.0.113.7' };
    for (let i = 0; i < 3; i += 1) expect((await contact(valid(), address)).status).toBe(201);

    const limited = await contact(valid(), address);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      statusCode: 429,
      message: 'Too many messages from your network. Please try again in 10 minutes.',
    });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(590);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // Bots are counted too, and another address is not affected.
    expect((await contact({ ...valid(), website: 'x' }, address)).status).toBe(429);
    expect((await contact(valid())).status).toBe(201);
  });

  it('limits messages per email address, from any network, with a 429 that says when to come back', async () => {
    const email = uniqueEmail('office');
    for (let i = 0; i < 2; i += 1) expect((await contact({ ...valid(), email })).status).toBe(201);

    const limited = await contact({ ...valid(), email: email.toUpperCase() });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      statusCode: 429,
      message: 'Too many messages from this email address. Please try again in 10 minutes.',
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(590);
    // A refusal for the email does not use up the office's allowance.
    const office = { 'x-forwarded-for': '203.0.113.8' };
    expect((await contact({ ...valid(), email }, office)).status).toBe(429);
    for (let i = 0; i < 3; i += 1) expect((await contact(valid(), office)).status).toBe(201);
  });

  describe('with the cart of a checkout that cannot take payments', () => {
    const pro = {
      packageId: '6f1c1d1e-0000-4000-8000-000000000001',
      name: 'Inbound Pro',
      price: '1499.00',
      quantity: 2,
    };
    const ai = {
      packageId: '6f1c1d1e-0000-4000-8000-000000000002',
      name: 'AI Automation',
      price: '999.50',
      quantity: 1,
    };

    it('stores the items with the total it works out, and puts both in the message sales receive', async () => {
      const body = { ...valid(), message: 'Please set these up for us.', cart: { items: [pro, ai] } };
      const response = await contact(body);
      expect(response.status).toBe(201);

      const [row] = await harness().dataSource.query(
        'SELECT message, cart FROM contact_submissions WHERE id = $1',
        [response.body.id],
      );
      expect(row.cart).toEqual({ items: [pro, ai], total: '3997.50' });
      const lines = [
        'Please set these up for us.',
        '',
        'Cart sent from checkout (prices per month):',
        '- Inbound Pro: 2 × $1,499.00 = $2,998.00',
        '- AI Automation: 1 × $999.50 = $999.50',
        'Total: $3,997.50 per month',
      ];
      expect(row.message).toBe(lines.join('\n'));
      const [event] = await harness().dataSource.query(
        `SELECT data FROM outbox WHERE data->>'submissionId' = $1`,
        [response.body.id],
      );
      expect(event.data.message).toBe(row.message);
    });

    it.each([
      ['no item', { items: [] }, 'Your cart is empty'],
      [
        'a quantity of 0',
        { items: [{ ...pro, quantity: 0 }] },
        'Quantity must be a whole number from 1 to 100',
      ],
      [
        'a price that is no amount',
        { items: [{ ...pro, price: '-5' }] },
        'Must be an amount such as 1499.00',
      ],
      [
        'a price given as a number',
        { items: [{ ...pro, price: 1499 }] },
        'Each item needs a monthly price such as 1499.00',
      ],
      ['an item without a name', { items: [{ ...pro, name: ' ' }] }, 'Each item needs a name'],
      [
        'the same package twice',
        { items: [pro, { ...pro, quantity: 1 }] },
        'Each package can appear only once in the cart',
      ],
      ['a total sent along', { items: [pro], total: '1.00' }, 'cart: Unrecognized key: "total"'],
      [
        'more than 50 lines',
        {
          items: Array.from({ length: 51 }, (_, i) => ({
            ...pro,
            packageId: `6f1c1d1e-0000-4000-8000-${String(i).padStart(12, '0')}`,
          })),
        },
        'A cart can hold at most 50 different packages',
      ],
    ])('refuses a cart with %s, saying so, and stores nothing', async (_, cart, message) => {
      const body = { ...valid(), cart };
      const response = await contact(body);
      expect(response.body).toEqual({ statusCode: 400, message });
      expect(
        await count('SELECT count(*)::int AS count FROM contact_submissions WHERE email = $1', [body.email]),
      ).toBe(0);
    });
  });
});
