import type { EntityManager } from 'typeorm';

/** Tickets an agent is still working on. */
export const OPEN_STATUSES_SQL = `('open', 'in_progress')`;

/**
 * The agent a new ticket of `organizationId` goes to: of the organization's active agents, the one
 * with the fewest open tickets (open or in progress, of any account they serve), ties by name, then
 * id; null when the organization has none. Tickets opened at once in one organization take turns (a
 * transaction-scoped lock per organization), so two of them never both go to the same least-busy agent.
 */
export async function pickAgent(manager: EntityManager, organizationId: string): Promise<string | null> {
  const first = await leastBusyAgent(manager, organizationId);
  if (first === null) return null;
  // Now in turn with the organization's other new tickets: read again, seeing those committed meanwhile.
  await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('support.agents:' || $1, 0))`, [
    organizationId,
  ]);
  return leastBusyAgent(manager, organizationId);
}

async function leastBusyAgent(manager: EntityManager, organizationId: string): Promise<string | null> {
  const rows: { id: string }[] = await manager.query(
    `SELECT agent.id
     FROM agent_assignments AS assignment JOIN agents AS agent ON agent.id = assignment.agent_id
     WHERE assignment.organization_id = $1 AND agent.active
     ORDER BY (SELECT count(*) FROM tickets
               WHERE assigned_agent_id = agent.id AND status IN ${OPEN_STATUSES_SQL}),
       agent.name, agent.id
     LIMIT 1`,
    [organizationId],
  );
  return rows[0]?.id ?? null;
}
