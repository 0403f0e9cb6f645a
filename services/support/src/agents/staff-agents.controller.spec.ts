import { randomUUID } from 'node:crypto';
import {
  agentMessages,
  type StaffAgent,
  staffAgentListResponseSchema,
  staffAgentSchema,
} from '@portal/contracts';
import { demoCustomer } from '@portal/db';
import { type JsonResponse, request, type SignedInUser, startForSuite } from '@portal/testing';
import { startSupport } from '../test/support-harness';
import { assignDemoTicketAgents, demoAgents, seedDemoAgents } from './demo-agents.seed';
import { seedDemoTickets } from '../tickets/demo-tickets.seed';

type Answer = JsonResponse<StaffAgent & { statusCode?: number; message?: string }>;

describe('/api/support/staff/agents', () => {
  const stack = startForSuite(startSupport);
  let admin: SignedInUser;
  let customer: SignedInUser;

  const call = (
    method: string,
    path: string,
    who: SignedInUser | undefined,
    body?: unknown,
  ): Promise<Answer> =>
    request(stack().service.baseUrl, method, `/api/support/staff/agents${path}`, { token: who?.token, body });
  const create = async (
    name: string,
    email = `${name.toLowerCase().replace(/\W+/g, '.')}@millstonecx.com`,
  ) => {
    const response = await call('POST', '', admin, { name, title: 'Account Manager', email });
    expect(response.status).toBe(201);
    return staffAgentSchema.strict().parse(response.body);
  };

  beforeAll(async () => {
    [admin, customer] = await Promise.all([stack().signIn('admin'), stack().signIn()]);
  });

  it('adds an agent, its email trimmed and lowercased, serving no account yet', async () => {
    const response = await call('POST', '', admin, {
      name: 'Grace Liu',
      title: 'Customer Success Manager',
      email: '  Grace.Liu@MillstoneCX.com ',
    });
    expect(response.status).toBe(201);
    expect(staffAgentSchema.strict().parse(response.body)).toMatchObject({
      name: 'Grace Liu',
      title: 'Customer Success Manager',
      email: 'grace.liu@millstonecx.com',
      active: true,
      organizations: [],
      openTickets: 0,
    });
  });

  it('refuses a taken email (409), bad input (400) and unknown agents (404)', async () => {
    await create('Henry Ward', 'henry.ward@millstonecx.com');
    expect(
      await call('POST', '', admin, {
        name: 'Henry Two',
        title: 'Agent',
        email: 'HENRY.WARD@millstonecx.com',
      }),
    ).toMatchObject({
      status: 409,
      body: { statusCode: 409, message: agentMessages.emailTaken },
    });
    expect(await call('POST', '', admin, { name: '', title: 'Agent', email: 'x@y.com' })).toMatchObject({
      status: 400,
      body: { message: agentMessages.nameRequired },
    });
    expect(await call('POST', '', admin, { name: 'A', title: 'Agent', email: 'not-an-email' })).toMatchObject(
      {
        status: 400,
        body: { message: agentMessages.emailInvalid },
      },
    );
    expect(
      (await call('POST', '', admin, { name: 'A', title: 'B', email: 'a@b.com', active: false })).status,
    ).toBe(400);
    expect(await call('PATCH', `/${randomUUID()}`, admin, { name: 'Nobody' })).toMatchObject({
      status: 404,
      body: { message: agentMessages.agentNotFound },
    });
    expect((await call('PATCH', '/not-a-uuid', admin, { name: 'Nobody' })).status).toBe(404);
    expect(await call('PUT', `/${randomUUID()}/organizations/not-a-uuid`, admin)).toMatchObject({
      status: 400,
      body: { message: agentMessages.organizationInvalid },
    });
    expect(await call('GET', '?organizationId=nope', admin)).toMatchObject({
      status: 400,
      body: { message: agentMessages.organizationInvalid },
    });
  });

  it("changes an agent, deactivates it, and refuses another agent's email", async () => {
    const agent = await create('Iris Stone');
    const other = await create('Jack Moss');
    const changed = await call('PATCH', `/${agent.id}`, admin, { title: 'Team Lead', active: false });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      id: agent.id,
      name: 'Iris Stone',
      title: 'Team Lead',
      active: false,
    });
    expect(await call('PATCH', `/${agent.id}`, admin, { email: other.email })).toMatchObject({
      status: 409,
      body: { message: agentMessages.emailTaken },
    });
  });

  it('assigns and unassigns organizations, and lists the agents of one, by name', async () => {
    const organization = randomUUID();
    const later = await create('Zed Quinn');
    const earlier = await create('Abby Quinn');
    const assigned = await call('PUT', `/${later.id}/organizations/${organization}`, admin);
    expect(assigned.status).toBe(200);
    expect(staffAgentSchema.parse(assigned.body).organizations).toEqual([
      { organizationId: organization, assignedAt: expect.any(String) },
    ]);
    // Assigning twice changes nothing.
    const again = await call('PUT', `/${later.id}/organizations/${organization}`, admin);
    expect(again.body.organizations).toEqual(assigned.body.organizations);
    await call('PUT', `/${earlier.id}/organizations/${organization}`, admin);

    const listed = staffAgentListResponseSchema.parse(
      (await call('GET', `?organizationId=${organization}`, admin)).body,
    );
    expect(listed.map((agent) => agent.name)).toEqual(['Abby Quinn', 'Zed Quinn']);
    const everyone = staffAgentListResponseSchema.parse((await call('GET', '', admin)).body);
    // A cleared filter (`?organizationId=`) lists everyone.
    expect(staffAgentListResponseSchema.parse((await call('GET', '?organizationId=', admin)).body)).toEqual(
      everyone,
    );
    expect(everyone.length).toBeGreaterThan(2);
    expect(everyone.map((agent) => agent.name)).toEqual(
      [...everyone.map((agent) => agent.name)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );

    const removed = await call('DELETE', `/${later.id}/organizations/${organization}`, admin);
    expect(removed).toMatchObject({ status: 200, body: { id: later.id, organizations: [] } });
    const after = staffAgentListResponseSchema.parse(
      (await call('GET', `?organizationId=${organization}`, admin)).body,
    );
    expect(after.map((agent) => agent.name)).toEqual(['Abby Quinn']);
  });

  it("counts an agent's open tickets", async () => {
    const member = await stack().signIn();
    const agent = await create('Kira Open');
    await call('PUT', `/${agent.id}/organizations/${member.organizationId}`, admin);
    for (const title of ['One', 'Two', 'Three']) {
      const opened = await request(stack().service.baseUrl, 'POST', '/api/support/tickets', {
        token: member.token,
        body: { title, description: 'Counted while open.' },
      });
      expect(opened.status).toBe(201);
    }
    await stack().service.dataSource.query(
      `UPDATE tickets SET status = 'closed' WHERE assigned_agent_id = $1 AND title = 'Three'`,
      [agent.id],
    );
    const [listed] = staffAgentListResponseSchema.parse(
      (await call('GET', `?organizationId=${member.organizationId}`, admin)).body,
    );
    expect(listed).toMatchObject({ id: agent.id, openTickets: 2 });
  });

  it('is for staff only: customers get 403, nobody signed in 401', async () => {
    const agent = await create('Lena Staff');
    const organization = randomUUID();
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['POST', '', { name: 'Sneaky', title: 'Agent', email: 'sneaky@example.com' }],
      ['PATCH', `/${agent.id}`, { name: 'Renamed' }],
      ['PUT', `/${agent.id}/organizations/${organization}`, undefined],
      ['DELETE', `/${agent.id}/organizations/${organization}`, undefined],
    ] as const) {
      expect({ method, path, status: (await call(method, path, customer, body)).status }).toEqual({
        method,
        path,
        status: 403,
      });
      expect((await call(method, path, undefined, body)).status).toBe(401);
    }
    const [unchanged] = await stack().service.dataSource.query('SELECT name FROM agents WHERE id = $1', [
      agent.id,
    ]);
    expect(unchanged.name).toBe('Lena Staff');
    expect(
      await stack().service.dataSource.query(`SELECT 1 FROM agents WHERE email = 'sneaky@example.com'`),
    ).toEqual([]);
  });

  it('seeds the demo agents once, assigned to the demo organization and its tickets', async () => {
    const { dataSource } = stack().service;
    expect(await seedDemoAgents(dataSource)).toBe(demoAgents.length);
    expect(await seedDemoAgents(dataSource)).toBe(0);
    await seedDemoTickets(dataSource);
    await assignDemoTicketAgents(dataSource);
    const listed = staffAgentListResponseSchema.parse(
      (await call('GET', `?organizationId=${demoCustomer.organizationId}`, admin)).body,
    );
    expect(listed.map((agent) => agent.id).sort()).toEqual(demoAgents.map((agent) => agent.id).sort());
    const tickets: { assigned_agent_id: string | null }[] = await dataSource.query(
      'SELECT assigned_agent_id FROM tickets WHERE organization_id = $1',
      [demoCustomer.organizationId],
    );
    expect(tickets).toHaveLength(3);
    expect(tickets.every((ticket) => ticket.assigned_agent_id !== null)).toBe(true);
  });
});
