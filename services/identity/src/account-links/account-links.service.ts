import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  accountPages,
  EMAIL_CHANGE_TTL_HOURS,
  EMAIL_VERIFICATION_TTL_HOURS,
  type MailContent,
  PASSWORD_RESET_TTL_MINUTES,
} from '@portal/contracts';
import { enqueueCatalogEvent } from '@portal/events';
import type { EntityManager } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { hashLinkToken, newLinkToken } from './link-token';

export type LinkPurpose = 'email-verification' | 'password-reset' | 'email-change';

/** How long each kind of link lives and the page it opens. */
const LINKS: Record<LinkPurpose, { ttlSeconds: number; page: string }> = {
  'email-verification': { ttlSeconds: EMAIL_VERIFICATION_TTL_HOURS * 3600, page: accountPages.verifyEmail },
  'password-reset': { ttlSeconds: PASSWORD_RESET_TTL_MINUTES * 60, page: accountPages.resetPassword },
  'email-change': { ttlSeconds: EMAIL_CHANGE_TTL_HOURS * 3600, page: accountPages.confirmEmail },
};

/** The account a link is for, as its mail names it. */
export interface LinkUser {
  id: string;
  name: string;
  email: string;
}

/** A stored link, found by its token. */
export interface AccountLink {
  id: string;
  userId: string;
  newEmail: string | null;
  used: boolean;
  expired: boolean;
}

/**
 * The links identity mails (verification, password reset, email change): 32 random bytes each, of
 * which `account_tokens` keeps only the SHA-256, used once, expiring after the contract's time. A new
 * link of a purpose ends the account's unused older ones of that purpose. Mails are asked for with
 * `portal.mail.requested` in the caller's transaction: crm's mailer sends them after it commits.
 */
@Injectable()
export class AccountLinksService {
  constructor(@Inject(IDENTITY_CONFIG) private readonly config: Pick<IdentityConfig, 'auth'>) {}

  /** Stores a new link of this purpose for the account (ending its unused older ones); answers the URL to mail. */
  async issue(
    manager: EntityManager,
    userId: string,
    purpose: LinkPurpose,
    newEmail: string | null = null,
  ): Promise<string> {
    const token = newLinkToken();
    const { ttlSeconds } = LINKS[purpose];
    await manager.query(
      `WITH older AS (
         DELETE FROM account_tokens WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL
       )
       INSERT INTO account_tokens (user_id, purpose, token_hash, new_email, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
      [userId, purpose, hashLinkToken(token), newEmail, ttlSeconds],
    );
    return this.url(purpose, token);
  }

  /**
   * `issue` for the account of this email (a lower-cased key), if there is one: one statement that
   * looks the account up, ends its unused older links and stores the new one, the same statement
   * whether or not the email has an account. Answers the account and the URL, or null.
   */
  async issueForEmail(
    manager: EntityManager,
    email: string,
    purpose: LinkPurpose,
  ): Promise<{ user: LinkUser; link: string } | null> {
    const token = newLinkToken();
    const [user]: LinkUser[] = await manager.query(
      `WITH account AS (SELECT id, name, email FROM public_users WHERE lower(email) = $1),
            older AS (
              DELETE FROM account_tokens t USING account a
               WHERE t.user_id = a.id AND t.purpose = $2 AND t.used_at IS NULL
            ),
            link AS (
              INSERT INTO account_tokens (user_id, purpose, token_hash, expires_at)
              SELECT id, $2, $3, now() + make_interval(secs => $4) FROM account
            )
       SELECT id, name, email FROM account`,
      [email, purpose, hashLinkToken(token), LINKS[purpose].ttlSeconds],
    );
    return user ? { user, link: this.url(purpose, token) } : null;
  }

  private url(purpose: LinkPurpose, token: string): string {
    return `${this.config.auth.publicSiteUrl}${LINKS[purpose].page}?token=${token}`;
  }

  /** The link of this token and purpose, locked until the caller's transaction ends; null when there is none. */
  async find(manager: EntityManager, token: string, purpose: LinkPurpose): Promise<AccountLink | null> {
    const rows: AccountLink[] = await manager.query(
      `SELECT id, user_id AS "userId", new_email AS "newEmail",
              used_at IS NOT NULL AS used, expires_at <= now() AS expired
         FROM account_tokens
        WHERE token_hash = $1 AND purpose = $2
        FOR UPDATE`,
      [hashLinkToken(token), purpose],
    );
    return rows[0] ?? null;
  }

  async markUsed(manager: EntityManager, linkId: string): Promise<void> {
    await manager.query('UPDATE account_tokens SET used_at = now() WHERE id = $1', [linkId]);
  }

  /** Ends the account's unused links of this purpose (a newer one was sent, or they no longer apply). */
  async invalidate(manager: EntityManager, userId: string, purpose: LinkPurpose): Promise<void> {
    await manager.query(
      'DELETE FROM account_tokens WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL',
      [userId, purpose],
    );
  }

  /** Asks crm's mailer for this mail once the caller's transaction commits. */
  async requestMail(manager: EntityManager, to: string, content: MailContent): Promise<void> {
    await enqueueCatalogEvent(manager, 'mailRequested', {
      mailId: randomUUID(),
      to,
      content,
      requestedAt: new Date().toISOString(),
    });
  }

  /** Sends a new verification link for the account's current address. */
  async sendVerification(
    manager: EntityManager,
    user: { id: string; name: string; email: string },
  ): Promise<void> {
    const link = await this.issue(manager, user.id, 'email-verification');
    await this.requestMail(manager, user.email, { template: 'email-verification', name: user.name, link });
  }
}
