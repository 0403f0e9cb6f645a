import { randomUUID } from 'node:crypto';
import {
  formatSlaDuration,
  slaLine,
  staffOpenTicketsResponseSchema,
  subjects,
  ticketBreachingDataSchema,
  ticketSlaTable,
} from '@portal/contracts';
import { request, startForSuite } from '@portal/testing';
import { type Customer, startSupport } from '../test/support-harness';
import { BreachWarningsService } from './breach-warnings.service';

describe('SLA clocks and breach warnings', () => {
  const stack = startForSuite(startSupport);
  let staff: Customer;

  const rows = (sql: string, params: unknown[] = []) =>
    stack().service.dataSource.query(sql, params) as Promise<Record<string, unknown>[]>;
  const warnings = async (ticketId: string) =>
    (
      await rows(`SELECT data FROM outbox WHERE subject = $1 AND data->>'ticketId' = $2 ORDER BY seq`, [
        subjects.ticketBreaching,
        ticketId,
      ])
    ).map((row) => ticketBreachingDataSchema.parse(row.data));
  const aged = async (who: Customer, ago: string, priority: string, status = 'open') => {
    const [row] = await rows(
      `INSERT INTO tickets (id, customer_id, organization_id, title, description, priority, status, created_at, updated_at)
       VALUES ($1, $2, $3, 'Aged', 'Waiting', $4, $5, now() - $6::interval, now() - $6::interval) RETURNING id`,
      [randomUUID(), who.id, who.organizationId, priority, status, ago],
    );
    return row.id as string;
  };
  const job = () => stack().service.app.get(BreachWarningsService);

  beforeAll(async () => {
    staff = await stack().signIn('admin');
  });

  it("sets urgent's first response to the help center's 2 hours, every target in the table", () => {
    expect(ticketSlaTable.urgent.firstResponseMinutes).toBe(120);
    for (const { firstResponseMinutes, resolutionMinutes } of Object.values(ticketSlaTable)) {
      expect(firstResponseMinutes).toBeLessThan(resolutionMinutes);
    }
  });

  it("words the customer's line: due in, overdue by, answered in", () => {
    const createdAt = '2026-03-01T10:00:00.000Z';
    const pending = {
      targetMinutes: 120,
      dueAt: '2026-03-01T12:00:00.000Z',
      metAt: null,
      state: 'pending' as const,
    };
    expect(slaLine(createdAt, pending, new Date('2026-03-01T10:40:00.000Z'))).toBe(
      'Response due in 1 h 20 min',
    );
    expect(slaLine(createdAt, pending, new Date('2026-03-01T12:15:30.000Z'))).toBe(
      'Response overdue by 15 min',
    );
    expect(slaLine(createdAt, { ...pending, metAt: '2026-03-01T10:35:00.000Z', state: 'met' })).toBe(
      'Answered in 35 min',
    );
    expect(formatSlaDuration(2 * 24 * 60 * 60_000 + 3 * 60 * 60_000)).toBe('2 d 3 h');
    expect(formatSlaDuration(20_000)).toBe('less than a minute');
  });

  it('warns once per target when its warning time comes, never for a met target or a closed ticket', async () => {
    const gus = await stack().signIn();
    const firstDue = await aged(gus, '100 minutes', 'urgent'); // first response warns at 90 min
    const bothDue = await aged(gus, '20 hours', 'urgent'); // resolution warns at 18 h
    const answered = await aged(gus, '100 minutes', 'urgent');
    await request(stack().service.baseUrl, 'POST', `/api/support/staff/tickets/${answered}/messages`, {
      token: staff.token,
      body: { body: 'On it' },
    });
    const calm = await aged(gus, '10 minutes', 'urgent');
    const closed = await aged(gus, '20 hours', 'urgent', 'closed');

    await job().warn();
    await job().warn();

    expect((await warnings(firstDue)).map(({ target, priority }) => ({ target, priority }))).toEqual([
      { target: 'first_response', priority: 'urgent' },
    ]);
    expect((await warnings(bothDue)).map((warning) => warning.target).sort()).toEqual([
      'first_response',
      'resolution',
    ]);
    for (const id of [answered, calm, closed])
      expect({ id, warnings: await warnings(id) }).toEqual({ id, warnings: [] });
    const [warning] = await warnings(firstDue);
    expect(warning).toMatchObject({ customerId: gus.id, organizationId: gus.organizationId, title: 'Aged' });
    const [row] = await rows('SELECT first_response_due_at FROM tickets WHERE id = $1', [firstDue]);
    expect(warning.dueAt).toBe((row.first_response_due_at as Date).toISOString());

    // Later, the answered ticket's resolution comes due: warned then, once.
    await job().warn(new Date(Date.now() + 20 * 60 * 60_000));
    expect((await warnings(answered)).map((each) => each.target)).toEqual(['resolution']);
  });

  it('warns again after a priority change moves the due time', async () => {
    const hal = await stack().signIn();
    const ticket = await aged(hal, '7 hours', 'medium'); // medium: 8 h, warning at 6 h
    await job().warn();
    expect(await warnings(ticket)).toHaveLength(1);
    await request(stack().service.baseUrl, 'PATCH', `/api/support/staff/tickets/${ticket}`, {
      token: staff.token,
      body: { priority: 'high' }, // 4 h: already past
    });
    await job().warn();
    expect((await warnings(ticket)).map((warning) => warning.priority)).toEqual(['medium', 'high']);
  });

  it('counts open tickets and breaching ones per organization for staff', async () => {
    const ivy = await stack().signIn();
    await aged(ivy, '3 hours', 'urgent');
    await aged(ivy, '5 minutes', 'low');
    await aged(ivy, '5 minutes', 'low', 'resolved');
    const answer = await request(stack().service.baseUrl, 'GET', '/api/support/staff/open-tickets', {
      token: staff.token,
    });
    const { organizations } = staffOpenTicketsResponseSchema.parse(answer.body);
    expect(organizations.find((row) => row.organizationId === ivy.organizationId)).toEqual({
      organizationId: ivy.organizationId,
      open: 2,
      breaching: 1,
    });
    const customer = await request(stack().service.baseUrl, 'GET', '/api/support/staff/open-tickets', {
      token: ivy.token,
    });
    expect(customer.status).toBe(403);
  });
});
