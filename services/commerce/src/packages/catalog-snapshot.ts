import { createHash } from 'node:crypto';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { OutboxWakeups } from '@portal/events';
import type { DataSource } from 'typeorm';
import { PackagesService } from './packages.service';

/**
 * The channel the `packages` triggers notify on every committed change (migration
 * 1767100000000-CatalogChanges), whoever made it: the seed or an operator's SQL.
 */
export const CATALOG_CHANNEL = 'portal_catalog';

/** `GET /api/packages` as sent: the JSON bytes and their strong ETag, the same in every replica. */
export interface CatalogAnswer {
  body: Buffer;
  etag: string;
}

export function catalogAnswer(list: unknown): CatalogAnswer {
  const body = Buffer.from(JSON.stringify(list));
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
}

/**
 * The catalog on sale, kept in memory while a connection of its own LISTENs for the `packages`
 * triggers' notifications: each one drops the copy, and the next request reads the table again. The
 * copy is kept only while that connection is up: before it is, or once it is lost (the database
 * restarting), every request reads the table (concurrent ones share one read), so a change is never
 * missed; a reconnection drops the copy too, for the changes made while it was down.
 */
@Injectable()
export class CatalogSnapshot implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('CatalogSnapshot');
  private answer?: CatalogAnswer;
  private reading?: Promise<CatalogAnswer>;
  private listening = false;
  /** Counts the changes: a read that started before one is answered, never kept. */
  private changes = 0;
  private notifications?: OutboxWakeups;

  constructor(
    private readonly packages: PackagesService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  onApplicationBootstrap(): void {
    const url = (this.dataSource.options as { url?: string }).url;
    if (!url) return;
    this.notifications = new OutboxWakeups(
      url,
      () => this.changed(),
      this.logger,
      () => {
        this.listening = true;
        this.changed();
      },
      CATALOG_CHANNEL,
      {
        name: 'catalog-changes',
        meanwhile: 'the catalog is read from the database on each request until it is back',
        onLost: () => {
          this.listening = false;
          this.changed();
        },
      },
    );
    this.notifications.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.notifications?.stop();
  }

  /** The catalog as it stands: the copy when there is one, else one read shared by the requests that wait. */
  current(): CatalogAnswer | Promise<CatalogAnswer> {
    return this.answer ?? this.reading ?? this.read();
  }

  private changed(): void {
    this.changes += 1;
    this.answer = undefined;
    this.reading = undefined;
  }

  private read(): Promise<CatalogAnswer> {
    const changes = this.changes;
    const reading = this.packages.listActive().then(
      (list) => {
        const answer = catalogAnswer(list);
        if (this.changes === changes && this.listening) this.answer = answer;
        if (this.reading === reading) this.reading = undefined;
        return answer;
      },
      (error: unknown) => {
        if (this.reading === reading) this.reading = undefined;
        throw error;
      },
    );
    this.reading = reading;
    return reading;
  }
}
