import { demoCustomer } from '@portal/db';
import type { DataSource } from 'typeorm';

/** The demo customer's agents (README "Demo customer"), fixed ids so a second seed adds nothing. */
export const demoAgents = [
  {
    id: 'd3e0c0de-0000-4000-8000-000000000401',
    name: 'Maya Thompson',
    title: 'Customer Success Manager',
    email: 'maya.thompson@millstonecx.com',
  },
  {
    id: 'd3e0c0de-0000-4000-8000-000000000402',
    name: 'Luis Ortega',
    title: 'Senior Support Engineer',
    email: 'luis.ortega@millstonecx.com',
  },
  {
    id: 'd3e0c0de-0000-4000-8000-000000000403',
    name: 'Priya Nair',
    title: 'Bilingual Support Specialist',
    email: 'priya.nair@millstonecx.com',
  },
] as const;

/** Adds the demo agents that are missing and assigns each to the demo organization; returns how many agents it added. */
export async function seedDemoAgents(dataSource: DataSource): Promise<number> {
  let added = 0;
  for (const agent of demoAgents) {
    const inserted: unknown[] = await dataSource.query(
      `INSERT INTO agents (id, name, title, email) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING id`,
      [agent.id, agent.name, agent.title, agent.email],
    );
    if (inserted.length > 0) added += 1;
    await dataSource.query(
      `INSERT INTO agent_assignments (agent_id, organization_id)
       SELECT id, $2 FROM agents WHERE id = $1
       ON CONFLICT DO NOTHING`,
      [agent.id, demoCustomer.organizationId],
    );
  }
  return added;
}

/** Which demo agent has which demo ticket (`demoTickets`): the Spanish queue went to the bilingual one. */
const demoTicketAgents: [ticketId: string, agentId: string][] = [
  ['d3e0c0de-0000-4000-8000-000000000301', demoAgents[0].id],
  ['d3e0c0de-0000-4000-8000-000000000302', demoAgents[2].id],
  ['d3e0c0de-0000-4000-8000-000000000303', demoAgents[1].id],
];

/** Gives the demo tickets that have none their demo agent (after both were seeded). */
export async function assignDemoTicketAgents(dataSource: DataSource): Promise<void> {
  for (const [ticketId, agentId] of demoTicketAgents) {
    await dataSource.query(
      `UPDATE tickets SET assigned_agent_id = $2
       WHERE id = $1 AND assigned_agent_id IS NULL AND EXISTS (SELECT 1 FROM agents WHERE id = $2)`,
      [ticketId, agentId],
    );
  }
}
