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

/** A live chat the account started (ADR 0236); `ticketId` once it became a ticket. */
export interface StartedChat {
  id: string;
  state: string;
  createdAt: string;
  closedAt: string | null;
  ticketId: string | null;
}

/** A message the account wrote in a live chat. */
export interface WrittenChatMessage {
  id: string;
  chatId: string;
  body: string;
  createdAt: string;
}

/**
 * What support holds about one account: its tickets, the live chats it started and the messages it
 * wrote in both. (The hourly ticket and chat limits' counts, a user id and a time each, are pruned
 * within a day.)
 */
export interface SupportAccountData {
  tickets: Ticket[];
  messages: WrittenMessage[];
  chats: StartedChat[];
  chatMessages: WrittenChatMessage[];
}

const iso = (value: Date) => new Date(value).toISOString();

/**
 * "Export my data" and "Delete my account" for support: the tickets the account opened, the chats it
 * started and the messages it wrote, by its user id, in any organization, newest first; on deletion, see
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
      messages: messages.map((message) => ({ ...message, createdAt: iso(message.createdAt) })),
      ...(await this.chatsOf(user.id)),
    };
  }

  private async chatsOf(userId: string): Promise<Pick<SupportAccountData, 'chats' | 'chatMessages'>> {
    const [chats, messages] = await Promise.all([
      this.dataSource.query(
        `SELECT id, state, created_at AS "createdAt", closed_at AS "closedAt", ticket_id AS "ticketId"
         FROM chats WHERE customer_id = $1 ORDER BY created_at DESC, id DESC`,
        [userId],
      ) as Promise<
        (Omit<StartedChat, 'createdAt' | 'closedAt'> & { createdAt: Date; closedAt: Date | null })[]
      >,
      this.dataSource.query(
        `SELECT id, chat_id AS "chatId", body, created_at AS "createdAt"
         FROM chat_messages WHERE author = 'customer' AND author_id = $1
         ORDER BY created_at DESC, position DESC`,
        [userId],
      ) as Promise<(Omit<WrittenChatMessage, 'createdAt'> & { createdAt: Date })[]>,
    ]);
    return {
      chats: chats.map((chat) => ({
        ...chat,
        createdAt: iso(chat.createdAt),
        closedAt: chat.closedAt && iso(chat.closedAt),
      })),
      chatMessages: messages.map((message) => ({ ...message, createdAt: iso(message.createdAt) })),
    };
  }

  erase(manager: EntityManager, deleted: UserDeletedData): Promise<void> {
    return this.tickets.eraseForDeletedAccount(manager, deleted);
  }
}
