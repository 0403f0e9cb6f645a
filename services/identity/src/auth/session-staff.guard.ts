import {
  applyDecorators,
  type CanActivate,
  type ExecutionContext,
  ForbiddenException,
  Injectable,
  UseGuards,
} from '@nestjs/common';
import { authMessages } from '@portal/auth';
import { isAdmin } from '@portal/contracts';
import { type AuthenticatedRequest, SessionAuthGuard } from './session-auth.guard';

/** 403 unless the live session is a staff account's (isAdmin): libs/auth's `@StaffOnly` for identity. */
@Injectable()
export class SessionStaffGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const user = context.switchToHttp().getRequest<Partial<AuthenticatedRequest>>().session?.user;
    if (!user || !isAdmin(user.role)) throw new ForbiddenException(authMessages.forbidden);
    return true;
  }
}

/** Signed in (live session) as staff; on a route or a whole controller. */
export const SessionStaffOnly = () => applyDecorators(UseGuards(SessionAuthGuard, SessionStaffGuard));
