import {
  applyDecorators,
  type CanActivate,
  type ExecutionContext,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { assertMemberCan } from '@portal/auth';
import type { OrgPermission, OrgRole } from '@portal/contracts';
import type { SessionUser } from '../sessions/sessions.service';
import { type AuthenticatedRequest, SessionAuthGuard } from './session-auth.guard';

const MEMBER_PERMISSION = 'identity:memberPermission';

/** A request of a member acting in their organization (after `@SessionMemberCan`). */
export interface MemberRequest extends AuthenticatedRequest {
  session: AuthenticatedRequest['session'] & {
    user: SessionUser & { organizationId: string; orgRole: OrgRole };
  };
}

/**
 * identity's `@MemberCan` (libs/auth) for routes behind its own SessionAuthGuard: a customer acting in
 * an organization whose current role there has the permission, else 403 with teamMessages.
 */
@Injectable()
export class SessionMemberGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const permission = this.reflector.getAllAndOverride<OrgPermission | undefined>(MEMBER_PERMISSION, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!permission) return true;
    assertMemberCan(
      context.switchToHttp().getRequest<Partial<AuthenticatedRequest>>().session?.user,
      permission,
    );
    return true;
  }
}

/** Signed in (live session, current membership) as a member whose role has `permission`. */
export const SessionMemberCan = (permission: OrgPermission) =>
  applyDecorators(
    SetMetadata(MEMBER_PERMISSION, permission),
    UseGuards(SessionAuthGuard, SessionMemberGuard),
  );
