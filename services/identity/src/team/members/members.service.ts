import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  canGrantRole,
  type OrgRole,
  type TeamMember,
  type TeamMembersResponse,
  teamMessages,
} from '@portal/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { MembershipsService } from '../../memberships/memberships.service';
import { type ActingMember, lockTeam, organizationName } from '../acting-member';
import { auditEvents, TeamAuditService } from '../audit/team-audit.service';
import { TeamMails } from '../team-mails';

interface MemberRow {
  userId: string;
  name: string;
  email: string;
  role: OrgRole;
  joinedAt: Date;
  lastActiveAt: string | null;
}

const ROLE_ORDER = `CASE m.role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 WHEN 'billing' THEN 2 WHEN 'crm_manager' THEN 3 ELSE 4 END`;

/**
 * A member's last activity: the newest `lastSeenAt` (else `createdAt`) over their sessions, which
 * identity keeps to the minute (sessions.service.ts); ISO strings of one format compare as instants.
 */
const LAST_ACTIVE = `(SELECT max(coalesce(s.sess->>'lastSeenAt', s.sess->>'createdAt'))
                       FROM sessions s WHERE s.sess->>'userId' = m.user_id::text)`;

const toTeamMember = (row: MemberRow): TeamMember => ({
  userId: row.userId,
  name: row.name,
  email: row.email,
  role: row.role,
  joinedAt: row.joinedAt.toISOString(),
  lastActiveAt: row.lastActiveAt && new Date(row.lastActiveAt).toISOString(),
});

const notAMember = () => new NotFoundException(teamMessages.notAMember);

/**
 * The members of the acting member's organization: list, change a role, remove, leave, transfer
 * ownership. Every change locks the organization's row first (`lockTeam`), so the owners are counted
 * with no other change in flight and the organization never ends without one; the change, its audit
 * entry, its `portal.memberships.changed` and its mail commit together. A member of another
 * organization is "not found" (404), exactly like an id that exists nowhere.
 */
@Injectable()
export class MembersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly memberships: MembershipsService,
    private readonly audit: TeamAuditService,
    private readonly mails: TeamMails,
  ) {}

  /** Owners first, then by role and name. */
  async list(organizationId: string): Promise<TeamMembersResponse> {
    const rows: MemberRow[] = await this.dataSource.query(
      `SELECT m.user_id AS "userId", u.name, u.email, m.role, m.created_at AS "joinedAt", ${LAST_ACTIVE} AS "lastActiveAt"
         FROM memberships m JOIN public_users u ON u.id = m.user_id
        WHERE m.organization_id = $1
        ORDER BY ${ROLE_ORDER}, lower(u.name), u.email`,
      [organizationId],
    );
    return { members: rows.map(toTeamMember) };
  }

  /**
   * Gives the member `role`: never the actor's own role (403), never above the actor's (403
   * roleTooHigh), never a member above the actor (403), never the last owner's (409). The member's
   * tokens stop working at once (new version); they are mailed their new role.
   */
  changeRole(actor: ActingMember, userId: string, role: OrgRole): Promise<TeamMember> {
    if (userId === actor.id) throw new ForbiddenException(teamMessages.notAllowed);
    return this.dataSource.transaction(async (manager) => {
      const actorRole = await lockTeam(manager, this.memberships, actor, 'team.manage');
      const member = await this.findMember(manager, actor.organizationId, userId);
      if (!member) throw notAMember();
      if (!canGrantRole(actorRole, member.role)) throw new ForbiddenException(teamMessages.notAllowed);
      if (!canGrantRole(actorRole, role)) throw new ForbiddenException(teamMessages.roleTooHigh);
      if (member.role === role) return toTeamMember(member);
      if (member.role === 'owner') await this.assertAnotherOwner(manager, actor.organizationId);
      await this.memberships.changeRole(manager, actor.organizationId, userId, role);
      await this.audit.record(
        manager,
        actor.organizationId,
        actor,
        auditEvents.roleChanged(actor, member.name, member.role, role),
      );
      await this.mails.roleChanged(
        manager,
        member,
        await organizationName(manager, actor.organizationId),
        role,
      );
      return toTeamMember({ ...member, role });
    });
  }

  /**
   * Removes the member (not the actor: they leave): 404 for anyone not in the organization, 403 for a
   * member above the actor, 409 for the last owner. Their tokens for the organization stop working at
   * once; they are mailed that they were removed.
   */
  async remove(actor: ActingMember, userId: string): Promise<void> {
    if (userId === actor.id) throw new ForbiddenException(teamMessages.notAllowed);
    await this.dataSource.transaction(async (manager) => {
      const actorRole = await lockTeam(manager, this.memberships, actor, 'team.manage');
      const member = await this.findMember(manager, actor.organizationId, userId);
      if (!member) throw notAMember();
      if (!canGrantRole(actorRole, member.role)) throw new ForbiddenException(teamMessages.notAllowed);
      if (member.role === 'owner') await this.assertAnotherOwner(manager, actor.organizationId);
      await this.memberships.remove(manager, actor.organizationId, userId);
      await this.audit.record(manager, actor.organizationId, actor, auditEvents.removed(actor, member.name));
      await this.mails.removed(manager, member, await organizationName(manager, actor.organizationId));
    });
  }

  /** The actor leaves the organization; the last owner cannot (409). */
  async leave(actor: ActingMember): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const role = await lockTeam(manager, this.memberships, actor, 'team.read');
      if (role === 'owner') await this.assertAnotherOwner(manager, actor.organizationId);
      await this.memberships.remove(manager, actor.organizationId, actor.id);
      await this.audit.record(manager, actor.organizationId, actor, auditEvents.left(actor));
    });
  }

  /**
   * Makes the member an owner and the actor (an owner) an admin, in one transaction: the organization
   * has an owner before and after. Answers the members as they are now.
   */
  async transferOwnership(actor: ActingMember, userId: string): Promise<TeamMembersResponse> {
    if (userId === actor.id) throw new ForbiddenException(teamMessages.notAllowed);
    await this.dataSource.transaction(async (manager) => {
      await lockTeam(manager, this.memberships, actor, 'ownership.transfer');
      const member = await this.findMember(manager, actor.organizationId, userId);
      if (!member) throw notAMember();
      if (member.role !== 'owner')
        await this.memberships.changeRole(manager, actor.organizationId, userId, 'owner');
      await this.memberships.changeRole(manager, actor.organizationId, actor.id, 'admin');
      await this.audit.record(
        manager,
        actor.organizationId,
        actor,
        auditEvents.ownershipTransferred(actor, member.name),
      );
      if (member.role !== 'owner') {
        await this.mails.roleChanged(
          manager,
          member,
          await organizationName(manager, actor.organizationId),
          'owner',
        );
      }
    });
    return this.list(actor.organizationId);
  }

  /** 409 lastOwner unless the organization has another owner (its row locked by `lockTeam`). */
  private async assertAnotherOwner(manager: EntityManager, organizationId: string): Promise<void> {
    if ((await this.memberships.countOwners(manager, organizationId)) <= 1) {
      throw new ConflictException(teamMessages.lastOwner);
    }
  }

  private async findMember(
    manager: EntityManager,
    organizationId: string,
    userId: string,
  ): Promise<MemberRow | null> {
    const [row]: MemberRow[] = await manager.query(
      `SELECT m.user_id AS "userId", u.name, u.email, m.role, m.created_at AS "joinedAt", ${LAST_ACTIVE} AS "lastActiveAt"
         FROM memberships m JOIN public_users u ON u.id = m.user_id
        WHERE m.organization_id = $1 AND m.user_id = $2`,
      [organizationId, userId],
    );
    return row ?? null;
  }
}
