import {
  ConflictException,
  ForbiddenException,
  GoneException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  canGrantRole,
  INVITATION_TTL_DAYS,
  isCustomer,
  type Invitation,
  type InvitationPreview,
  type InvitationsResponse,
  type LoginResponse,
  type Role,
  teamMessages,
} from '@portal/contracts';
import { type DataSource, type EntityManager, QueryFailedError } from 'typeorm';
import { hashLinkToken, newLinkToken } from '../../account-links/link-token';
import type { InvitationJoiner } from '../../auth/invitation-joiner';
import { AuthService } from '../../auth/auth.service';
import { MembershipsService } from '../../memberships/memberships.service';
import { emailKey, UsersService } from '../../users/users.service';
import { type ActingMember, lockTeam, organizationName } from '../acting-member';
import { type AuditActor, auditEvents, TeamAuditService } from '../audit/team-audit.service';
import { TeamMails } from '../team-mails';
import { InvitationLimits } from './invitation-limits';

const UNIQUE_VIOLATION = '23505';
const TTL_SECONDS = INVITATION_TTL_DAYS * 24 * 60 * 60;

type InvitationRole = Invitation['role'];

interface InvitationRow {
  id: string;
  organizationId: string;
  email: string;
  role: InvitationRole;
  invitedBy: string;
  createdAt: Date;
  expiresAt: Date;
}

/** An invitation found by its link's token, with what the link's page needs to tell. */
interface LinkedInvitation extends InvitationRow {
  emailKey: string;
  organizationName: string;
  used: boolean;
  revoked: boolean;
  expired: boolean;
}

const COLUMNS = `i.id, i.organization_id AS "organizationId", i.email, i.role, i.invited_by_name AS "invitedBy",
                 i.created_at AS "createdAt", i.expires_at AS "expiresAt"`;

/** Not accepted, not revoked, not expired: the link works. */
const PENDING = 'i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > now()';

const toInvitation = (row: InvitationRow): Invitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  invitedBy: row.invitedBy,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

const invitationNotFound = () => new NotFoundException(teamMessages.invitationNotFound);

const isUniqueViolation = (error: unknown) =>
  error instanceof QueryFailedError && (error.driverError as { code?: string }).code === UNIQUE_VIOLATION;

/**
 * Invitations to an organization (ADR 0183). A link is 32 random bytes (base64url) of which only the
 * SHA-256 is stored; it works once, for INVITATION_TTL_DAYS. Resending replaces the token (the old
 * link stops working) and restarts the days. The link's page: 404 for a token that was never one (or
 * was replaced), 410 for one that was used, revoked or has expired; accepting needs the account of the
 * invited email (403 otherwise). Creating, resending and revoking lock the organization's row like
 * every change of its team, so an email gets one pending invitation and the day's limit holds.
 */
@Injectable()
export class InvitationsService implements InvitationJoiner {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly memberships: MembershipsService,
    private readonly users: UsersService,
    private readonly audit: TeamAuditService,
    private readonly mails: TeamMails,
    private readonly limits: InvitationLimits,
    private readonly auth: AuthService,
  ) {}

  /** The pending invitations of the organization, newest first. */
  async list(organizationId: string): Promise<InvitationsResponse> {
    const rows: InvitationRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM invitations i
        WHERE i.organization_id = $1 AND ${PENDING}
        ORDER BY i.created_at DESC, i.id`,
      [organizationId],
    );
    return { invitations: rows.map(toInvitation) };
  }

  /**
   * Invites `email` with `role` (never above the actor's: 403 roleTooHigh) and mails the link. 409 when
   * the email is a member's or already has a pending invitation; an expired one is replaced.
   */
  async create(actor: ActingMember, email: string, role: InvitationRole): Promise<Invitation> {
    if (!canGrantRole(actor.role, role)) throw new ForbiddenException(teamMessages.roleTooHigh);
    try {
      return await this.dataSource.transaction(async (manager) => {
        const actorRole = await lockTeam(manager, this.memberships, actor, 'team.manage');
        if (!canGrantRole(actorRole, role)) throw new ForbiddenException(teamMessages.roleTooHigh);
        const key = emailKey(email);
        const [member]: unknown[] = await manager.query(
          `SELECT 1 FROM memberships m JOIN public_users u ON u.id = m.user_id
            WHERE m.organization_id = $1 AND lower(u.email) = $2`,
          [actor.organizationId, key],
        );
        if (member) throw new ConflictException(teamMessages.alreadyMember);
        // An expired invitation still holds the email's pending slot: it gives way (its link says "expired").
        const [waiting]: { expired: boolean }[] = await manager.query(
          `SELECT i.expires_at <= now() AS expired FROM invitations i
            WHERE i.organization_id = $1 AND i.email_key = $2 AND i.accepted_at IS NULL AND i.revoked_at IS NULL`,
          [actor.organizationId, key],
        );
        if (waiting && !waiting.expired) throw new ConflictException(teamMessages.alreadyInvited);
        await this.limits.assertAllowed(manager, actor.organizationId);
        if (waiting) {
          await manager.query(
            `UPDATE invitations SET revoked_at = now()
              WHERE organization_id = $1 AND email_key = $2 AND accepted_at IS NULL AND revoked_at IS NULL`,
            [actor.organizationId, key],
          );
        }
        const token = newLinkToken();
        const [row]: InvitationRow[] = await manager.query(
          `INSERT INTO invitations AS i (organization_id, email, email_key, role, token_hash, invited_by, invited_by_name, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8))
           RETURNING ${COLUMNS}`,
          [actor.organizationId, email, key, role, hashLinkToken(token), actor.id, actor.name, TTL_SECONDS],
        );
        await this.audit.record(
          manager,
          actor.organizationId,
          actor,
          auditEvents.invited(actor, email, role),
        );
        await this.send(manager, row!, token);
        return toInvitation(row!);
      });
    } catch (error) {
      // The same email invited twice at once elsewhere (the pending index decides).
      if (isUniqueViolation(error)) throw new ConflictException(teamMessages.alreadyInvited);
      throw error;
    }
  }

  /** A new link for the invitation (the old one stops working), valid INVITATION_TTL_DAYS from now. */
  resend(actor: ActingMember, invitationId: string): Promise<Invitation> {
    return this.dataSource.transaction(async (manager) => {
      const actorRole = await lockTeam(manager, this.memberships, actor, 'team.manage');
      const invitation = await this.findOpen(manager, actor.organizationId, invitationId);
      if (!canGrantRole(actorRole, invitation.role)) throw new ForbiddenException(teamMessages.roleTooHigh);
      await this.limits.assertAllowed(manager, actor.organizationId);
      const token = newLinkToken();
      const [[row]]: [InvitationRow[], number] = await manager.query(
        `UPDATE invitations i SET token_hash = $2, expires_at = now() + make_interval(secs => $3)
          WHERE i.id = $1
         RETURNING ${COLUMNS}`,
        [invitation.id, hashLinkToken(token), TTL_SECONDS],
      );
      await this.audit.record(manager, actor.organizationId, actor, auditEvents.resent(actor, row!.email));
      await this.send(manager, row!, token);
      return toInvitation(row!);
    });
  }

  /** Revokes the invitation: its link answers "revoked" from now on. */
  async revoke(actor: ActingMember, invitationId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await lockTeam(manager, this.memberships, actor, 'team.manage');
      const invitation = await this.findOpen(manager, actor.organizationId, invitationId);
      await manager.query('UPDATE invitations SET revoked_at = now() WHERE id = $1', [invitation.id]);
      await this.audit.record(
        manager,
        actor.organizationId,
        actor,
        auditEvents.revoked(actor, invitation.email),
      );
    });
  }

  /** What the link's page shows before sign-in or sign-up (public: the token is the secret). */
  async preview(token: string): Promise<InvitationPreview> {
    const invitation = this.usable(await this.findByToken(this.dataSource.manager, token, false));
    return {
      organizationName: invitation.organizationName,
      email: invitation.email,
      role: invitation.role,
      invitedBy: invitation.invitedBy,
      expiresAt: invitation.expiresAt.toISOString(),
      hasAccount: await this.users.emailTaken(invitation.email),
    };
  }

  /**
   * The signed-in account joins the organization with the invitation's role (it must be the account of
   * the invited email); answers a token of the same session scoped to that organization.
   */
  async accept(
    token: string,
    session: { id: string; user: AuditActor & { email: string; role: Role } },
  ): Promise<LoginResponse> {
    // Staff accounts are the company's: they never join a customer's organization.
    if (!isCustomer(session.user.role)) throw new ForbiddenException(teamMessages.notAllowed);
    const organizationId = await this.dataSource.transaction((manager) =>
      this.join(manager, token, session.user),
    );
    return this.auth.tokenForSession(session.id, session.user.id, organizationId);
  }

  /** Sign-up with an invitation (AuthService.register): the new account joins; its email is proved by the link. */
  async joinOnSignUp(
    manager: EntityManager,
    user: { id: string; name: string; email: string },
    token: string,
  ): Promise<string> {
    const organizationId = await this.join(manager, token, user);
    await this.users.markEmailVerified(manager, user.id);
    return organizationId;
  }

  /**
   * Accepts the invitation for `user` with the caller's transaction; answers its organization. The
   * organization's row is locked before the invitation's (the order of every change of the team), so
   * a revocation at the same moment either comes first (410) or finds it accepted.
   */
  private async join(
    manager: EntityManager,
    token: string,
    user: { id: string; name: string; email: string },
  ): Promise<string> {
    const found = this.usable(await this.findByToken(manager, token, false));
    if (found.emailKey !== emailKey(user.email)) {
      throw new ForbiddenException(teamMessages.invitationOtherEmail);
    }
    await this.memberships.lockOrganization(manager, found.organizationId);
    const invitation = this.usable(await this.findByToken(manager, token, true));
    await this.memberships.add(manager, {
      organizationId: invitation.organizationId,
      userId: user.id,
      role: invitation.role,
    });
    await manager.query('UPDATE invitations SET accepted_at = now(), accepted_by = $2 WHERE id = $1', [
      invitation.id,
      user.id,
    ]);
    await this.audit.record(
      manager,
      invitation.organizationId,
      { id: user.id, name: user.name },
      auditEvents.joined({ id: user.id, name: user.name }, invitation.role),
    );
    return invitation.organizationId;
  }

  /** 404 for a token that is no invitation's (or was replaced by a resend); 410 used, revoked, expired. */
  private usable(invitation: LinkedInvitation | null): LinkedInvitation {
    if (!invitation) throw new NotFoundException(teamMessages.invitationInvalid);
    if (invitation.used) throw new GoneException(teamMessages.invitationUsed);
    if (invitation.revoked) throw new GoneException(teamMessages.invitationRevoked);
    if (invitation.expired) throw new GoneException(teamMessages.invitationExpired);
    return invitation;
  }

  private async findByToken(
    manager: EntityManager,
    token: string,
    lock: boolean,
  ): Promise<LinkedInvitation | null> {
    const [row]: LinkedInvitation[] = await manager.query(
      `SELECT ${COLUMNS}, i.email_key AS "emailKey", o.name AS "organizationName",
              i.accepted_at IS NOT NULL AS used,
              -- An expired invitation replaced by a new one for its email is revoked after it expired: "expired".
              (i.revoked_at IS NOT NULL AND i.revoked_at < i.expires_at) AS revoked,
              i.expires_at <= now() AS expired
         FROM invitations i JOIN organizations o ON o.id = i.organization_id
        WHERE i.token_hash = $1
        ${lock ? 'FOR UPDATE OF i' : ''}`,
      [hashLinkToken(token)],
    );
    return row ?? null;
  }

  /** The organization's invitation that is neither accepted nor revoked (expired or not); else 404. */
  private async findOpen(manager: EntityManager, organizationId: string, id: string): Promise<InvitationRow> {
    const [row]: InvitationRow[] = await manager.query(
      `SELECT ${COLUMNS} FROM invitations i
        WHERE i.id = $1 AND i.organization_id = $2 AND i.accepted_at IS NULL AND i.revoked_at IS NULL`,
      [id, organizationId],
    );
    if (!row) throw invitationNotFound();
    return row;
  }

  private async send(manager: EntityManager, invitation: InvitationRow, token: string): Promise<void> {
    await this.mails.invitation(
      manager,
      {
        email: invitation.email,
        role: invitation.role,
        organizationName: await organizationName(manager, invitation.organizationId),
        invitedBy: invitation.invitedBy,
        expiresAt: invitation.expiresAt,
      },
      token,
    );
  }
}
