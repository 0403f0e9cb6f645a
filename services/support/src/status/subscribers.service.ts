import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { STATUS_CONFIRM_TTL_HOURS, statusMessages, statusPageLink } from '@portal/contracts';
import { enqueueCatalogEvent } from '@portal/events';
import type { DataSource } from 'typeorm';
import { SUPPORT_CONFIG, type SupportConfig } from '../config';
import { StatusLimitsService } from './status-limits.service';

const newToken = () => randomBytes(32).toString('base64url');
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Subscribers of incident mails, double opt-in (ADR 0235): a request mails a confirmation link to the
 * address, and only a confirmed address gets incident mails. The answer is the same whether the address
 * was new, waiting or already confirmed, so the form tells nobody who subscribed.
 */
@Injectable()
export class SubscribersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(SUPPORT_CONFIG) private readonly config: Pick<SupportConfig, 'publicSiteUrl'>,
    private readonly limits: StatusLimitsService,
  ) {}

  async subscribe(rawEmail: string, address: string): Promise<void> {
    const email = rawEmail.toLowerCase();
    await this.limits.admitSubscription(address, email);
    const token = newToken();
    await this.dataSource.transaction(async (manager) => {
      // A confirmed address keeps its subscription (no mail); a new or waiting one gets a fresh link.
      const rows: { id: string }[] = await manager.query(
        `INSERT INTO status_subscribers (id, email, confirm_token_hash, unsubscribe_token, requested_at)
         VALUES ($1, $2, $3, $4, now())
         ON CONFLICT (email) DO UPDATE SET confirm_token_hash = EXCLUDED.confirm_token_hash, requested_at = now()
           WHERE status_subscribers.confirmed_at IS NULL
         RETURNING id`,
        [randomUUID(), email, hashOf(token), newToken()],
      );
      if (rows.length === 0) return;
      await enqueueCatalogEvent(manager, 'mailRequested', {
        mailId: randomUUID(),
        to: email,
        content: {
          template: 'status-subscription-confirmation',
          link: statusPageLink(this.config.publicSiteUrl, 'confirm', token),
        },
        requestedAt: new Date().toISOString(),
      });
    });
  }

  /** The confirmation link; 404 for an unknown, used or expired one. */
  async confirm(token: string): Promise<void> {
    const rows: unknown[] = await this.dataSource.query(
      `UPDATE status_subscribers SET confirmed_at = now(), confirm_token_hash = NULL
       WHERE confirm_token_hash = $1 AND requested_at > now() - make_interval(hours => $2)
       RETURNING id`,
      [hashOf(token), STATUS_CONFIRM_TTL_HOURS],
    );
    if (rowCount(rows) === 0) throw new NotFoundException(statusMessages.tokenInvalid);
  }

  /** The unsubscribe link of every incident mail: the address is forgotten. 404 for an unknown one. */
  async unsubscribe(token: string): Promise<void> {
    const rows: unknown[] = await this.dataSource.query(
      `DELETE FROM status_subscribers WHERE unsubscribe_token = $1 RETURNING id`,
      [token],
    );
    if (rowCount(rows) === 0) throw new NotFoundException(statusMessages.tokenInvalid);
  }
}

/** `UPDATE … RETURNING` answers `[rows, count]` through TypeORM's postgres driver; `INSERT` and `SELECT` the rows. */
function rowCount(result: unknown[]): number {
  if (result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[1];
  return result.length;
}
