import { toPublicId, type V1Agent, type V1Ticket } from '@portal/contracts';
import { isoTime } from '@portal/db';
import type { TicketEntity } from '../tickets/ticket.entity';

/** The columns of `tickets` the API shows, each timestamptz as the text PostgreSQL wrote. */
export interface V1TicketRow {
  id: string;
  title: string;
  description: string;
  priority: V1Ticket['priority'];
  status: V1Ticket['status'];
  created_at: string;
  updated_at: string;
  customer_reference: string | null;
  callback_url: string | null;
  assigned_agent_id: string | null;
}

export const V1_TICKET_COLUMNS =
  'id, title, description, priority, status, created_at, updated_at, customer_reference, callback_url, assigned_agent_id';

/** A ticket as the API shows it: public ids, the caller's own `customer_id` (null for the dashboard's tickets). */
export function toV1Ticket(row: V1TicketRow): V1Ticket {
  return {
    id: toPublicId('ticket', row.id),
    object: 'ticket',
    customer_id: row.customer_reference,
    subject: row.title,
    description: row.description,
    priority: row.priority,
    status: row.status,
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
    assigned_agent: row.assigned_agent_id && toPublicId('agent', row.assigned_agent_id),
    callback_url: row.callback_url,
  };
}

/** A ticket just opened (an entity, its times Dates). */
export function toV1TicketFromEntity(ticket: TicketEntity): V1Ticket {
  return {
    id: toPublicId('ticket', ticket.id),
    object: 'ticket',
    customer_id: ticket.customerReference,
    subject: ticket.title,
    description: ticket.description,
    priority: ticket.priority,
    status: ticket.status,
    created_at: ticket.createdAt.toISOString(),
    updated_at: ticket.updatedAt.toISOString(),
    assigned_agent: ticket.assignedAgentId && toPublicId('agent', ticket.assignedAgentId),
    callback_url: ticket.callbackUrl,
  };
}

export function toV1Agent(agent: { id: string; name: string; title: string; email: string }): V1Agent {
  return {
    id: toPublicId('agent', agent.id),
    object: 'agent',
    name: agent.name,
    title: agent.title,
    email: agent.email,
  };
}
