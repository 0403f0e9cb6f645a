import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { queryPrepared } from '@portal/db';
import type { DataSource } from 'typeorm';
import { V1_TICKET_COLUMNS, type V1TicketRow } from './v1-views';

/**
 * The organization's tickets as the API reads them: plain rows by named prepared statements, their
 * times as text (`queryPrepared`, as the staff queue does, ADR 0198), every statement filtered by the
 * organization of the verified API token.
 */
@Injectable()
export class V1TicketsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * A page of the organization's tickets, newest first on (created_at, id), after the ticket `after`
   * (a uuid of the organization's; another's or an unknown one gives an empty page: see
   * `existsForOrganization`). One backward range scan of `tickets_organization_id_created_at_id_idx`;
   * the page size is written into the statement so PostgreSQL keeps one plan per size (at most 100).
   */
  async page(
    organizationId: string,
    { limit, after }: { limit: number; after?: string },
  ): Promise<{ rows: V1TicketRow[]; hasMore: boolean }> {
    const take = limit + 1;
    const rows =
      after === undefined
        ? await queryPrepared<V1TicketRow>(
            this.dataSource,
            `SELECT ${V1_TICKET_COLUMNS} FROM tickets
             WHERE organization_id = $1
             ORDER BY created_at DESC, id DESC LIMIT ${take}`,
            [organizationId],
          )
        : await queryPrepared<V1TicketRow>(
            this.dataSource,
            `SELECT ${V1_TICKET_COLUMNS} FROM tickets
             WHERE organization_id = $1
               AND (created_at, id) < (SELECT created_at, id FROM tickets WHERE id = $2 AND organization_id = $1)
             ORDER BY created_at DESC, id DESC LIMIT ${take}`,
            [organizationId, after],
          );
    return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
  }

  /** The organization's ticket; null for another organization's or an unknown id. */
  async find(organizationId: string, ticketId: string): Promise<V1TicketRow | null> {
    const [row] = await queryPrepared<V1TicketRow>(
      this.dataSource,
      `SELECT ${V1_TICKET_COLUMNS} FROM tickets WHERE id = $1 AND organization_id = $2`,
      [ticketId, organizationId],
    );
    return row ?? null;
  }

  async existsForOrganization(organizationId: string, ticketId: string): Promise<boolean> {
    return (await this.find(organizationId, ticketId)) !== null;
  }
}
