import { ticketListResponseSchema, tooManyTicketsMessage } from '@portal/contracts';
import { request, startForSuite } from '@portal/testing';
import { loadSupportConfig } from '../config';
import { type Customer, startSupport } from '../test/support-harness';

// One customer organization cannot bury everyone else's tickets: its members may open
// TICKET_LIMIT_PER_HOUR an hour between them.
describe('the limit on new tickets', () => {
  const { ticketLimitPerHour } = loadSupportConfig({
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/portal_support',
    TICKET_LIMIT_PER_HOUR: '3',
  });
  const stack = startForSuite(() => startSupport({ ticketLimitPerHour }));

  const open = (who: Customer, body: unknown = { title: 'Calls drop', description: 'After a minute.' }) =>
    request<{ statusCode?: number; message?: string }>(
      stack().service.baseUrl,
      'POST',
      '/api/support/tickets',
      {
        token: who.token,
        body,
      },
    );
  const rows = (sql: string, params: unknown[] = []) =>
    stack().service.dataSource.query(sql, params) as Promise<Record<string, unknown>[]>;
  const stored = async (who: Customer) => {
    const [{ tickets }] = await rows('SELECT count(*)::int AS tickets FROM tickets WHERE customer_id = $1', [
      who.id,
    ]);
    const [{ events }] = await rows(
      `SELECT count(*)::int AS events FROM outbox WHERE data->>'customerId' = $1`,
      [who.id],
    );
    return { tickets, events };
  };

  it('lets a customer open TICKET_LIMIT_PER_HOUR tickets, then answers 429 with the minutes to wait', async () => {
    const alice = await stack().signIn();
    for (let n = 0; n < 3; n++) expect((await open(alice)).status).toBe(201);

    const refused = await open(alice);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ statusCode: 429, message: tooManyTicketsMessage('60 minutes') });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await stored(alice)).toEqual({ tickets: 3, events: 3 });

    // Refused tickets do not count: the wait does not grow with every retry.
    expect((await open(alice)).status).toBe(429);
    expect(await stored(alice)).toEqual({ tickets: 3, events: 3 });
    const list = await request(stack().service.baseUrl, 'GET', '/api/support/tickets', {
      token: alice.token,
    });
    expect(ticketListResponseSchema.parse(list.body)).toHaveLength(3);
  });

  it('says how many minutes are left until the oldest ticket of the hour ages out', async () => {
    const bob = await stack().signIn();
    await rows(
      `INSERT INTO ticket_attempts (kind, subject, occurred_at)
       SELECT 'ticket:organization', $1, now() - interval '53 minutes' FROM generate_series(1, 3)`,
      [bob.organizationId],
    );
    const refused = await open(bob);
    expect(refused).toMatchObject({
      status: 429,
      body: { statusCode: 429, message: 'Too many new tickets. Please try again in 7 minutes.' },
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(6 * 60);

    // An hour after they were opened, they no longer count.
    await rows(`UPDATE ticket_attempts SET occurred_at = now() - interval '61 minutes' WHERE subject = $1`, [
      bob.organizationId,
    ]);
    expect((await open(bob)).status).toBe(201);
  });

  it("counts per organization: a colleague shares the organization's share, another organization has its own", async () => {
    const carol = await stack().signIn();
    const colleague = await stack().signIn('customer', { org: carol.organizationId, orgRole: 'member' });
    for (let n = 0; n < 2; n++) expect((await open(carol)).status).toBe(201);
    expect((await open(colleague)).status).toBe(201);
    expect(await open(carol)).toMatchObject({ status: 429 });
    expect(await open(colleague)).toMatchObject({
      status: 429,
      body: { statusCode: 429, message: tooManyTicketsMessage('60 minutes') },
    });

    expect((await open(await stack().signIn())).status).toBe(201);
    // The same person acting in another of their organizations opens tickets there.
    expect((await open(await stack().signIn('customer', { sub: carol.id }))).status).toBe(201);
  });

  it('counts only valid tickets: a refused body is a 400 and leaves the customer their share', async () => {
    const dave = await stack().signIn();
    for (let n = 0; n < 5; n++) expect((await open(dave, { title: '', description: 'x' })).status).toBe(400);
    for (let n = 0; n < 3; n++) expect((await open(dave)).status).toBe(201);
    expect((await open(dave)).status).toBe(429);
  });

  it('holds under a burst: of 20 tickets sent at once exactly the limit is created, the rest refused with Retry-After', async () => {
    const erin = await stack().signIn();
    const answers = await Promise.all(Array.from({ length: 20 }, () => open(erin)));
    const created = answers.filter((answer) => answer.status === 201).length;
    const refused = answers.filter((answer) => answer.status === 429);
    expect(created + refused.length).toBe(20);
    expect(created).toBe(3);
    expect((await stored(erin)).tickets).toBe(3);
    for (const answer of refused) expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
