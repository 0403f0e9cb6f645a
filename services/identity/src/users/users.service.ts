import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { revokeSessionsAfterCredentialChange } from '../sessions/sessions.service';
import { UserEntity } from './user.entity';

/** A new local account; a fresh id unless one is given. */
export type NewUser = Pick<UserEntity, 'name' | 'email' | 'passwordHash' | 'role' | 'organizationId'> & {
  id?: string;
  /** Set for accounts whose address is known good (the demo customer, staff); null otherwise. */
  emailVerifiedAt?: Date | null;
};

export type UserChanges = Partial<
  Pick<UserEntity, 'name' | 'email' | 'passwordHash' | 'role' | 'provider' | 'emailVerifiedAt'>
>;

/** Emails are unique ignoring case; they are kept as typed and compared lower-cased. */
export const emailKey = (email: string) => email.toLowerCase();

/** The one access to `public_users`: accounts found by email (any case), created and changed. */
@Injectable()
export class UsersService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The account with this email, whatever its case. */
  findByEmail(email: string): Promise<UserEntity | null> {
    return this.byEmail(email).getOne();
  }

  /** The account with this id, or null. */
  findById(userId: string): Promise<UserEntity | null> {
    return this.dataSource.getRepository(UserEntity).findOneBy({ id: userId });
  }

  emailTaken(email: string): Promise<boolean> {
    return this.byEmail(email).getExists();
  }

  /** Saves a new local account with the caller's transaction. */
  create(manager: EntityManager, user: NewUser): Promise<UserEntity> {
    return manager.save(
      UserEntity,
      manager.create(UserEntity, { ...user, id: user.id ?? randomUUID(), provider: 'local' }),
    );
  }

  /** Adds the local account unless its id or its email is taken; true when it was added. */
  async addIfMissing(manager: EntityManager, user: Required<NewUser>): Promise<boolean> {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO public_users (id, name, email, password_hash, provider, role, organization_id, email_verified_at)
       VALUES ($1, $2, $3, $4, 'local', $5, $6, $7)
       ON CONFLICT DO NOTHING
       RETURNING id`,
      [
        user.id,
        user.name,
        user.email,
        user.passwordHash,
        user.role,
        user.organizationId,
        user.emailVerifiedAt,
      ],
    );
    return inserted.length > 0;
  }

  /** Marks the account's email verified unless it already is (seeded accounts whose address is known good). */
  async markEmailVerified(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(
      'UPDATE public_users SET email_verified_at = now() WHERE id = $1 AND email_verified_at IS NULL',
      [userId],
    );
  }

  /** The account, locked until the caller's transaction ends. */
  lock(manager: EntityManager, userId: string): Promise<UserEntity | null> {
    return manager.findOne(UserEntity, { where: { id: userId }, lock: { mode: 'pessimistic_write' } });
  }

  /**
   * Changes the account with the caller's transaction. When its credentials changed (password or
   * role), its sessions end with it: tokens issued under the old ones stop working.
   */
  async update(
    manager: EntityManager,
    userId: string,
    changes: UserChanges,
    credentialsChanged: boolean,
  ): Promise<void> {
    await manager.update(UserEntity, userId, changes);
    if (credentialsChanged) await revokeSessionsAfterCredentialChange(manager, userId);
  }

  /** Whether the account wants ticket emails (on unless turned off; ADR 0193). */
  async ticketEmails(userId: string): Promise<boolean> {
    const rows: { ticket_emails: boolean }[] = await this.dataSource.query(
      'SELECT ticket_emails FROM public_users WHERE id = $1',
      [userId],
    );
    return rows[0]?.ticket_emails ?? true;
  }

  async setTicketEmails(userId: string, on: boolean): Promise<void> {
    await this.dataSource.query('UPDATE public_users SET ticket_emails = $2 WHERE id = $1', [userId, on]);
  }

  /**
   * The account who opened a ticket, to mail about it: only when it wants ticket emails and, for a
   * ticket of an organization, is still a member of it.
   */
  async ticketMailCustomer(
    manager: EntityManager,
    userId: string,
    organizationId: string | null,
  ): Promise<{ name: string; email: string } | null> {
    const rows: { name: string; email: string }[] = await manager.query(
      `SELECT u.name, u.email FROM public_users u
       WHERE u.id = $1 AND u.ticket_emails
         AND ($2::uuid IS NULL OR EXISTS (
           SELECT 1 FROM memberships m WHERE m.user_id = u.id AND m.organization_id = $2::uuid))`,
      [userId, organizationId],
    );
    return rows[0] ?? null;
  }

  /** The owners of an organization, by email (told when a webhook endpoint of theirs goes failing). */
  organizationOwners(
    manager: EntityManager,
    organizationId: string,
  ): Promise<{ name: string; email: string }[]> {
    return manager.query(
      `SELECT u.name, u.email FROM memberships m JOIN public_users u ON u.id = m.user_id
       WHERE m.organization_id = $1 AND m.role = 'owner' ORDER BY lower(u.email)`,
      [organizationId],
    );
  }

  /** The accounts of these (staff) roles that want ticket emails, by email. */
  ticketMailStaff(
    manager: EntityManager,
    roles: readonly string[],
  ): Promise<{ name: string; email: string }[]> {
    return manager.query(
      'SELECT name, email FROM public_users WHERE role = ANY($1::text[]) AND ticket_emails ORDER BY lower(email)',
      [[...roles]],
    );
  }

  private byEmail(email: string) {
    return this.dataSource
      .getRepository(UserEntity)
      .createQueryBuilder('user')
      .where('lower(user.email) = :key', { key: emailKey(email) });
  }
}
