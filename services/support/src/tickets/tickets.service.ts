import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuthenticatedUser } from '@portal/auth';
import { enqueueCatalogEvent } from '@portal/events';
import type { DataSource, EntityManager } from 'typeorm';
import type {
  createTicketRequestSchema,
  MembershipChangedData,
  StaffTicketListQuery,
  TicketStatus,
  UserDeletedData,
} from '@portal/contracts';
import type { z } from 'zod';
import { type KeysetCursor, keysetTimeText } from '@portal/db';
import { TicketEntity } from './ticket.entity';

/** Who a ticket belongs to: the signed-in customer (who opened it) and their organization. */
export type TicketOwner = Pick<AuthenticatedUser, 'id' | 'organizationId'>;

/** A ticket request as validated by `createTicketRequestSchema` (trimmed, priority defaulted). */
export type NewTicket = z.output<typeof createTicketRequestSchema>;

/** What the staff queue shows: its filters, how many, and after which ticket (none: from the newest). */
export type StaffQueueQuery = Omit<StaffTicketListQuery, 'cursor'> & { after?: KeysetCursor };

/** A page of the staff queue; `next` is where the following page starts, null on the last one. */
export interface StaffQueuePage {
  tickets: TicketEntity[];
  next: KeysetCursor | null;
}

/** A ticket of fixed data (the demo's), opened and last updated some PostgreSQL intervals ago. */
export type AgedTicket = Pick<
  TicketEntity,
  'id' | 'customerId' | 'organizationId' | 'title' | 'description' | 'priority' | 'status'
> & { openedAgo: string; updatedAgo: string };

/** Whose legacy tickets move to which organization (`portal.memberships.changed` with `claimsLegacyData`). */
export type LegacyClaim = Pick<MembershipChangedData, 'organizationId' | 'userId'>;

/**
 * Moves the tickets the user opened before organizations owned data (no organization) to `claim`'s
 * organization; tickets already in one stay, so a second run changes nothing. Answers how many
 * moved. The consumer of `portal.memberships.changed` runs it (and the migration bench, on the built
 * tree), one member per transaction.
 */
export async function claimLegacyTickets(
  manager: Pick<EntityManager, 'query'>,
  claim: LegacyClaim,
): Promise<number> {
  // TypeORM answers an UPDATE as [rows, affected].
  const [, moved]: [unknown[], number] = await manager.query(
    'UPDATE tickets SET organization_id = $1 WHERE customer_id = $2 AND organization_id IS NULL',
    [claim.organizationId, claim.userId],
  );
  return moved;
}

/**
 * Customers' tickets: the dashboard's reads are scoped to the organization they belong to, the
 * export's to the member who opened them; staff see the whole queue.
 */
@Injectable()
export class TicketsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get repository() {
    return this.dataSource.getRepository(TicketEntity);
  }

  /** The organization's tickets, whoever of its members opened them, newest first. */
  listForOrganization(organizationId: string): Promise<TicketEntity[]> {
    return this.repository.find({ where: { organizationId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  /** The ticket, when it is the organization's; null for another organization's ticket or an unknown id. */
  findForOrganization(organizationId: string, ticketId: string): Promise<TicketEntity | null> {
    return this.repository.findOne({ where: { id: ticketId, organizationId } });
  }

  /** The tickets the customer opened, in any organization, newest first ("Export my data"). */
  listForCustomer(customerId: string): Promise<TicketEntity[]> {
    return this.repository.find({ where: { customerId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  /** See `claimLegacyTickets`. */
  claimLegacy(manager: EntityManager, claim: LegacyClaim): Promise<number> {
    return claimLegacyTickets(manager, claim);
  }

  /**
   * A deleted account: the tickets it opened outside any organization go, and every ticket of its
   * organization when the organization went with it. Tickets of an organization that remains stay
   * the organization's (its members still follow them), still naming who opened them. Nothing to do
   * the second time.
   */
  async eraseForDeletedAccount(manager: EntityManager, deleted: UserDeletedData): Promise<void> {
    await manager.query(
      `DELETE FROM tickets
       WHERE (customer_id = $1 AND organization_id IS NULL) OR ($2 AND organization_id = $3)`,
      [deleted.userId, deleted.organizationDeleted, deleted.organizationId],
    );
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

  /**
   * A page of every customer's tickets for support staff, newest first, keyset-paged on
   * (created_at, id): tickets opened while staff page through never shift a page or repeat.
   */
  async listForStaff({
    status,
    priority,
    customerId,
    limit,
    after,
  }: StaffQueueQuery): Promise<StaffQueuePage> {
    const query = this.repository
      .createQueryBuilder('ticket')
      .addSelect(keysetTimeText('ticket.created_at'), 'cursor_created_at')
      .orderBy('ticket.created_at', 'DESC')
      .addOrderBy('ticket.id', 'DESC')
      // One more than the page tells whether there is a next page.
      .limit(limit + 1);
    if (status) query.andWhere('ticket.status = :status', { status });
    if (priority) query.andWhere('ticket.priority = :priority', { priority });
    if (customerId) query.andWhere('ticket.customer_id = :customerId', { customerId });
    if (after) {
      query.andWhere('(ticket.created_at, ticket.id) < (CAST(:at AS timestamptz), CAST(:id AS uuid))', after);
    }
    const { entities, raw } = await query.getRawAndEntities<{
      ticket_id: string;
      cursor_created_at: string;
    }>();
    if (entities.length <= limit) return { tickets: entities, next: null };
    const last = raw[limit - 1];
    return {
      tickets: entities.slice(0, limit),
      next: { at: last.cursor_created_at, id: last.ticket_id },
    };
  }

  /** Moves a ticket to `status`; null when there is no such ticket. */
  async changeStatus(ticketId: string, status: TicketStatus): Promise<TicketEntity | null> {
    const ticket = await this.repository.findOne({ where: { id: ticketId } });
    if (!ticket) return null;
    if (ticket.status === status) return ticket;
    ticket.status = status;
    return this.repository.save(ticket);
  }

  /**
   * Adds the ticket under its own id unless that id is taken, opened and last updated the given
   * PostgreSQL intervals ago, without an event (fixed demo data); true when it was added.
   */
  async addIfMissing(ticket: AgedTicket): Promise<boolean> {
    const inserted: unknown[] = await this.dataSource.query(
      `INSERT INTO tickets
         (id, customer_id, organization_id, title, description, priority, status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now() - $8::interval, now() - $9::interval)
       ON CONFLICT (id) DO NOTHING
       RETURNING id`,
      [
        ticket.id,
        ticket.customerId,
        ticket.organizationId,
        ticket.title,
        ticket.description,
        ticket.priority,
        ticket.status,
        ticket.openedAgo,
        ticket.updatedAgo,
      ],
    );
    return inserted.length > 0;
  }
}
