import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuthenticatedUser } from '@portal/auth';
import { enqueueCatalogEvent } from '@portal/events';
import type { DataSource, EntityManager } from 'typeorm';
import {
  type createTicketRequestSchema,
  type MembershipChangedData,
  type StaffTicketListQuery,
  type TicketPriority,
  type TicketStatus,
  type TicketUpdatedData,
  type UserDeletedData,
} from '@portal/contracts';
import type { z } from 'zod';
import {
  decodeKeysetCursor,
  encodeKeysetCursor,
  isoTime,
  type KeysetCursor,
  keysetTime,
  keysetTimeText,
  queryPrepared,
} from '@portal/db';
import { pickAgent } from '../agents/pick-agent';
import { attachUploads } from '../attachments/attach-uploads';
import { toV1TicketFromEntity } from '../public-api/v1-views';
import { slaTimes } from '../sla/sla-clock';
import { TicketEntity } from './ticket.entity';
import type { StaffTicketRecord } from './ticket-view';

/** What staff change on a ticket (`assigneeId` already a user id: "me" resolved to the caller). */
export interface StaffTicketChanges {
  status?: TicketStatus;
  priority?: TicketPriority;
  assigneeId?: string | null;
}

/** Resolved and closed tickets are done: their resolution clock has stopped. */
export const isDone = (status: TicketStatus): boolean => status === 'resolved' || status === 'closed';

/** The ticket, its row locked until the transaction ends; null when there is none. */
export function lockTicket(manager: EntityManager, ticketId: string): Promise<TicketEntity | null> {
  return manager.findOne(TicketEntity, { where: { id: ticketId }, lock: { mode: 'pessimistic_write' } });
}

/**
 * What every `portal.tickets.*` event of a change says of its ticket; for a ticket opened through the
 * API with a `callback_url`, also the ticket as `GET /v1/tickets/{id}` shows it, which crm posts there
 * (ADR 0206).
 */
export function ticketActivity(ticket: TicketEntity) {
  return {
    ticketId: ticket.id,
    customerId: ticket.customerId,
    organizationId: ticket.organizationId,
    title: ticket.title,
    ...(ticket.callbackUrl && { apiTicket: toV1TicketFromEntity(ticket) }),
  };
}

/** Who a ticket belongs to: the signed-in customer (who opened it) and their organization. */
export type TicketOwner = Pick<AuthenticatedUser, 'id' | 'organizationId'>;

/** A ticket request as validated by `createTicketRequestSchema` (trimmed, priority defaulted). */
export type NewTicket = z.output<typeof createTicketRequestSchema>;

/** A ticket opened through the public API: with which key, and the caller's reference and callback. */
export interface ApiTicketOrigin {
  apiKeyId: string;
  customerReference: string | null;
  callbackUrl: string | null;
}

/** The staff queue's two runs: breaching tickets first, then the rest. */
export type QueueRun = 'breaching' | 'rest';
/**
 * Where a page of the staff queue ended: in which run, at which row; in the breaching run, also when
 * the walk's first page was read (`top`), so the run of the others that follows starts there and
 * tickets opened since do not slip into the middle of the walk.
 */
export type QueueCursor = KeysetCursor & { run: QueueRun; top?: Date };

/**
 * What the staff queue shows: its filters (`assigneeId` a user id, or null for unassigned), how
 * many, and after which ticket (none: from the top).
 */
export type StaffQueueQuery = Omit<StaffTicketListQuery, 'cursor' | 'assigneeId'> & {
  assigneeId?: string | null;
  after?: QueueCursor;
};

/** The columns of `tickets` a queue row reads. */
const queueColumns = `id, customer_id, organization_id, title, description, priority, status, assignee_id, created_at,
  updated_at, closed_at, first_response_at, last_message_at, first_response_due_at, resolution_due_at, warn_at`;

/**
 * A row of the queue's statement: which run, the time it is ordered on, the ticket's columns, each
 * timestamptz as the text PostgreSQL wrote (`queryPrepared`).
 */
interface QueueRow {
  run: 0 | 1;
  sort_at: string;
  id: string;
  customer_id: string;
  organization_id: string | null;
  title: string;
  description: string;
  priority: TicketPriority;
  status: TicketStatus;
  assignee_id: string | null;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  first_response_at: string | null;
  last_message_at: string;
  first_response_due_at: string;
  resolution_due_at: string;
  warn_at: string | null;
}

const isoTimeOrNull = (text: string | null) => (text === null ? null : isoTime(text));

/**
 * A queue row as the staff view reads it. Its times go from PostgreSQL's text to ISO text without a
 * Date: parsing nine Dates a row to print them again was a fifth of the queue's time, and formatting
 * them in SQL (to_char) halved what PostgreSQL serves (ADR 0198).
 */
function toStaffTicketRecord(row: QueueRow): StaffTicketRecord {
  return {
    id: row.id,
    customerId: row.customer_id,
    organizationId: row.organization_id,
    title: row.title,
    description: row.description,
    priority: row.priority,
    status: row.status,
    assigneeId: row.assignee_id,
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
    closedAt: isoTimeOrNull(row.closed_at),
    firstResponseAt: isoTimeOrNull(row.first_response_at),
    lastMessageAt: isoTime(row.last_message_at),
    firstResponseDueAt: isoTime(row.first_response_due_at),
    resolutionDueAt: isoTime(row.resolution_due_at),
    warnAt: isoTimeOrNull(row.warn_at),
  };
}

/** A page of the staff queue; `next` is where the following page starts, null on the last one. */
export interface StaffQueuePage {
  tickets: StaffTicketRecord[];
  next: QueueCursor | null;
}

/** The queue's opaque cursor: the run's letter and the keyset cursor of its last row. */
export function encodeQueueCursor({ run, top, ...at }: QueueCursor): string {
  const keyset = encodeKeysetCursor(at);
  return run === 'breaching' ? `b.${keyset}.${(top ?? new Date()).getTime().toString(36)}` : `r.${keyset}`;
}

/** The cursor `text` encodes, or null when it is not one (a 400 for the route). */
export function decodeQueueCursor(text: string): QueueCursor | null {
  const [run, keyset = '', top, ...rest] = text.split('.');
  const at = decodeKeysetCursor(keyset);
  if (!at || rest.length > 0) return null;
  if (run === 'r' && top === undefined) return { run: 'rest', ...at };
  if (run !== 'b' || !top || !/^[0-9a-z]{1,12}$/.test(top)) return null;
  const time = new Date(parseInt(top, 36));
  return Number.isNaN(time.getTime()) ? null : { run: 'breaching', ...at, top: time };
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

  /**
   * A page of the organization's tickets, newest first, keyset-paged on (created_at, id), optionally of
   * one status; `next` is where the following page starts, null on the last one.
   */
  async pageForOrganization(
    organizationId: string,
    { status, limit, after }: { status?: TicketStatus; limit: number; after?: KeysetCursor },
  ): Promise<{ tickets: TicketEntity[]; next: KeysetCursor | null }> {
    const query = this.repository
      .createQueryBuilder('ticket')
      .addSelect(keysetTimeText('ticket.created_at'), 'cursor_at')
      .where('ticket.organization_id = :organizationId', { organizationId })
      .orderBy('ticket.created_at', 'DESC')
      .addOrderBy('ticket.id', 'DESC')
      .limit(limit + 1);
    if (status) query.andWhere('ticket.status = :status', { status });
    if (after)
      query.andWhere('(ticket.created_at, ticket.id) < (CAST(:at AS timestamptz), CAST(:id AS uuid))', after);
    const { entities, raw } = await query.getRawAndEntities<{ ticket_id: string; cursor_at: string }>();
    if (entities.length <= limit) return { tickets: entities, next: null };
    const last = raw[limit - 1];
    return { tickets: entities.slice(0, limit), next: { at: last.cursor_at, id: last.ticket_id } };
  }

  /** The ticket, whoever's it is (staff); null for an unknown id. */
  find(ticketId: string): Promise<TicketEntity | null> {
    return this.repository.findOne({ where: { id: ticketId } });
  }

  /** For each organization with tickets not resolved or closed: how many, and how many of them are breaching. */
  async openPerOrganization(now: Date = new Date()) {
    const rows: { organization_id: string; open: string; breaching: string }[] = await this.dataSource.query(
      `SELECT organization_id, count(*) AS open, count(*) FILTER (WHERE warn_at <= $1) AS breaching
       FROM tickets
       WHERE status IN ('open', 'in_progress') AND organization_id IS NOT NULL
       GROUP BY organization_id
       ORDER BY organization_id`,
      [now],
    );
    return rows.map((row) => ({
      organizationId: row.organization_id,
      open: Number(row.open),
      breaching: Number(row.breaching),
    }));
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
    if (deleted.organizationDeleted && deleted.organizationId) {
      // The organization's kept API answers hold its tickets' text; its agents serve it no more.
      await manager.query('DELETE FROM idempotency_keys WHERE organization_id = $1', [
        deleted.organizationId,
      ]);
      await manager.query('DELETE FROM agent_assignments WHERE organization_id = $1', [
        deleted.organizationId,
      ]);
      // Its live chats (ADR 0236), messages with them.
      await manager.query('DELETE FROM chats WHERE organization_id = $1', [deleted.organizationId]);
    }
  }

  /** Opens a ticket and queues its `portal.tickets.created` event in one transaction. */
  open(owner: TicketOwner, ticket: NewTicket, origin?: ApiTicketOrigin): Promise<TicketEntity> {
    return this.dataSource.transaction((manager) => this.openIn(manager, owner, ticket, origin));
  }

  /**
   * Opens a ticket within `manager`'s transaction: the account's least busy agent is assigned
   * (`pickAgent`), the description becomes its first message, uploads are attached to it, and
   * `portal.tickets.created` is queued (with the API caller's reference and callback, if any).
   */
  async openIn(
    manager: EntityManager,
    owner: TicketOwner,
    ticket: NewTicket,
    origin?: ApiTicketOrigin,
  ): Promise<TicketEntity> {
    const openedAt = new Date();
    const assignedAgentId = owner.organizationId ? await pickAgent(manager, owner.organizationId) : null;
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
        createdAt: openedAt,
        updatedAt: openedAt,
        lastMessageAt: openedAt,
        assignedAgentId,
        customerReference: origin?.customerReference ?? null,
        callbackUrl: origin?.callbackUrl ?? null,
        apiKeyId: origin?.apiKeyId ?? null,
        ...slaTimes(ticket.priority, openedAt),
      }),
    );
    // The database wrote the description as the thread's first message (a trigger).
    if (ticket.attachmentIds.length > 0) {
      const [first]: { id: string }[] = await manager.query(
        'SELECT id FROM ticket_messages WHERE ticket_id = $1 ORDER BY position LIMIT 1',
        [row.id],
      );
      await attachUploads(
        manager,
        { side: 'customer', userId: owner.id, organizationId: owner.organizationId ?? undefined },
        row.id,
        first.id,
        ticket.attachmentIds,
        openedAt,
      );
    }
    await enqueueCatalogEvent(manager, 'ticketCreated', {
      ticketId: row.id,
      customerId: row.customerId,
      organizationId: row.organizationId,
      title: row.title,
      priority: row.priority,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      ...(origin && { customerReference: row.customerReference, callbackUrl: row.callbackUrl }),
    });
    return row;
  }

  /**
   * A page of the staff queue, keyset-paged in two runs: first the breaching tickets (a target not
   * met whose warning time has come, `warn_at <= now`), the earliest warning first, on (warn_at, id);
   * then the others newest first on (created_at, id). A cursor says which run it is in and where that
   * run stopped; `now` is the request's, so a page never repeats a ticket of the same walk unless
   * its clock crossed the warning time between two pages. One statement (both runs, each served by
   * an index), read as plain rows: the queue's budget is 50 ms p99 at 20 connections (ADR 0187).
   */
  async listForStaff(query: StaffQueueQuery, now: Date = new Date()): Promise<StaffQueuePage> {
    const { limit, after } = query;
    if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`Not a page size: ${limit}`);
    const params: unknown[] = [now];
    const param = (value: unknown) => `$${params.push(value)}`;
    // With the page size written in, PostgreSQL keeps one plan for the statement instead of planning
    // each call (0.3 ms, more than running it). Not under a status filter: how a status's tickets split
    // between the runs (open ones mostly breaching, done ones never) needs the value's own plan (ADR 0198).
    const take = query.status ? param(limit + 1) : String(limit + 1);
    const filters: string[] = [];
    if (query.status) filters.push(`status = ${param(query.status)}`);
    if (query.priority) filters.push(`priority = ${param(query.priority)}`);
    if (query.customerId) filters.push(`customer_id = ${param(query.customerId)}::uuid`);
    if (query.organizationId) filters.push(`organization_id = ${param(query.organizationId)}::uuid`);
    if (query.assigneeId === null) filters.push('assignee_id IS NULL');
    else if (query.assigneeId) filters.push(`assignee_id = ${param(query.assigneeId)}::uuid`);
    const where = (conditions: string[]) => [...conditions, ...filters].join(' AND ');

    const runs: string[] = [];
    // A resolved or closed ticket never breaches (warn_at is null), an open or in-progress one always has a warning time.
    const done = query.status === 'resolved' || query.status === 'closed';
    if (!done && query.breaching !== false && (after === undefined || after.run === 'breaching')) {
      const conditions = ['warn_at <= $1'];
      if (after) {
        conditions.push(`(warn_at, id) > (${param(after.at)}::timestamptz, ${param(after.id)}::uuid)`);
      }
      runs.push(`(SELECT 0 AS run, warn_at AS sort_at, ${queueColumns} FROM tickets
         WHERE ${where(conditions)} ORDER BY warn_at, id LIMIT ${take})`);
    }
    if (query.breaching !== true) {
      const conditions = [
        done ? 'warn_at IS NULL' : query.status ? 'warn_at > $1' : '(warn_at IS NULL OR warn_at > $1)',
      ];
      // The others start where the walk started: at its first page's time.
      if (after?.run === 'breaching') conditions.push(`created_at <= ${param(after.top ?? now)}`);
      if (after?.run === 'rest') {
        conditions.push(`(created_at, id) < (${param(after.at)}::timestamptz, ${param(after.id)}::uuid)`);
      }
      runs.push(`(SELECT 1 AS run, created_at AS sort_at, ${queueColumns} FROM tickets
         WHERE ${where(conditions)} ORDER BY created_at DESC, id DESC LIMIT ${take})`);
    }
    const rows = await queryPrepared<QueueRow>(
      this.dataSource,
      `SELECT * FROM (${runs.join(' UNION ALL ')}) AS queue
       ORDER BY run, CASE WHEN run = 0 THEN sort_at END, CASE WHEN run = 0 THEN id END,
         sort_at DESC, id DESC
       LIMIT ${take}`,
      params,
    );
    const tickets = rows.slice(0, limit).map(toStaffTicketRecord);
    if (rows.length <= limit) return { tickets, next: null };
    const last = rows[limit - 1];
    const top = after?.top ?? now;
    return {
      tickets,
      next:
        last.run === 0
          ? { run: 'breaching', at: keysetTime(last.sort_at), id: last.id, top }
          : { run: 'rest', at: keysetTime(last.sort_at), id: last.id },
    };
  }

  /**
   * Staff change a ticket's status, priority and/or assignee in one transaction (the row locked, so
   * two changes at once apply one after the other), queueing `portal.tickets.closed` when it closes,
   * `.reopened` when it leaves resolved/closed for open/in progress, and `.updated` for any other
   * change. A new priority sets both clocks anew from the opening (and may warn again). Null when
   * there is no such ticket.
   */
  changeForStaff(ticketId: string, changes: StaffTicketChanges): Promise<TicketEntity | null> {
    return this.dataSource.transaction(async (manager) => {
      const ticket = await lockTicket(manager, ticketId);
      if (!ticket) return null;
      const now = new Date();
      const changed: TicketUpdatedData['changed'] = [];
      let closed = false;
      let reopened = false;
      if (changes.status !== undefined && changes.status !== ticket.status) {
        const wasDone = isDone(ticket.status);
        const nowDone = isDone(changes.status);
        if (!wasDone && nowDone) ticket.closedAt = now;
        if (wasDone && !nowDone) {
          ticket.closedAt = null;
          reopened = true;
        }
        if (changes.status === 'closed') closed = true;
        else if (!reopened) changed.push('status');
        ticket.status = changes.status;
      }
      if (changes.priority !== undefined && changes.priority !== ticket.priority) {
        ticket.priority = changes.priority;
        const times = slaTimes(changes.priority, ticket.createdAt);
        if (times.firstResponseDueAt.getTime() !== ticket.firstResponseDueAt.getTime()) {
          ticket.firstResponseWarnedAt = null;
        }
        if (times.resolutionDueAt.getTime() !== ticket.resolutionDueAt.getTime()) {
          ticket.resolutionWarnedAt = null;
        }
        Object.assign(ticket, times);
        changed.push('priority');
      }
      if (changes.assigneeId !== undefined && changes.assigneeId !== ticket.assigneeId) {
        ticket.assigneeId = changes.assigneeId;
        changed.push('assignee');
      }
      if (!closed && !reopened && changed.length === 0) return ticket;
      ticket.updatedAt = now;
      await manager.save(TicketEntity, ticket);
      const activity = ticketActivity(ticket);
      if (closed) {
        await enqueueCatalogEvent(manager, 'ticketClosed', {
          ...activity,
          by: 'staff',
          closedAt: now.toISOString(),
        });
      }
      if (reopened) {
        await enqueueCatalogEvent(manager, 'ticketReopened', {
          ...activity,
          by: 'staff',
          status: ticket.status,
          reopenedAt: now.toISOString(),
        });
      }
      if (changed.length > 0) {
        await enqueueCatalogEvent(manager, 'ticketUpdated', {
          ...activity,
          status: ticket.status,
          priority: ticket.priority,
          assigneeId: ticket.assigneeId,
          changed,
          updatedAt: now.toISOString(),
        });
      }
      return manager.findOneByOrFail(TicketEntity, { id: ticket.id });
    });
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
