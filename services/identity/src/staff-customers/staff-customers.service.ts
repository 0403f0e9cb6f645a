import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type CustomerMatch,
  customerRoles,
  isAdmin,
  type OrgRole,
  type Role,
  type StaffOrganization,
  type StaffOrganizationDetail,
  type StaffOrganizationListQuery,
  type StaffUser,
} from '@portal/contracts';
import { type KeysetCursor, keysetTimeText } from '@portal/db';
import type { DataSource } from 'typeorm';

export interface OrganizationPage {
  organizations: StaffOrganization[];
  next: KeysetCursor | null;
}

interface OrganizationRow {
  id: string;
  name: string;
  plan_id: string;
  timezone: string;
  created_at: Date;
  cursor_at: string;
  member_count: number;
  owner_id: string | null;
  owner_name: string | null;
  owner_email: string | null;
}

interface MemberRow {
  user_id: string;
  name: string;
  email: string;
  role: OrgRole;
  email_verified_at: Date | null;
  joined_at: Date;
}

const ORGANIZATION_COLUMNS = `o.id, o.name, o.plan_id, o.timezone, o.created_at,
  ${keysetTimeText('o.created_at')} AS cursor_at,
  (SELECT count(*)::int FROM memberships m WHERE m.organization_id = o.id) AS member_count,
  owner.id AS owner_id, owner.name AS owner_name, owner.email AS owner_email`;

/** The organization's first owner (an organization has one; a transfer swaps it). */
const OWNER_JOIN = `LEFT JOIN LATERAL (
    SELECT u.id, u.name, u.email FROM memberships m JOIN public_users u ON u.id = m.user_id
    WHERE m.organization_id = o.id AND m.role = 'owner' ORDER BY m.created_at, u.id LIMIT 1
  ) owner ON true`;

const toOrganization = (row: OrganizationRow): StaffOrganization => ({
  id: row.id,
  name: row.name,
  planId: row.plan_id,
  timezone: row.timezone,
  createdAt: row.created_at.toISOString(),
  memberCount: row.member_count,
  owner:
    row.owner_id && row.owner_name !== null && row.owner_email !== null
      ? { userId: row.owner_id, name: row.owner_name, email: row.owner_email }
      : null,
});

/** `%`, `_` and `\` match themselves in a search. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Staff's view of the customers: organizations with plan and members (ADR 0192). */
@Injectable()
export class StaffCustomersService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Newest first; `q` matches the organization's name or a member's name or email. */
  async list({
    q,
    limit,
    after,
  }: Omit<StaffOrganizationListQuery, 'cursor'> & { after?: KeysetCursor }): Promise<OrganizationPage> {
    const where: string[] = [];
    const values: unknown[] = [];
    if (q) {
      values.push(likePattern(q));
      const p = `$${values.length}`;
      where.push(`(o.name ILIKE ${p} OR EXISTS (
        SELECT 1 FROM memberships m JOIN public_users u ON u.id = m.user_id
        WHERE m.organization_id = o.id AND (u.name ILIKE ${p} OR u.email ILIKE ${p})))`);
    }
    if (after) {
      values.push(after.at, after.id);
      where.push(
        `(o.created_at, o.id) < (CAST($${values.length - 1} AS timestamptz), CAST($${values.length} AS uuid))`,
      );
    }
    values.push(limit + 1);
    const rows: OrganizationRow[] = await this.dataSource.query(
      `SELECT ${ORGANIZATION_COLUMNS} FROM organizations o ${OWNER_JOIN}
       ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY o.created_at DESC, o.id DESC LIMIT $${values.length}`,
      values,
    );
    if (rows.length <= limit) return { organizations: rows.map(toOrganization), next: null };
    const last = rows[limit - 1];
    return { organizations: rows.slice(0, limit).map(toOrganization), next: { at: last.cursor_at, id: last.id } };
  }

  /** The organization with its members (owners first, then by name), or null for an unknown id. */
  async find(id: string): Promise<StaffOrganizationDetail | null> {
    const [row]: OrganizationRow[] = await this.dataSource.query(
      `SELECT ${ORGANIZATION_COLUMNS} FROM organizations o ${OWNER_JOIN} WHERE o.id = $1`,
      [id],
    );
    if (!row) return null;
    const members: MemberRow[] = await this.dataSource.query(
      `SELECT u.id AS user_id, u.name, u.email, m.role, u.email_verified_at, m.created_at AS joined_at
       FROM memberships m JOIN public_users u ON u.id = m.user_id
       WHERE m.organization_id = $1
       ORDER BY (m.role = 'owner') DESC, lower(u.name), u.id`,
      [id],
    );
    return {
      ...toOrganization(row),
      members: members.map((member) => ({
        userId: member.user_id,
        name: member.name,
        email: member.email,
        role: member.role,
        emailVerified: member.email_verified_at !== null,
        joinedAt: member.joined_at.toISOString(),
      })),
    };
  }

  /** The customer accounts whose email is one of `emails` (lower case), with their organizations. */
  async matchByEmail(emails: string[]): Promise<CustomerMatch[]> {
    const rows: {
      id: string;
      email: string;
      name: string;
      organizations: { id: string; name: string; role: OrgRole }[];
    }[] = await this.dataSource.query(
      `SELECT u.id, lower(u.email) AS email, u.name,
              coalesce(json_agg(json_build_object('id', o.id, 'name', o.name, 'role', m.role)
                                ORDER BY o.name, o.id) FILTER (WHERE o.id IS NOT NULL), '[]') AS organizations
       FROM public_users u
       LEFT JOIN memberships m ON m.user_id = u.id
       LEFT JOIN organizations o ON o.id = m.organization_id
       WHERE lower(u.email) = ANY($1::text[]) AND u.role = ANY($2::text[])
       GROUP BY u.id
       ORDER BY lower(u.email)`,
      [[...new Set(emails)], [...customerRoles]],
    );
    return rows.map((row) => ({ email: row.email, userId: row.id, name: row.name, organizations: row.organizations }));
  }

  /** Who these accounts are (unknown ids left out), in the order asked. */
  async lookUpUsers(ids: string[]): Promise<StaffUser[]> {
    const rows: { id: string; name: string; email: string; role: Role }[] = await this.dataSource.query(
      'SELECT id, name, email, role FROM public_users WHERE id = ANY($1::uuid[])',
      [[...new Set(ids)]],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return [...new Set(ids)].flatMap((id) => {
      const row = byId.get(id);
      return row ? [{ id: row.id, name: row.name, email: row.email, staff: isAdmin(row.role) }] : [];
    });
  }
}
