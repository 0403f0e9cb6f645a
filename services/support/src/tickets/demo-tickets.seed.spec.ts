import { ticketListResponseSchema } from '@portal/contracts';
import { demoCustomer } from '@portal/db';
import { request, startForSuite } from '@portal/testing';
import { startSupport } from '../test/support-harness';
import { demoTickets, seedDemoTickets } from './demo-tickets.seed';

// The seed itself, on a throwaway database: no other test relies on demo rows.
describe('seedDemoTickets', () => {
  const stack = startForSuite(startSupport);

  it("adds the demo customer's three tickets once, newest first, and leaves them alone on a rerun", async () => {
    expect(await seedDemoTickets(stack().service.dataSource)).toBe(3);
    expect(await seedDemoTickets(stack().service.dataSource)).toBe(0);

    const rows: Record<string, unknown>[] = await stack().service.dataSource.query(
      `SELECT id, customer_id, organization_id, priority, status,
              extract(epoch FROM now() - created_at) AS age_seconds, updated_at >= created_at AS updated_after
       FROM tickets ORDER BY created_at DESC`,
    );
    expect(rows.map((row) => row.id)).toEqual(demoTickets.map((ticket) => ticket.id));
    for (const row of rows) {
      expect(row).toMatchObject({
        customer_id: demoCustomer.userId,
        organization_id: demoCustomer.organizationId,
        updated_after: true,
      });
    }
    expect(rows.map((row) => [row.status, row.priority])).toEqual([
      ['open', 'high'],
      ['in_progress', 'medium'],
      ['resolved', 'low'],
    ]);
    const hours = rows.map((row) => Math.round(Number(row.age_seconds) / 3600));
    expect(hours).toEqual([2, 3 * 24, 12 * 24]);
  });

  it('shows them to the demo customer when signed in', async () => {
    await seedDemoTickets(stack().service.dataSource);
    const demo = await stack().signIn('customer', {
      sub: demoCustomer.userId,
      org: demoCustomer.organizationId,
    });
    const response = await request(stack().service.baseUrl, 'GET', '/api/support/tickets', {
      token: demo.token,
    });
    expect(response.status).toBe(200);
    expect(ticketListResponseSchema.parse(response.body).map((ticket) => ticket.title)).toEqual(
      demoTickets.map((ticket) => ticket.title),
    );
  });
});
