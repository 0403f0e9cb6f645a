import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuthenticatedUser } from '@portal/auth';
import { enqueueCatalogEvent } from '@portal/events';
import type { DataSource } from 'typeorm';
import {
  type createTicketRequestSchema,
  STAFF_TICKET_LIST_LIMIT,
  type TicketStatus,
} from '@portal/contracts';
import type { z } from 'zod';
import { TicketEntity } from './ticket.entity';

/** Who a ticket belongs to: the signed-in customer and their organization. */
export type TicketOwner = Pick<AuthenticatedUser, 'id' | 'organizationId'>;

/** A ticket request as validated by `createTicketRequestSchema` (trimmed, priority defaulted). */
export type NewTicket = z.output<typeof createTicketRequestSchema>;

/** Customers' tickets: a customer's reads and writes are scoped to their own; staff see the whole queue. */
@Injectable()
export class TicketsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get repository() {
    return this.dataSource.getRepository(TicketEntity);
  }

  /** The customer's tickets, newest first. */
  listForCustomer(customerId: string): Promise<TicketEntity[]> {
    return this.repository.find({ where: { customerId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  /** The ticket, when it is the customer's; null for another customer's ticket or an unknown id. */
  findForCustomer(customerId: string, ticketId: string): Promise<TicketEntity | null> {
    return this.repository.findOne({ where: { id: ticketId, customerId } });
  }

  /** Opens a ticket and queues its `portal.tickets.created` event in one transaction. */
  open(owner: TicketOwner, ticket: NewTicket): Promise<TicketEntity> {
    return this.dataSource.transaction(async (manager) => {
      const row = await manager.save(
        TicketEntity,
        manager.create(TicketEntity, {
          id: randomUUID(),
          customerId: owner.id,
          organizationId: owner.organizationId,
          title: ticket.title,
          description: ticket.description,
          priority: ticket.priority,
          status: 'open',
        }),
      );
      await enqueueCatalogEvent(manager, 'ticketCreated', {
        ticketId: row.id,
        customerId: row.customerId,
        organizationId: row.organizationId,
        title: row.title,
        priority: row.priority,
        status: row.status,
        createdAt: row.createdAt.toISOString(),
      });
      return row;
    });
  }

  /** Every customer's tickets for support staff, newest first, at most STAFF_TICKET_LIST_LIMIT. */
  listForStaff(status?: TicketStatus): Promise<TicketEntity[]> {
    return this.repository.find({
      where: status ? { status } : {},
      order: { createdAt: 'DESC', id: 'DESC' },
      take: STAFF_TICKET_LIST_LIMIT,
    });
  }

  /** Moves a ticket to `status`; null when there is no such ticket. */
  async changeStatus(ticketId: string, status: TicketStatus): Promise<TicketEntity | null> {
    const ticket = await this.repository.findOne({ where: { id: ticketId } });
    if (!ticket) return null;
    if (ticket.status === status) return ticket;
    ticket.status = status;
    return this.repository.save(ticket);
  }
}
