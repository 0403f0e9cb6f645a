import { randomUUID } from 'node:crypto';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  CHAT_HISTORY_LIMIT,
  CHAT_PRESENCE_TTL_SECONDS,
  type ChatAuthor,
  type ChatDetail,
  type ChatMessage,
  chatMessages,
  type ChatSignal,
  type ChatState,
  type ChatSummary,
  type ChatTicket,
  DEFAULT_TICKET_PRIORITY,
  type StaffChatDetail,
  type StaffChatSummary,
  TICKET_DESCRIPTION_MAX_LENGTH,
  TICKET_TITLE_MAX_LENGTH,
} from '@portal/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { slaClocks, slaTimesText } from '../sla/sla-clock';
import { TicketEntity } from '../tickets/ticket.entity';
import { TicketsService } from '../tickets/tickets.service';
import { ChatSignals } from './chat-signals';
import { TypingThrottle } from './typing-throttle';

/** A row of `chats`. */
interface ChatRow {
  id: string;
  organization_id: string;
  customer_id: string;
  state: ChatState;
  staff_id: string | null;
  ticket_id: string | null;
  preview: string;
  created_at: Date;
  accepted_at: Date | null;
  closed_at: Date | null;
  last_message_at: Date;
}

interface MessageRow {
  id: string;
  chat_id: string;
  author: ChatAuthor;
  body: string;
  created_at: Date;
}

/** Who acts on a chat: a member of its organization, or a staffer. */
export type ChatActor =
  { side: 'customer'; userId: string; organizationId: string } | { side: 'staff'; userId: string };

const chatNotFound = () => new NotFoundException(chatMessages.chatNotFound);
const iso = (date: Date | null) => date?.toISOString() ?? null;
const PREVIEW_LENGTH = 200;
const isOpen = (state: ChatState) => state === 'waiting' || state === 'active';

function toSummary(row: ChatRow): ChatSummary {
  return {
    id: row.id,
    state: row.state,
    createdAt: row.created_at.toISOString(),
    acceptedAt: iso(row.accepted_at),
    closedAt: iso(row.closed_at),
    lastMessageAt: row.last_message_at.toISOString(),
    preview: row.preview,
    ticketId: row.ticket_id,
  };
}

function toStaffSummary(row: ChatRow): StaffChatSummary {
  return {
    ...toSummary(row),
    organizationId: row.organization_id,
    customerId: row.customer_id,
    staffId: row.staff_id,
  };
}

function toMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    chatId: row.chat_id,
    author: row.author,
    body: row.body,
    createdAt: row.created_at.toISOString(),
  };
}

/** The line a transcript gives one message: "[03:41 UTC] Customer: …". */
function transcriptLine(message: MessageRow): string {
  const time = message.created_at.toISOString().slice(11, 16);
  const who = message.author === 'customer' ? 'Customer' : message.author === 'staff' ? 'Support' : 'Note';
  return `[${time} UTC] ${who}: ${message.body}`;
}

/**
 * The ticket description of a converted chat: a heading, then the messages oldest first, as many as
 * fit in a ticket's description (the rest stay readable in the chat, which the ticket names).
 */
export function chatTranscript(chat: Pick<ChatRow, 'id' | 'created_at'>, messages: MessageRow[]): string {
  const heading =
    `Live chat started ${chat.created_at.toISOString().slice(0, 16).replace('T', ' ')} UTC ` +
    `(chat ${chat.id}). No one from support could take it, so it became this ticket.\n`;
  let text = heading;
  for (const [index, message] of messages.entries()) {
    const line = `\n${transcriptLine(message)}`;
    const more = `\n… ${messages.length - index} more message(s) in the chat.`;
    if (text.length + line.length + more.length > TICKET_DESCRIPTION_MAX_LENGTH) return text + more;
    text += line;
  }
  return text;
}

/** The ticket title of a converted chat: its first message's first line. */
export function chatTicketTitle(preview: string): string {
  const first = preview.split('\n')[0].trim();
  const title = `Live chat: ${first}`;
  return title.length <= TICKET_TITLE_MAX_LENGTH ? title : `${title.slice(0, TICKET_TITLE_MAX_LENGTH - 1)}…`;
}

/** The notice support adds to a chat that became a ticket. */
export const conversionNotice =
  'No one from support could take this chat right now, so we turned it into a ticket. ' +
  'We will answer there; you will see the reply in Support.';

/**
 * Live chats (ADR 0236): started and written by an organization's members, accepted, answered and
 * closed by staff, turned into a ticket when no staffer takes them. Every read and change of a member
 * is filtered by the organization of their token; every change locks the chat's row, so a message,
 * an accept, a close and a conversion happen one after the other. Signals go out after the commit.
 */
@Injectable()
export class ChatsService {
  private readonly typingThrottle = new TypingThrottle();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tickets: TicketsService,
    private readonly signals: ChatSignals,
  ) {}

  /** Staff whose console said it was open within the last 45 s. */
  async staffOnline(manager: Pick<EntityManager, 'query'> = this.dataSource): Promise<number> {
    const [row]: { online: string }[] = await manager.query(
      `SELECT count(*) AS online FROM chat_presence
       WHERE last_seen_at > now() - make_interval(secs => $1)`,
      [CHAT_PRESENCE_TTL_SECONDS],
    );
    return Number(row.online);
  }

  /** The staffer's console is open (a heartbeat): online for the next 45 s. */
  async heartbeat(staffId: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO chat_presence (staff_id, last_seen_at) VALUES ($1, now())
       ON CONFLICT (staff_id) DO UPDATE SET last_seen_at = now()`,
      [staffId],
    );
  }

  /** The staffer closed their console (or signed out): offline at once. */
  async leave(staffId: string): Promise<void> {
    await this.dataSource.query('DELETE FROM chat_presence WHERE staff_id = $1', [staffId]);
  }

  /** The organization's latest chats, newest first. */
  async listForOrganization(organizationId: string): Promise<ChatSummary[]> {
    const rows: ChatRow[] = await this.dataSource.query(
      `SELECT * FROM chats WHERE organization_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
      [organizationId, CHAT_HISTORY_LIMIT],
    );
    return rows.map(toSummary);
  }

  /** The organization's chat with its messages; 404 for another organization's or an unknown one. */
  async detailForOrganization(organizationId: string, chatId: string): Promise<ChatDetail> {
    const [row]: ChatRow[] = await this.dataSource.query(
      'SELECT * FROM chats WHERE id = $1 AND organization_id = $2',
      [chatId, organizationId],
    );
    if (!row) throw chatNotFound();
    return { ...toSummary(row), ...(await this.conversation(row)) };
  }

  /** Every waiting and active chat (oldest first), then those ended in the last day (newest first). */
  async listForStaff(): Promise<StaffChatSummary[]> {
    const rows: ChatRow[] = await this.dataSource.query(
      `(SELECT *, 0 AS run FROM chats WHERE state IN ('waiting', 'active') ORDER BY created_at, id LIMIT 500)
       UNION ALL
       (SELECT *, 1 AS run FROM chats
        WHERE state IN ('closed', 'converted') AND closed_at > now() - interval '1 day'
        ORDER BY closed_at DESC, id DESC LIMIT 50)`,
    );
    return rows.map(toStaffSummary);
  }

  /** Any chat with its messages, for staff; 404 for an unknown id. */
  async detailForStaff(chatId: string): Promise<StaffChatDetail> {
    const [row]: ChatRow[] = await this.dataSource.query('SELECT * FROM chats WHERE id = $1', [chatId]);
    if (!row) throw chatNotFound();
    return { ...toStaffSummary(row), ...(await this.conversation(row)) };
  }

  /**
   * Starts a chat with its first message. With a staffer online it waits for one to accept it; with
   * none, it becomes a ticket at once (the transcript its first message) and the answer names it.
   */
  async start(
    member: { id: string; organizationId: string },
    text: string,
    beforeConverting: () => Promise<void>,
  ): Promise<ChatDetail> {
    const now = new Date();
    const chatId = randomUUID();
    const online = (await this.staffOnline()) > 0;
    // Turning into a ticket counts as opening one (the organization's hourly share); checked before writing.
    if (!online) await beforeConverting();
    const signals: ChatSignal[] = [];
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO chats (id, organization_id, customer_id, state, preview, created_at, last_message_at)
         VALUES ($1, $2, $3, 'waiting', $4, $5, $5)`,
        [chatId, member.organizationId, member.id, text.slice(0, PREVIEW_LENGTH), now],
      );
      const message = await this.insertMessage(manager, chatId, 'customer', member.id, text, now);
      const chat = await this.lock(manager, chatId);
      signals.push(this.stateSignal(chat!, now));
      signals.push(this.messageSignal(chat!, message));
      if (!online) signals.push(...(await this.convertIn(manager, chat!)));
    });
    await this.signals.send(...signals);
    return this.detailForOrganization(member.organizationId, chatId);
  }

  /**
   * Adds a message of the actor's to the chat: a member to their organization's waiting or active
   * chat, a staffer to the active chat they accepted. 404 for a chat the actor may not see, 409 for
   * one they may not write to now (ended, converted, another staffer's, not yet accepted).
   */
  async post(actor: ChatActor, chatId: string, text: string): Promise<ChatMessage> {
    const signals: ChatSignal[] = [];
    const message = await this.dataSource.transaction(async (manager) => {
      const chat = await this.lockFor(manager, actor, chatId);
      if (chat.state === 'converted') throw new ConflictException(chatMessages.chatConverted);
      if (chat.state === 'closed') throw new ConflictException(chatMessages.chatEnded);
      if (actor.side === 'staff') {
        if (chat.state === 'waiting') throw new ConflictException(chatMessages.notAccepted);
        if (chat.staff_id !== actor.userId) throw new ConflictException(chatMessages.notYourChat);
      }
      const now = new Date();
      const row = await this.insertMessage(manager, chat.id, actor.side, actor.userId, text, now);
      await manager.query('UPDATE chats SET last_message_at = $2 WHERE id = $1', [chat.id, now]);
      signals.push(this.messageSignal(chat, row));
      return row;
    });
    await this.signals.send(...signals);
    return toMessage(message);
  }

  /**
   * The actor is typing in the chat: a signal to the other side only, never stored. 404 for a chat
   * the actor may not see, whatever the throttle; nothing is sent for a chat that is not open, nor
   * more than one signal per actor and chat every few seconds (`TypingThrottle`, this replica's).
   */
  async typing(actor: ChatActor, chatId: string): Promise<void> {
    const [chat]: ChatRow[] =
      actor.side === 'customer'
        ? await this.dataSource.query('SELECT * FROM chats WHERE id = $1 AND organization_id = $2', [
            chatId,
            actor.organizationId,
          ])
        : await this.dataSource.query('SELECT * FROM chats WHERE id = $1', [chatId]);
    if (!chat) throw chatNotFound();
    if (!isOpen(chat.state)) return;
    if (actor.side === 'staff' && chat.staff_id !== actor.userId) return;
    if (!this.typingThrottle.admit(actor.userId, chatId)) return;
    const event = { kind: 'typing', chatId, side: actor.side } as const;
    await this.signals.send(
      actor.side === 'customer'
        ? {
            organizationId: chat.organization_id,
            customer: null,
            staff: { ...event, organizationId: chat.organization_id },
          }
        : { organizationId: chat.organization_id, customer: event, staff: null },
    );
  }

  /** A staffer takes a waiting chat: 409 when it is no longer waiting (another took it, it ended). */
  async accept(staffId: string, chatId: string): Promise<StaffChatDetail> {
    const signals: ChatSignal[] = [];
    await this.dataSource.transaction(async (manager) => {
      const chat = await this.lockFor(manager, { side: 'staff', userId: staffId }, chatId);
      if (chat.state === 'active' && chat.staff_id === staffId) return;
      if (chat.state !== 'waiting') {
        throw new ConflictException(
          chat.state === 'active' ? chatMessages.notYourChat : chatMessages.notWaiting,
        );
      }
      const now = new Date();
      await manager.query(
        `UPDATE chats SET state = 'active', staff_id = $2, accepted_at = $3 WHERE id = $1`,
        [chatId, staffId, now],
      );
      signals.push(this.stateSignal({ ...chat, state: 'active', staff_id: staffId }, now));
    });
    await this.signals.send(...signals);
    return this.detailForStaff(chatId);
  }

  /** Ends an open chat (a member's of their organization, a staffer's waiting chat or the one they took). */
  async close(actor: ChatActor, chatId: string): Promise<void> {
    const signals: ChatSignal[] = [];
    await this.dataSource.transaction(async (manager) => {
      const chat = await this.lockFor(manager, actor, chatId);
      if (!isOpen(chat.state)) return;
      if (actor.side === 'staff' && chat.state === 'active' && chat.staff_id !== actor.userId) {
        throw new ConflictException(chatMessages.notYourChat);
      }
      const now = new Date();
      await manager.query(`UPDATE chats SET state = 'closed', closed_at = $2 WHERE id = $1`, [chatId, now]);
      signals.push(this.stateSignal({ ...chat, state: 'closed' }, now));
    });
    await this.signals.send(...signals);
  }

  /**
   * Turns the waiting chats no staffer took into tickets: those older than `waitSeconds`, and every
   * waiting chat while no staffer is online. Rows are taken with SKIP LOCKED, one chat per
   * transaction, so replicas share the work; answers how many were converted.
   */
  async convertUnanswered(waitSeconds: number): Promise<number> {
    const online = (await this.staffOnline()) > 0;
    const due: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM chats WHERE state = 'waiting' AND ($1 OR created_at <= now() - make_interval(secs => $2))
       ORDER BY created_at LIMIT 100`,
      [!online, waitSeconds],
    );
    let converted = 0;
    for (const { id } of due) {
      const signals = await this.dataSource.transaction(async (manager) => {
        const [chat]: ChatRow[] = await manager.query(
          `SELECT * FROM chats WHERE id = $1 AND state = 'waiting' FOR UPDATE SKIP LOCKED`,
          [id],
        );
        return chat ? this.convertIn(manager, chat) : [];
      });
      if (signals.length > 0) converted += 1;
      await this.signals.send(...signals);
    }
    return converted;
  }

  /**
   * Within the chat's transaction (row locked): opens a medium ticket for the chat's customer with the
   * transcript as its first message, marks the chat converted and adds the notice. Answers the signals.
   */
  private async convertIn(manager: EntityManager, chat: ChatRow): Promise<ChatSignal[]> {
    const messages: MessageRow[] = await manager.query(
      'SELECT * FROM chat_messages WHERE chat_id = $1 ORDER BY position',
      [chat.id],
    );
    const ticket = await this.tickets.openIn(
      manager,
      { id: chat.customer_id, organizationId: chat.organization_id },
      {
        title: chatTicketTitle(chat.preview),
        description: chatTranscript(chat, messages),
        priority: DEFAULT_TICKET_PRIORITY,
        attachmentIds: [],
      },
    );
    const now = new Date();
    await manager.query(
      `UPDATE chats SET state = 'converted', ticket_id = $2, closed_at = $3, last_message_at = $3 WHERE id = $1`,
      [chat.id, ticket.id, now],
    );
    const notice = await this.insertMessage(manager, chat.id, 'system', null, conversionNotice, now);
    const converted: ChatRow = { ...chat, state: 'converted', ticket_id: ticket.id };
    return [this.messageSignal(converted, notice), this.stateSignal(converted, now)];
  }

  /** The chat's messages and the ticket it became (with its first-response clock). */
  private async conversation(row: ChatRow): Promise<{ messages: ChatMessage[]; ticket: ChatTicket | null }> {
    const messages: MessageRow[] = await this.dataSource.query(
      'SELECT id, chat_id, author, body, created_at FROM chat_messages WHERE chat_id = $1 ORDER BY position',
      [row.id],
    );
    let ticket: ChatTicket | null = null;
    if (row.ticket_id) {
      const entity = await this.dataSource
        .getRepository(TicketEntity)
        .findOne({ where: { id: row.ticket_id } });
      if (entity) {
        ticket = {
          id: entity.id,
          createdAt: entity.createdAt.toISOString(),
          firstResponse: slaClocks(slaTimesText(entity), new Date().toISOString()).firstResponse,
        };
      }
    }
    return { messages: messages.map(toMessage), ticket };
  }

  private async insertMessage(
    manager: EntityManager,
    chatId: string,
    author: ChatAuthor,
    authorId: string | null,
    body: string,
    at: Date,
  ): Promise<MessageRow> {
    const id = randomUUID();
    await manager.query(
      `INSERT INTO chat_messages (id, chat_id, author, author_id, body, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [id, chatId, author, authorId, body, at],
    );
    return { id, chat_id: chatId, author, body, created_at: at };
  }

  private async lock(manager: EntityManager, chatId: string): Promise<ChatRow | undefined> {
    const [row]: ChatRow[] = await manager.query('SELECT * FROM chats WHERE id = $1 FOR UPDATE', [chatId]);
    return row;
  }

  /** The chat locked, when the actor may see it (a member: their organization's); else 404. */
  private async lockFor(manager: EntityManager, actor: ChatActor, chatId: string): Promise<ChatRow> {
    const chat = await this.lock(manager, chatId);
    if (!chat || (actor.side === 'customer' && chat.organization_id !== actor.organizationId)) {
      throw chatNotFound();
    }
    return chat;
  }

  private stateSignal(chat: ChatRow, at: Date): ChatSignal {
    const event = {
      kind: 'state',
      chatId: chat.id,
      state: chat.state,
      ticketId: chat.ticket_id,
      at: at.toISOString(),
    } as const;
    return {
      organizationId: chat.organization_id,
      customer: event,
      staff: { ...event, organizationId: chat.organization_id },
    };
  }

  /** A new message, for both sides (the organization's other open panels see it too). */
  private messageSignal(chat: ChatRow, row: MessageRow): ChatSignal {
    const event = { kind: 'message', chatId: chat.id, message: toMessage(row) } as const;
    return {
      organizationId: chat.organization_id,
      customer: event,
      staff: { ...event, organizationId: chat.organization_id },
    };
  }
}
