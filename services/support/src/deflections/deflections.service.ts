import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DeflectionStats } from '@portal/contracts';
import type { DataSource } from 'typeorm';

/**
 * 'This solved it' (ADR 0187): a member found the answer in a suggested help-center article instead
 * of opening a ticket. Counted once per member, article and (UTC) day; staff read the totals.
 */
@Injectable()
export class DeflectionsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async count(
    member: { id: string; organizationId: string },
    articleId: string,
    query: string | undefined,
    now: Date = new Date(),
  ): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO ticket_deflections (id, organization_id, user_id, article_id, query, day, created_at)
       VALUES ($1, $2, $3, $4, $5, ($6::timestamptz AT TIME ZONE 'UTC')::date, $6)
       ON CONFLICT (user_id, article_id, day) DO NOTHING`,
      [randomUUID(), member.organizationId, member.id, articleId, query ?? null, now],
    );
  }

  async stats(now: Date = new Date()): Promise<DeflectionStats> {
    const [totals]: { total: string; recent: string }[] = await this.dataSource.query(
      `SELECT count(*) AS total, count(*) FILTER (WHERE created_at > $1) AS recent FROM ticket_deflections`,
      [new Date(now.getTime() - 30 * 24 * 60 * 60_000)],
    );
    const byArticle: { article_id: string; count: string }[] = await this.dataSource.query(
      `SELECT article_id, count(*) AS count FROM ticket_deflections
       GROUP BY article_id ORDER BY count(*) DESC, article_id`,
    );
    return {
      total: Number(totals.total),
      last30Days: Number(totals.recent),
      byArticle: byArticle.map((row) => ({ articleId: row.article_id, count: Number(row.count) })),
    };
  }
}
