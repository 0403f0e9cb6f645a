import { ConflictException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type MyOrganization, type OrgRole, teamMessages } from '@portal/contracts';
import { enqueueCatalogEvent } from '@portal/events';
import type { DataSource, EntityManager } from 'typeorm';

/** A user's membership of one organization. */
export interface Membership {
  organizationId: string;
  userId: string;
  role: OrgRole;
  /** From `membership_version_seq`: tokens carrying a lower `mv` for this membership are refused. */
  version: number;
  createdAt: Date;
}

export interface NewMembership {
  organizationId: string;
  userId: string;
  role: OrgRole;
  /** The user's first membership, whose rows from before organizations move to it in every service. */
  claimsLegacyData?: boolean;
}

interface MembershipRow {
  organizationId: string;
  userId: string;
  role: OrgRole;
  version: string;
  createdAt: Date;
}

const COLUMNS = `organization_id AS "organizationId", user_id AS "userId", role, version, created_at AS "createdAt"`;

const toMembership = (row: MembershipRow): Membership => ({ ...row, version: Number(row.version) });

/**
 * The one access to `memberships`. Every change (add, role change, removal) takes a new version from
 * `membership_version_seq` and enqueues `portal.memberships.changed` with it in the caller's
 * transaction, so the change and its announcement commit together; services then refuse the tokens
 * issued before it (ADR 0181, 0182).
 */
@Injectable()
export class MembershipsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Adds the membership; 409 `teamMessages.alreadyMember` when the user is already a member. */
  async add(manager: EntityManager, membership: NewMembership): Promise<Membership> {
    const rows: MembershipRow[] = await manager.query(
      `INSERT INTO memberships (organization_id, user_id, role, version)
       VALUES ($1, $2, $3, nextval('membership_version_seq'))
       ON CONFLICT DO NOTHING
       RETURNING ${COLUMNS}`,
      [membership.organizationId, membership.userId, membership.role],
    );
    if (!rows[0]) throw new ConflictException(teamMessages.alreadyMember);
    const added = toMembership(rows[0]);
    await this.announce(manager, added.organizationId, added.userId, added.role, added.version, {
      claimsLegacyData: membership.claimsLegacyData ?? false,
    });
    return added;
  }

  /** Gives the member `role` (a new version even when it is the same); null when not a member. */
  async changeRole(
    manager: EntityManager,
    organizationId: string,
    userId: string,
    role: OrgRole,
  ): Promise<Membership | null> {
    const [rows]: [MembershipRow[], number] = await manager.query(
      `UPDATE memberships SET role = $3, version = nextval('membership_version_seq')
        WHERE organization_id = $1 AND user_id = $2
       RETURNING ${COLUMNS}`,
      [organizationId, userId, role],
    );
    if (!rows[0]) return null;
    const changed = toMembership(rows[0]);
    await this.announce(manager, organizationId, userId, role, changed.version);
    return changed;
  }

  /**
   * Ends the membership (announced with role null); false when there was none. The user's last-used
   * organization is forgotten when it was this one: their next sign-in picks another of theirs.
   */
  async remove(manager: EntityManager, organizationId: string, userId: string): Promise<boolean> {
    const [rows]: [unknown[], number] = await manager.query(
      'DELETE FROM memberships WHERE organization_id = $1 AND user_id = $2 RETURNING user_id',
      [organizationId, userId],
    );
    if (rows.length === 0) return false;
    await manager.query(
      'UPDATE public_users SET organization_id = NULL WHERE id = $1 AND organization_id = $2',
      [userId, organizationId],
    );
    await this.announce(manager, organizationId, userId, null, await this.nextVersion(manager));
    return true;
  }

  /**
   * Ends every membership of the user, announcing each (the account is being deleted); answers the
   * organizations they were in.
   */
  async removeAllOf(manager: EntityManager, userId: string): Promise<string[]> {
    const [rows]: [{ organizationId: string }[], number] = await manager.query(
      'DELETE FROM memberships WHERE user_id = $1 RETURNING organization_id AS "organizationId"',
      [userId],
    );
    for (const { organizationId } of rows) {
      await this.announce(manager, organizationId, userId, null, await this.nextVersion(manager));
    }
    return rows.map((row) => row.organizationId);
  }

  /** The membership, or null; with the caller's transaction when given. */
  async find(
    organizationId: string,
    userId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Membership | null> {
    const rows: MembershipRow[] = await manager.query(
      `SELECT ${COLUMNS} FROM memberships WHERE organization_id = $1 AND user_id = $2`,
      [organizationId, userId],
    );
    return rows[0] ? toMembership(rows[0]) : null;
  }

  /** The user's organizations with their role in each, by name (then id). */
  listForUser(userId: string, manager: EntityManager = this.dataSource.manager): Promise<MyOrganization[]> {
    return manager.query(
      `SELECT o.id, o.name, m.role
         FROM memberships m JOIN organizations o ON o.id = m.organization_id
        WHERE m.user_id = $1
        ORDER BY o.name, o.id`,
      [userId],
    );
  }

  /**
   * Locks the organization's row until the caller's transaction ends; false when it does not exist.
   * Every change that must keep an owner (a removal, a departure, a role change, an account deletion)
   * takes this lock first, so two of them at once are serialized and cannot leave it without one.
   */
  async lockOrganization(manager: EntityManager, organizationId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query('SELECT id FROM organizations WHERE id = $1 FOR UPDATE', [
      organizationId,
    ]);
    return rows.length > 0;
  }

  /** How many owners the organization has, read after locking its row (`lockOrganization`). */
  async countOwners(manager: EntityManager, organizationId: string): Promise<number> {
    await this.lockOrganization(manager, organizationId);
    const [row]: { owners: number }[] = await manager.query(
      `SELECT count(*)::int AS owners FROM memberships WHERE organization_id = $1 AND role = 'owner'`,
      [organizationId],
    );
    return row?.owners ?? 0;
  }

  /** How many members the organization has. */
  async countMembers(manager: EntityManager, organizationId: string): Promise<number> {
    const [row]: { members: number }[] = await manager.query(
      'SELECT count(*)::int AS members FROM memberships WHERE organization_id = $1',
      [organizationId],
    );
    return row?.members ?? 0;
  }

  private async nextVersion(manager: EntityManager): Promise<number> {
    const [row]: { version: string }[] = await manager.query(
      `SELECT nextval('membership_version_seq') AS version`,
    );
    return Number(row!.version);
  }

  private async announce(
    manager: EntityManager,
    organizationId: string,
    userId: string,
    role: OrgRole | null,
    version: number,
    options: { claimsLegacyData?: boolean } = {},
  ): Promise<void> {
    await enqueueCatalogEvent(manager, 'membershipChanged', {
      organizationId,
      userId,
      role,
      version,
      claimsLegacyData: options.claimsLegacyData ?? false,
      changedAt: new Date().toISOString(),
    });
  }
}
