import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type AccountResponse, type AccountSession, accountMessages, type Role } from '@portal/contracts';
import type { DataSource } from 'typeorm';
import { AccountLinksService } from '../account-links/account-links.service';
import { AuthAttemptsService } from '../auth/auth-attempts.service';
import type { ClientInfo } from '../auth/auth.service';
import { PasswordHasher } from '../auth/password-hasher';
import { revokeOtherSessions, SessionsService } from '../sessions/sessions.service';
import type { UserEntity } from '../users/user.entity';
import { emailKey, UsersService } from '../users/users.service';
import { describeBrowser } from './user-agent';

interface AccountRow {
  id: string;
  name: string;
  email: string;
  role: Role;
  organizationId: string | null;
  emailVerified: boolean;
  pendingEmail: string | null;
  twoFactorEnabled: boolean;
  recoveryCodesLeft: number;
  createdAt: Date;
}

/**
 * The signed-in customer's own account on the settings page: what it is, its name, its password and
 * its sessions. Every query is filtered by the user id of the verified session.
 */
@Injectable()
export class AccountService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly passwords: PasswordHasher,
    private readonly attempts: AuthAttemptsService,
    private readonly sessions: SessionsService,
    private readonly links: AccountLinksService,
  ) {}

  async get(userId: string): Promise<AccountResponse> {
    const [row]: AccountRow[] = await this.dataSource.query(
      `SELECT u.id, u.name, u.email, u.role, u.organization_id AS "organizationId",
              u.email_verified_at IS NOT NULL AS "emailVerified",
              (SELECT t.new_email FROM account_tokens t
                WHERE t.user_id = u.id AND t.purpose = 'email-change' AND t.used_at IS NULL
                  AND t.expires_at > now()
                ORDER BY t.created_at DESC LIMIT 1) AS "pendingEmail",
              u.two_factor_enabled_at IS NOT NULL AS "twoFactorEnabled",
              CASE WHEN u.two_factor_enabled_at IS NULL THEN 0
                   ELSE (SELECT count(*)::int FROM two_factor_recovery_codes c
                          WHERE c.user_id = u.id AND c.used_at IS NULL) END AS "recoveryCodesLeft",
              u.created_at AS "createdAt"
         FROM public_users u
        WHERE u.id = $1`,
      [userId],
    );
    // The guard found the account a moment ago; it can only be gone if it was deleted since.
    if (!row) throw new NotFoundException('Account not found');
    return { ...row, createdAt: row.createdAt.toISOString() };
  }

  async rename(userId: string, name: string): Promise<AccountResponse> {
    await this.dataSource.transaction((manager) => this.users.update(manager, userId, { name }, false));
    return this.get(userId);
  }

  /**
   * Checks the password the signed-in person typed against the account's. A wrong one counts as a
   * failed sign-in of the email from this address (the login limits, ADR 0124), so a stolen session
   * cannot guess it at leisure: 400 currentPasswordWrong, then 429.
   */
  async assertCurrentPassword(user: UserEntity, password: string, client: ClientInfo): Promise<void> {
    const key = emailKey(user.email);
    await this.attempts.assertLoginAllowed(key, client.address);
    if (await this.passwords.verify(user.passwordHash, password)) return;
    await this.attempts.recordLoginFailure(key, client.address);
    throw new BadRequestException(accountMessages.currentPasswordWrong);
  }

  /**
   * A new password (sign-up's rules) given the current one: every other session of the account ends,
   * this one stays; unused reset links end; a 'password-changed' mail tells the owner.
   */
  async changePassword(
    userId: string,
    sessionId: string,
    change: { currentPassword: string; newPassword: string },
    client: ClientInfo,
  ): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user) throw new NotFoundException('Account not found');
    await this.assertCurrentPassword(user, change.currentPassword, client);
    const passwordHash = await this.passwords.hash(change.newPassword);
    await this.dataSource.transaction(async (manager) => {
      await this.users.update(manager, userId, { passwordHash }, false);
      await revokeOtherSessions(manager, userId, sessionId);
      await this.links.invalidate(manager, userId, 'password-reset');
      await this.links.requestMail(manager, user.email, { template: 'password-changed', name: user.name });
    });
  }

  async listSessions(userId: string, currentSessionId: string): Promise<AccountSession[]> {
    const sessions = await this.sessions.listLive(userId, currentSessionId);
    return sessions.map(({ id, address, userAgent, signedInAt, lastSeenAt }) => ({
      id,
      current: id === currentSessionId,
      browser: describeBrowser(userAgent),
      address,
      signedInAt,
      lastSeenAt,
    }));
  }

  /** Signs one of the account's own sessions out; 404 for another account's or an ended one. */
  async endSession(userId: string, sessionId: string): Promise<void> {
    if (!(await this.sessions.revoke(sessionId, userId))) {
      throw new NotFoundException(accountMessages.sessionNotFound);
    }
  }
}
