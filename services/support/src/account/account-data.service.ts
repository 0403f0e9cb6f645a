import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuthenticatedUser } from '@portal/auth';
import type { Ticket, UserDeletedData } from '@portal/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { toTicketView } from '../tickets/ticket-view';
import { TicketsService } from '../tickets/tickets.service';

/** A message the account wrote on a ticket's thread (its first message is the ticket's description). */
export interface WrittenMessage {
  id: string;
  ticketId: string;
  body: string;
  createdAt: string;
  attachments: { fileName: string; contentType: string; size: number }[];
}

/**
 * What support holds about one account: its tickets and the messages it wrote. (The hourly ticket
 * limit's counts, a user id and a time each, are pruned within a day.)
 */
export interface SupportAccountData {
  tickets: Ticket[];
  messages: WrittenMessage[];
}

/**
 * "Export my data" and "Delete my account" for support: the tickets the account opened and the
 * messages it wrote, by its user id, in any organization, newest first; on deletion, see
 * `TicketsService.eraseForDeletedAccount` (messages and files go with their tickets).
 */
@Injectable()
export class AccountDataService {
  constructor(
    private readonly tickets: TicketsService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async export(user: Pick<AuthenticatedUser, 'id'>): Promise<SupportAccountData> {
    const messages: (Omit<WrittenMessage, 'createdAt'> & { createdAt: Date })[] = await this.dataSource.query(
      `SELECT m.id, m.ticket_id AS "ticketId", m.body, m.created_at AS "createdAt",
         coalesce(
           json_agg(json_build_object('fileName', a.file_name, 'contentType', a.content_type, 'size', a.size)
             ORDER BY a.created_at, a.id) FILTER (WHERE a.id IS NOT NULL),
           '[]') AS attachments
       FROM ticket_messages m LEFT JOIN ticket_attachments a ON a.message_id = m.id
       WHERE m.author_id = $1
       GROUP BY m.id
       ORDER BY m.created_at DESC, m.position DESC`,
      [user.id],
    );
    return {
      tickets: (await this.tickets.listForCustomer(user.id)).map(toTicketView),
      messages: messages.map((message) => ({
        ...message,
        createdAt: new Date(message.createdAt).toISOString(),
      })),
    };
  }

  erase(manager: EntityManager, deleted: UserDeletedData): Promise<void> {
    return this.tickets.eraseForDeletedAccount(manager, deleted);
  }
}
