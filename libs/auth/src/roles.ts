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
import { isAdmin, isCustomer, type Role } from '@portal/contracts';
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

/** Signed in, with a role that passes `rule`; on a route or a whole controller. */
const allow = (rule: RoleRule) => applyDecorators(AccessRule(rule), UseGuards(JwtAuthGuard, RolesGuard));

/** Signed in with one of `roles`. */
export const Roles = (...roles: Role[]) => allow((role) => roles.includes(role));

/** Staff only: admin, super_admin, billing, crm_manager (isAdmin). */
export const StaffOnly = () => allow(isAdmin);

/** Customers only: user, customer (isCustomer; the customer dashboard needs one). */
export const CustomerOnly = () => allow(isCustomer);
