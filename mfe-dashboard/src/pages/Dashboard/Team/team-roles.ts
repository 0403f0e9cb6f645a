import { canGrantRole, invitableRoles, orgRoles, type OrgRole } from '@portal/contracts';

/** The roles `actor` may give a member (a role change): never above their own. */
export const grantableRoles = (actor: OrgRole | null | undefined): OrgRole[] =>
  orgRoles.filter((role) => canGrantRole(actor, role));

/** The roles `actor` may invite with (ownership is transferred, never invited). */
export const invitableRolesFor = (actor: OrgRole | null | undefined): OrgRole[] =>
  invitableRoles.filter((role) => canGrantRole(actor, role));

/** Whether `actor` manages `member` (changes their role, removes them): a manager at or above their rank. */
export const manages = (actor: OrgRole | null | undefined, member: OrgRole): boolean =>
  canGrantRole(actor, member);
