import { randomUUID } from 'node:crypto';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  agentMessages,
  type createAgentRequestSchema,
  type StaffAgent,
  type updateAgentRequestSchema,
} from '@portal/contracts';
import { isoTime, queryPrepared } from '@portal/db';
import type { DataSource } from 'typeorm';
import type { z } from 'zod';
import { AgentAssignmentEntity, AgentEntity } from './agent.entity';
import { OPEN_STATUSES_SQL } from './pick-agent';

export type NewAgent = z.output<typeof createAgentRequestSchema>;
export type AgentChanges = z.output<typeof updateAgentRequestSchema>;

/** An agent of an organization as `GET /v1/agents` lists them, times as PostgreSQL wrote them. */
export interface OrganizationAgentRow {
  id: string;
  name: string;
  title: string;
  email: string;
  assigned_at: string;
}

const agentNotFound = () => new NotFoundException(agentMessages.agentNotFound);
const emailTaken = () => new ConflictException(agentMessages.emailTaken);

const UNIQUE_VIOLATION = '23505';
const isEmailTaken = (error: unknown) =>
  (error as { driverError?: { code?: string; constraint?: string } }).driverError?.code ===
    UNIQUE_VIOLATION &&
  (error as { driverError?: { constraint?: string } }).driverError?.constraint === 'agents_email_key';

interface StaffAgentRow {
  id: string;
  name: string;
  title: string;
  email: string;
  active: boolean;
  created_at: string;
  organizations: { organizationId: string; assignedAt: string }[];
  open_tickets: number;
}

/**
 * Every agent as staff see them (of one organization when given), by name: its accounts, oldest
 * assignment first, and how many of its tickets are open. Times as text (`queryPrepared`, `isoTime`).
 */
const STAFF_AGENTS_SQL = `
  SELECT agent.id, agent.name, agent.title, agent.email, agent.active, agent.created_at,
    coalesce((SELECT json_agg(json_build_object(
                'organizationId', assignment.organization_id,
                'assignedAt', to_char(assignment.assigned_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
              ORDER BY assignment.assigned_at, assignment.organization_id)
              FROM agent_assignments AS assignment WHERE assignment.agent_id = agent.id), '[]') AS organizations,
    (SELECT count(*)::int FROM tickets
     WHERE assigned_agent_id = agent.id AND status IN ${OPEN_STATUSES_SQL}) AS open_tickets
  FROM agents AS agent
  WHERE ($1::uuid IS NULL OR agent.id = $1::uuid)
    AND ($2::uuid IS NULL OR EXISTS (
      SELECT 1 FROM agent_assignments AS served
      WHERE served.agent_id = agent.id AND served.organization_id = $2::uuid))
  ORDER BY agent.name, agent.id`;

const toStaffAgent = (row: StaffAgentRow): StaffAgent => ({
  id: row.id,
  name: row.name,
  title: row.title,
  email: row.email,
  active: row.active,
  createdAt: isoTime(row.created_at),
  organizations: row.organizations,
  openTickets: row.open_tickets,
});

/** The company's agents and the accounts they serve: staff manage them, customers' developers list theirs. */
@Injectable()
export class AgentsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Every agent (of `organizationId` when given), by name. */
  async listForStaff(organizationId?: string): Promise<StaffAgent[]> {
    return (await this.staffRows(null, organizationId ?? null)).map(toStaffAgent);
  }

  /** The agent as staff see it; 404 for an unknown id. */
  async getForStaff(agentId: string): Promise<StaffAgent> {
    const [row] = await this.staffRows(agentId, null);
    if (!row) throw agentNotFound();
    return toStaffAgent(row);
  }

  /** A new active agent serving no account yet; 409 when another agent has the email. */
  async create(agent: NewAgent): Promise<StaffAgent> {
    const id = randomUUID();
    try {
      await this.dataSource.getRepository(AgentEntity).insert({ id, ...agent, active: true });
    } catch (error) {
      if (isEmailTaken(error)) throw emailTaken();
      throw error;
    }
    return this.getForStaff(id);
  }

  /** Changes any of name, title, email and `active`; 404 for an unknown agent, 409 for a taken email. */
  async update(agentId: string, changes: AgentChanges): Promise<StaffAgent> {
    const repository = this.dataSource.getRepository(AgentEntity);
    if (!(await repository.existsBy({ id: agentId }))) throw agentNotFound();
    const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    if (Object.keys(defined).length > 0) {
      try {
        await repository.update({ id: agentId }, defined);
      } catch (error) {
        if (isEmailTaken(error)) throw emailTaken();
        throw error;
      }
    }
    return this.getForStaff(agentId);
  }

  /** The agent serves the organization from now on (already serving: unchanged); 404 for an unknown agent. */
  async assign(agentId: string, organizationId: string): Promise<StaffAgent> {
    if (!(await this.dataSource.getRepository(AgentEntity).existsBy({ id: agentId }))) throw agentNotFound();
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(AgentAssignmentEntity)
      .values({ agentId, organizationId })
      .orIgnore()
      .execute();
    return this.getForStaff(agentId);
  }

  /** The agent stops serving the organization (its tickets there keep it); 404 for an unknown agent. */
  async unassign(agentId: string, organizationId: string): Promise<StaffAgent> {
    if (!(await this.dataSource.getRepository(AgentEntity).existsBy({ id: agentId }))) throw agentNotFound();
    await this.dataSource.getRepository(AgentAssignmentEntity).delete({ agentId, organizationId });
    return this.getForStaff(agentId);
  }

  /**
   * A page of the organization's active agents, the latest assigned first, keyset-paged on
   * (assigned_at, agent id); `after` an agent id of the organization's. `hasMore` when more follow.
   */
  async pageForOrganization(
    organizationId: string,
    { limit, after }: { limit: number; after?: string },
  ): Promise<{ agents: OrganizationAgentRow[]; hasMore: boolean }> {
    const params: unknown[] = [organizationId];
    let cursor = '';
    if (after !== undefined) {
      params.push(after);
      cursor = `AND (assignment.assigned_at, assignment.agent_id) < (
        SELECT assigned_at, agent_id FROM agent_assignments WHERE organization_id = $1 AND agent_id = $2)`;
    }
    const rows = await queryPrepared<OrganizationAgentRow>(
      this.dataSource,
      `SELECT agent.id, agent.name, agent.title, agent.email, assignment.assigned_at
       FROM agent_assignments AS assignment JOIN agents AS agent ON agent.id = assignment.agent_id
       WHERE assignment.organization_id = $1 AND agent.active ${cursor}
       ORDER BY assignment.assigned_at DESC, assignment.agent_id DESC
       LIMIT ${limit + 1}`,
      params,
    );
    return { agents: rows.slice(0, limit), hasMore: rows.length > limit };
  }

  /** Whether the agent serves the organization (a cursor of `pageForOrganization` must name one). */
  servesOrganization(agentId: string, organizationId: string): Promise<boolean> {
    return this.dataSource.getRepository(AgentAssignmentEntity).existsBy({ agentId, organizationId });
  }

  private staffRows(agentId: string | null, organizationId: string | null): Promise<StaffAgentRow[]> {
    return queryPrepared<StaffAgentRow>(this.dataSource, STAFF_AGENTS_SQL, [agentId, organizationId]);
  }
}
