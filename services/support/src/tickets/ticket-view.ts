import { type CustomerTicket, type StaffTicket, type Ticket, TICKET_REOPEN_DAYS } from '@portal/contracts';
import { isBreaching, slaClocks, type SlaTimesText, slaTimesText } from '../sla/sla-clock';
import type { TicketEntity } from './ticket.entity';

const DAY = 24 * 60 * 60_000;

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

/**
 * A ticket as a member sees it (`customerTicketSchema`): unread when staff answered after `readAt`
 * (the member's last read, null if never), its clocks, and until when it may be reopened.
 */
export function toCustomerTicketView(
  ticket: TicketEntity,
  readAt: Date | null,
  now: Date = new Date(),
): CustomerTicket {
  const reopenable = ticket.closedAt && (ticket.status === 'closed' || ticket.status === 'resolved');
  return {
    ...toTicketView(ticket),
    unread: ticket.lastStaffReplyAt !== null && (readAt === null || ticket.lastStaffReplyAt > readAt),
    lastMessageAt: ticket.lastMessageAt.toISOString(),
    closedAt: ticket.closedAt?.toISOString() ?? null,
    reopenableUntil: reopenable
      ? new Date(ticket.closedAt!.getTime() + TICKET_REOPEN_DAYS * DAY).toISOString()
      : null,
    sla: slaClocks(slaTimesText(ticket), now.toISOString()),
  };
}

/** A ticket as staff read it, its times as ISO 8601 text: the queue reads them so (`isoTime`). */
export interface StaffTicketRecord extends Omit<Ticket, 'createdAt' | 'updatedAt'>, SlaTimesText {
  customerId: string;
  organizationId: string | null;
  assigneeId: string | null;
  createdAt: string;
  updatedAt: string;
  lastMessageAt: string;
}

/** A ticket as support staff see it (`staffTicketSchema`): whose it is, its assignee and clocks at `now`. */
export function staffTicketView(ticket: StaffTicketRecord, now: string): StaffTicket {
  return {
    id: ticket.id,
    title: ticket.title,
    description: ticket.description,
    priority: ticket.priority,
    status: ticket.status,
    createdAt: ticket.createdAt,
    updatedAt: ticket.updatedAt,
    customerId: ticket.customerId,
    organizationId: ticket.organizationId,
    assigneeId: ticket.assigneeId,
    breaching: isBreaching(ticket, now),
    lastMessageAt: ticket.lastMessageAt,
    closedAt: ticket.closedAt,
    sla: slaClocks(ticket, now),
  };
}

/** `staffTicketView` of a ticket read as an entity. */
export function toStaffTicketView(ticket: TicketEntity, now: Date = new Date()): StaffTicket {
  return staffTicketView(
    {
      ...toTicketView(ticket),
      ...slaTimesText(ticket),
      customerId: ticket.customerId,
      organizationId: ticket.organizationId,
      assigneeId: ticket.assigneeId,
      lastMessageAt: ticket.lastMessageAt.toISOString(),
    },
    now.toISOString(),
  );
}
