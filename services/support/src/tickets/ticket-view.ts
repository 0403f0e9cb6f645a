import type { StaffTicket, Ticket } from '@portal/contracts';
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

/** A ticket as support staff see it (`staffTicketSchema`): whose it is as well. */
export function toStaffTicketView(ticket: TicketEntity): StaffTicket {
  return { ...toTicketView(ticket), customerId: ticket.customerId, organizationId: ticket.organizationId };
}
