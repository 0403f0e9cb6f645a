import {
  applyDecorators,
  type CanActivate,
  type ExecutionContext,
  ForbiddenException,
  Injectable,
  UnauthorizedException,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { can, isAdmin, isCustomer, type OrgPermission, type Role, teamMessages } from '@portal/contracts';
import { authMessages } from './auth-errors';
import type { AuthenticatedUser } from './authenticated-user';
import { JwtAuthGuard } from './jwt-auth.guard';

type RoleRule = (role: Role) => boolean;

const AccessRule = Reflector.createDecorator<RoleRule>();

/** Answers 403 when the signed-in user's role fails the route's (or controller's) rule. */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const rule = this.reflector.getAllAndOverride(AccessRule, [context.getHandler(), context.getClass()]);
    if (!rule) return true;
    const user = context.switchToHttp().getRequest<{ user?: AuthenticatedUser }>().user;
    if (!user) throw new UnauthorizedException(authMessages.missingToken);
    if (!rule(user.role)) throw new ForbiddenException(authMessages.forbidden);
    return true;
  }
}

const MemberRule = Reflector.createDecorator<OrgPermission>();

/**
 * Throws what a member without `permission` gets: 401 when nobody is signed in, 403 for staff, for a
 * customer acting in no organization, and for a role the permission table refuses. Every guard of a
 * member's route (this library's, identity's own) decides with it.
 */
export function assertMemberCan(
  user: Pick<AuthenticatedUser, 'role' | 'organizationId' | 'orgRole'> | undefined,
  permission: OrgPermission,
): void {
  if (!user) throw new UnauthorizedException(authMessages.missingToken);
  if (!isCustomer(user.role)) throw new ForbiddenException(authMessages.forbidden);
  if (!user.organizationId) throw new ForbiddenException(teamMessages.noOrganization);
  if (!can(user.orgRole, permission)) throw new ForbiddenException(teamMessages.notAllowed);
}

/**
 * Answers 403 unless the token is a customer's acting in an organization with a membership role that
 * has the route's permission (`@MemberCan`). Runs after JwtAuthGuard, so a stale membership version
 * has already answered 401.
 */
@Injectable()
export class MemberPermissionGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const permission = this.reflector.getAllAndOverride(MemberRule, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!permission) return true;
    assertMemberCan(context.switchToHttp().getRequest<{ user?: AuthenticatedUser }>().user, permission);
    return true;
  }
}

/**
 * A customer acting in their organization with a role that has `permission` (ADR 0180); on a route or
 * a whole controller (a route's own permission wins). The route then reads `@CurrentUser()` as an
 * `OrganizationMember` and filters every query by its `organizationId`.
 */
export const MemberCan = (permission: OrgPermission) =>
  applyDecorators(MemberRule(permission), UseGuards(JwtAuthGuard, MemberPermissionGuard));

/** Signed in, with a role that passes `rule`; on a route or a whole controller. */
const allow = (rule: RoleRule) => applyDecorators(AccessRule(rule), UseGuards(JwtAuthGuard, RolesGuard));

/** Signed in with one of `roles`. */
export const Roles = (...roles: Role[]) => allow((role) => roles.includes(role));

/** Staff only: admin, super_admin, billing, crm_manager (isAdmin). */
export const StaffOnly = () => allow(isAdmin);

/** Customers only: user, customer (isCustomer; the customer dashboard needs one). */
export const CustomerOnly = () => allow(isCustomer);
