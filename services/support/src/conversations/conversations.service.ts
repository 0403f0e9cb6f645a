import { randomUUID } from 'node:crypto';
import { ConflictException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type AttachmentMediaType,
  conversationMessages,
  type MessageAuthor,
  TICKET_REOPEN_DAYS,
  type TicketStatus,
} from '@portal/contracts';
import { enqueueCatalogEvent } from '@portal/events';
import type { DataSource, EntityManager } from 'typeorm';
import { attachUploads, type Writer } from '../attachments/attach-uploads';
import { TicketEntity } from '../tickets/ticket.entity';
import { isDone, lockTicket, ticketActivity } from '../tickets/tickets.service';

const DAY = 24 * 60 * 60_000;

/** A message of a thread, with its attachments (`internal` only ever true for staff's notes). */
export interface ThreadMessage {
  id: string;
  author: MessageAuthor;
  authorId: string;
  internal: boolean;
  body: string;
  createdAt: Date;
  attachments: { id: string; fileName: string; contentType: AttachmentMediaType; size: number }[];
}

/** A message to add; `internal` only for staff. */
export interface NewMessage {
  body: string;
  internal: boolean;
  attachmentIds: string[];
}

/** What happened to the ticket with a message: the message, and the ticket after it. */
export interface Written {
  message: ThreadMessage;
  ticket: TicketEntity;
}

interface MessageRow {
  id: string;
  author: MessageAuthor;
  author_id: string;
  internal: boolean;
  body: string;
  created_at: Date;
  attachments: ThreadMessage['attachments'];
}

/** When a closed (or resolved) ticket may no longer be reopened by its customer. */
export const reopenDeadline = (closedAt: Date) => new Date(closedAt.getTime() + TICKET_REOPEN_DAYS * DAY);

/**
 * Ticket conversations (ADR 0186): threads, replies of both sides, internal notes, closing,
 * reopening and read markers. Every write locks the ticket's row first, so two replies at once are
 * written one after the other and keep that order (`ticket_messages.position`); each write and its
 * `portal.tickets.*` events commit together (the outbox).
 */
@Injectable()
export class ConversationsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The thread, oldest first; internal notes only with `withInternal` (staff). */
  async thread(ticketId: string, withInternal: boolean, manager: EntityManager = this.dataSource.manager) {
    const rows: MessageRow[] = await manager.query(
      `SELECT m.id, m.author, m.author_id, m.internal, m.body, m.created_at,
         coalesce(
           json_agg(json_build_object('id', a.id, 'fileName', a.file_name, 'contentType', a.content_type, 'size', a.size)
             ORDER BY a.created_at, a.id) FILTER (WHERE a.id IS NOT NULL),
           '[]') AS attachments
       FROM ticket_messages m LEFT JOIN ticket_attachments a ON a.message_id = m.id
       WHERE m.ticket_id = $1 AND ($2 OR NOT m.internal)
       GROUP BY m.id
       ORDER BY m.position`,
      [ticketId, withInternal],
    );
    return rows.map(toThreadMessage);
  }

  /** The ticket for this writer: any for staff, the organization's own for a member; null otherwise. */
  private async lockFor(
    manager: EntityManager,
    writer: Writer,
    ticketId: string,
  ): Promise<TicketEntity | null> {
    const ticket = await lockTicket(manager, ticketId);
    if (!ticket) return null;
    if (writer.side === 'customer' && ticket.organizationId !== writer.organizationId) return null;
    return ticket;
  }

  /**
   * Adds a message. A member's reply to a resolved ticket, or to a closed one within 14 days of its
   * closing, reopens it (`portal.tickets.reopened`, by the customer); to one closed longer ago it is
   * refused (409). Staff's reply to a closed ticket is refused (409): they reopen it first. A reply
   * (not a note) queues `portal.tickets.replied`; staff's first one stops the first-response clock.
   * Null when the writer has no such ticket.
   */
  write(writer: Writer, ticketId: string, message: NewMessage): Promise<Written | null> {
    return this.dataSource.transaction(async (manager) => {
      const ticket = await this.lockFor(manager, writer, ticketId);
      if (!ticket) return null;
      // Once the row is ours: replies waiting for one another are timed in the order they are written.
      const now = new Date();
      const internal = writer.side === 'staff' && message.internal;
      let reopened = false;
      if (writer.side === 'staff' && ticket.status === 'closed' && !internal) {
        throw new ConflictException(conversationMessages.staffReplyToClosed);
      }
      if (writer.side === 'customer' && isDone(ticket.status)) {
        if (ticket.status === 'closed' && ticket.closedAt && reopenDeadline(ticket.closedAt) < now) {
          throw new ConflictException(conversationMessages.reopenTooLate);
        }
        reopened = true;
      }

      const messageId = randomUUID();
      const [inserted]: { created_at: Date }[] = await manager.query(
        `INSERT INTO ticket_messages (id, ticket_id, author, author_id, internal, body, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING created_at`,
        [messageId, ticket.id, writer.side, writer.userId, internal, message.body, now],
      );
      await attachUploads(manager, writer, ticket.id, messageId, message.attachmentIds, now);

      if (!internal) {
        ticket.lastMessageAt = now;
        if (writer.side === 'staff') {
          ticket.lastStaffReplyAt = now;
          ticket.firstResponseAt ??= now;
        }
      }
      if (reopened) {
        ticket.status = 'open';
        ticket.closedAt = null;
      }
      if (!internal || reopened) {
        ticket.updatedAt = now;
        await manager.save(TicketEntity, ticket);
      }
      const activity = ticketActivity(ticket);
      if (reopened) {
        await enqueueCatalogEvent(manager, 'ticketReopened', {
          ...activity,
          by: 'customer',
          status: ticket.status,
          reopenedAt: now.toISOString(),
        });
      }
      if (!internal) {
        await enqueueCatalogEvent(manager, 'ticketReplied', {
          ...activity,
          messageId,
          author: writer.side,
          authorId: writer.userId,
          status: ticket.status,
          repliedAt: inserted.created_at.toISOString(),
        });
      }
      // The writer has read their own message (and everything before it).
      if (writer.side === 'customer') await markRead(manager, ticket.id, writer.userId);
      const [written] = (await this.thread(ticket.id, true, manager)).filter((row) => row.id === messageId);
      return { message: written, ticket: await manager.findOneByOrFail(TicketEntity, { id: ticket.id }) };
    });
  }

  /** A member closes their organization's ticket (`portal.tickets.closed`); a closed one stays as it is. */
  close(writer: Writer, ticketId: string, now: Date = new Date()): Promise<TicketEntity | null> {
    return this.dataSource.transaction(async (manager) => {
      const ticket = await this.lockFor(manager, writer, ticketId);
      if (!ticket || ticket.status === 'closed') return ticket;
      ticket.status = 'closed';
      ticket.closedAt = now;
      ticket.updatedAt = now;
      await manager.save(TicketEntity, ticket);
      await enqueueCatalogEvent(manager, 'ticketClosed', {
        ...ticketActivity(ticket),
        by: writer.side,
        closedAt: now.toISOString(),
      });
      return manager.findOneByOrFail(TicketEntity, { id: ticket.id });
    });
  }

  /**
   * A member reopens a closed or resolved ticket within 14 days of its closing
   * (`portal.tickets.reopened`); 409 for a ticket that is not closed, or was closed longer ago.
   */
  reopen(writer: Writer, ticketId: string, now: Date = new Date()): Promise<TicketEntity | null> {
    return this.dataSource.transaction(async (manager) => {
      const ticket = await this.lockFor(manager, writer, ticketId);
      if (!ticket) return null;
      if (!isDone(ticket.status)) throw new ConflictException(conversationMessages.reopenNotClosed);
      if (ticket.closedAt && reopenDeadline(ticket.closedAt) < now) {
        throw new ConflictException(conversationMessages.reopenTooLate);
      }
      ticket.status = 'open' satisfies TicketStatus;
      ticket.closedAt = null;
      ticket.updatedAt = now;
      await manager.save(TicketEntity, ticket);
      await enqueueCatalogEvent(manager, 'ticketReopened', {
        ...ticketActivity(ticket),
        by: writer.side,
        status: ticket.status,
        reopenedAt: now.toISOString(),
      });
      return manager.findOneByOrFail(TicketEntity, { id: ticket.id });
    });
  }

  /** Marks the ticket read for the member, up to its last message; false when it is not their organization's. */
  async read(organizationId: string, ticketId: string, userId: string): Promise<boolean> {
    const [owned]: unknown[] = await this.dataSource.query(
      'SELECT 1 FROM tickets WHERE id = $1 AND organization_id = $2',
      [ticketId, organizationId],
    );
    if (!owned) return false;
    await markRead(this.dataSource.manager, ticketId, userId);
    return true;
  }

  /** When the member last read each of these tickets (absent: never). */
  async readTimes(ticketIds: string[], userId: string): Promise<Map<string, Date>> {
    if (ticketIds.length === 0) return new Map();
    const rows: { ticket_id: string; read_at: Date }[] = await this.dataSource.query(
      'SELECT ticket_id, read_at FROM ticket_reads WHERE ticket_id = ANY($1::uuid[]) AND user_id = $2',
      [ticketIds, userId],
    );
    return new Map(rows.map((row) => [row.ticket_id, row.read_at]));
  }

  /** How many of the organization's tickets have a staff reply this member has not read. */
  async unreadCount(organizationId: string, userId: string): Promise<number> {
    const [row]: { unread: string }[] = await this.dataSource.query(
      `SELECT count(*) AS unread FROM tickets t
       LEFT JOIN ticket_reads r ON r.ticket_id = t.id AND r.user_id = $2
       WHERE t.organization_id = $1 AND t.last_staff_reply_at IS NOT NULL
         AND (r.read_at IS NULL OR t.last_staff_reply_at > r.read_at)`,
      [organizationId, userId],
    );
    return Number(row.unread);
  }
}

/** The member has read the ticket up to its last message. */
async function markRead(
  manager: Pick<EntityManager, 'query'>,
  ticketId: string,
  userId: string,
): Promise<void> {
  await manager.query(
    `INSERT INTO ticket_reads (ticket_id, user_id, read_at)
     SELECT id, $2, last_message_at FROM tickets WHERE id = $1
     ON CONFLICT (ticket_id, user_id) DO UPDATE SET read_at = GREATEST(ticket_reads.read_at, EXCLUDED.read_at)`,
    [ticketId, userId],
  );
}

function toThreadMessage(row: MessageRow): ThreadMessage {
  return {
    id: row.id,
    author: row.author,
    authorId: row.author_id,
    internal: row.internal,
    body: row.body,
    createdAt: new Date(row.created_at),
    attachments: row.attachments,
  };
}
