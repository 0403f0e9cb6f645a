import { ForbiddenException, UnauthorizedException } from '@nestjs/common';
import { can, type OrgPermission, type OrgRole, teamMessages } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import type { MemberRequest } from '../auth/session-member.guard';
import type { MembershipsService } from '../memberships/memberships.service';

/** The member a team route acts for: the signed-in user in the organization of their token. */
export interface ActingMember {
  id: string;
  name: string;
  organizationId: string;
  role: OrgRole;
}

export const actingMember = ({ session: { user } }: MemberRequest): ActingMember => ({
  id: user.id,
  name: user.name,
  organizationId: user.organizationId,
  role: user.orgRole,
});

/**
 * Locks the organization's row for the caller's transaction (as every change of its members does, so
 * two changes at once are serialized and cannot leave it without an owner) and reads the actor's
 * membership again under the lock: a request that raced a change of the actor's own membership acts
 * with the role they have now. Answers that role; 401 membershipChanged when they are no longer a
 * member, 403 notAllowed when the role no longer has `permission`.
 */
export async function lockTeam(
  manager: EntityManager,
  memberships: MembershipsService,
  actor: ActingMember,
  permission: OrgPermission,
): Promise<OrgRole> {
  await memberships.lockOrganization(manager, actor.organizationId);
  const current = await memberships.find(actor.organizationId, actor.id, manager);
  if (!current) throw new UnauthorizedException(teamMessages.membershipChanged);
  if (!can(current.role, permission)) throw new ForbiddenException(teamMessages.notAllowed);
  return current.role;
}

/** The organization's name (mails, the invitation page). */
export async function organizationName(manager: EntityManager, organizationId: string): Promise<string> {
  const [row]: { name: string }[] = await manager.query('SELECT name FROM organizations WHERE id = $1', [
    organizationId,
  ]);
  return row?.name ?? '';
}
