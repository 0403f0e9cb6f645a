import type { Ticket } from '@portal/contracts';
import type { TicketEntity } from './ticket.entity';

/** A ticket as the API answers it (`ticketSchema`): never whose it is. */
export function toTicketView(ticket: TicketEntity): Ticket {
  return {
    id: ticket.id,
    title: ticket.title,
    description: ticket.description,
    priority: ticket.priority,
    status: ticket.status,
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
  };
}
