import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  accountExportPart,
  type AccountExportPart,
  accountMessages,
  isCustomer,
  type Role,
  teamMessages,
} from '@portal/contracts';
import { enqueueCatalogEvent } from '@portal/events';
import type { DataSource, EntityManager } from 'typeorm';
import { describeBrowser } from '../account/user-agent';
import { AccountLinksService } from '../account-links/account-links.service';
import { AuthAttemptsService } from '../auth/auth-attempts.service';
import type { ClientInfo } from '../auth/auth.service';
import { PasswordHasher } from '../auth/password-hasher';
import { INVALID_TOKEN_MESSAGE } from '../auth/session-auth.guard';
import { MembershipsService } from '../memberships/memberships.service';
import { revokeSessionsAfterCredentialChange } from '../sessions/sessions.service';
import { TwoFactorCodes } from '../two-factor/two-factor-codes';
import { UserEntity } from '../users/user.entity';
import { emailKey, UsersService } from '../users/users.service';

interface SessionRow {
  userAgent: string | null;
  address: string;
  signedInAt: string;
  lastSeenAt: string;
  expiresAt: Date;
}

/**
 * What identity holds about an account, for 'Export my data' (never a secret or a hash), and the
 * account's deletion.
 */
@Injectable()
export class PersonalDataService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly passwords: PasswordHasher,
    private readonly attempts: AuthAttemptsService,
    private readonly codes: TwoFactorCodes,
    private readonly links: AccountLinksService,
    private readonly memberships: MembershipsService,
  ) {}

  /** Identity's part of the export: the caller's profile, organisation, live sessions, mail settings and two-factor state. */
  async export(userId: string): Promise<AccountExportPart> {
    // One snapshot: the parts agree with each other.
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const user = await manager.findOneBy(UserEntity, { id: userId });
      if (!user) throw new UnauthorizedException(INVALID_TOKEN_MESSAGE);
      const [organization]: { id: string; name: string; createdAt: Date }[] = user.organizationId
        ? await manager.query('SELECT id, name, created_at AS "createdAt" FROM organizations WHERE id = $1', [
            user.organizationId,
          ])
        : [];
      const sessions: SessionRow[] = await manager.query(
        `SELECT sess->>'userAgent' AS "userAgent", sess->>'address' AS address,
                sess->>'createdAt' AS "signedInAt",
                coalesce(sess->>'lastSeenAt', sess->>'createdAt') AS "lastSeenAt",
                expire AS "expiresAt"
           FROM sessions
          WHERE sess->>'userId' = $1 AND expire > now()
          ORDER BY sess->>'createdAt' DESC`,
        [userId],
      );
      const twoFactorEnabled = user.twoFactorEnabledAt !== null;
      return accountExportPart('identity', {
        profile: {
          name: user.name,
          email: user.email,
          role: user.role,
          createdAt: user.createdAt.toISOString(),
          emailVerified: user.emailVerifiedAt !== null,
        },
        organization: organization
          ? { id: organization.id, name: organization.name, createdAt: organization.createdAt.toISOString() }
          : null,
        sessions: sessions.map(({ userAgent, address, signedInAt, lastSeenAt, expiresAt }) => ({
          browser: describeBrowser(userAgent),
          address,
          signedInAt,
          lastSeenAt,
          expiresAt: expiresAt.toISOString(),
        })),
        notifications: { ticketEmails: user.ticketEmails },
        twoFactor: {
          enabled: twoFactorEnabled,
          enabledAt: user.twoFactorEnabledAt?.toISOString() ?? null,
          recoveryCodesLeft: twoFactorEnabled ? await this.codes.recoveryCodesLeft(manager, userId) : 0,
        },
      });
    });
  }

  /**
   * Deletes the caller's account once its password is right (a wrong one counts as a failed sign-in of
   * its email from this address; staff accounts are the company's). In one transaction: its sessions
   * (each announced revoked, as sign-out does), mail links, sign-in challenges, recovery codes, attempt
   * counts, its memberships (each announced) and the account itself; the organisations it was the only
   * member of; `portal.users.deleted`, on which every service erases what it holds; and a last mail to
   * the address it had. The last owner of an organization with other members is refused (409) until
   * they transfer ownership.
   */
  async delete(userId: string, password: string, client: ClientInfo): Promise<void> {
    const [account]: { email: string; role: Role; passwordHash: string | null }[] =
      await this.dataSource.query(
        'SELECT email, role, password_hash AS "passwordHash" FROM public_users WHERE id = $1',
        [userId],
      );
    if (!account) throw new UnauthorizedException(INVALID_TOKEN_MESSAGE);
    if (!isCustomer(account.role)) throw new ForbiddenException(accountMessages.staffAccountManaged);
    const key = emailKey(account.email);
    await this.attempts.assertLoginAllowed(key, client.address);
    if (!(await this.passwords.verify(account.passwordHash, password))) {
      await this.attempts.recordLoginFailure(key, client.address);
      throw new BadRequestException(accountMessages.passwordWrong);
    }
    await this.dataSource.transaction((manager) => this.erase(manager, userId, account.passwordHash));
  }

  private async erase(manager: EntityManager, userId: string, verifiedHash: string | null): Promise<void> {
    const user = await this.users.lock(manager, userId);
    if (!user) throw new UnauthorizedException(INVALID_TOKEN_MESSAGE);
    // The password changed between the check and the lock: the check no longer holds.
    if (user.passwordHash !== verifiedHash) throw new BadRequestException(accountMessages.passwordWrong);
    // Each of its organizations keeps an owner: the last owner of one with other members transfers
    // ownership first. The organizations' rows are locked (in one order) so that two owners deleting
    // their accounts at once cannot both go.
    const organizations: { organizationId: string; role: string }[] = await manager.query(
      'SELECT organization_id AS "organizationId", role FROM memberships WHERE user_id = $1 ORDER BY organization_id',
      [userId],
    );
    const alone: string[] = [];
    for (const { organizationId, role } of organizations) {
      await this.memberships.lockOrganization(manager, organizationId);
      const members = await this.memberships.countMembers(manager, organizationId);
      if (members === 1) alone.push(organizationId);
      else if (role === 'owner' && (await this.memberships.countOwners(manager, organizationId)) === 1) {
        throw new ConflictException(teamMessages.lastOwner);
      }
    }
    await revokeSessionsAfterCredentialChange(manager, userId);
    for (const table of [
      'account_tokens',
      'two_factor_challenges',
      'two_factor_recovery_codes',
      'known_clients',
    ]) {
      await manager.query(`DELETE FROM ${table} WHERE user_id = $1`, [userId]);
    }
    await manager.query('DELETE FROM auth_attempts WHERE subject = $1', [userId]);
    // Its memberships end with it, each announced (role null) so every service drops its tokens there.
    await this.memberships.removeAllOf(manager, userId);
    await manager.query('DELETE FROM public_users WHERE id = $1', [userId]);
    // The organizations it was the only member of go with it.
    if (alone.length > 0) await manager.query('DELETE FROM organizations WHERE id = ANY($1::uuid[])', [alone]);
    const organizationId = user.organizationId ?? organizations[0]?.organizationId ?? null;
    const deletedAt = new Date().toISOString();
    await enqueueCatalogEvent(manager, 'userDeleted', {
      userId,
      organizationId,
      organizationDeleted: organizationId !== null && alone.includes(organizationId),
      deletedAt,
    });
    // Any other organization that went with it is announced the same way, so every service erases
    // that organization's data too (erasing the user again is a no-op).
    for (const other of alone.filter((id) => id !== organizationId)) {
      await enqueueCatalogEvent(manager, 'userDeleted', {
        userId,
        organizationId: other,
        organizationDeleted: true,
        deletedAt,
      });
    }
    await this.links.requestMail(manager, user.email, { template: 'account-deleted', name: user.name });
  }
}
