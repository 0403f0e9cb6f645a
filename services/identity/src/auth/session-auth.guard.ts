import {
  type CanActivate,
  type ExecutionContext,
  Injectable,
  SetMetadata,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { parseBearer } from '@portal/auth';
import { teamMessages } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import { type SessionUser, SessionsService } from '../sessions/sessions.service';
import { TokenService } from '../tokens/token.service';

export const AUTHENTICATION_REQUIRED_MESSAGE = 'Authentication required';
export const INVALID_TOKEN_MESSAGE = 'Invalid or expired token';

export interface AuthenticatedRequest extends FastifyRequest {
  session: {
    id: string;
    user: SessionUser;
    /**
     * The token's `org` as it was issued, even when its membership has changed or ended since (only
     * seen on `@AllowStaleMembership` routes; elsewhere such a token is refused).
     */
    tokenOrganizationId: string | null;
  };
}

const ALLOW_STALE_MEMBERSHIP = 'identity:allowStaleMembership';

/**
 * The route takes a token whose membership changed or ended since it was issued (the session must
 * still be live): `POST /api/auth/token`, which exchanges it for a current one.
 */
export const AllowStaleMembership = () => SetMetadata(ALLOW_STALE_MEMBERSHIP, true);

/**
 * Identity's own check of an access token: signature, claims and expiry, then the session row itself,
 * so a signed-out token is refused here at once, before any event reaches the other services. A token
 * acting in an organization is refused (401 `teamMessages.membershipChanged`) once its membership is
 * gone or has a newer version than the token's `mv`: a role change or a removal takes effect on the
 * next request.
 */
@Injectable()
export class SessionAuthGuard implements CanActivate {
  constructor(
    private readonly tokens: TokenService,
    private readonly sessions: SessionsService,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const bearer = parseBearer(request.headers.authorization);
    if (bearer.kind === 'none') throw new UnauthorizedException(AUTHENTICATION_REQUIRED_MESSAGE);
    const claims = bearer.kind === 'token' ? await this.tokens.verify(bearer.token) : null;
    const found = claims && (await this.sessions.findUser(claims.sid, claims.sub, claims.org));
    if (!claims || !found) throw new UnauthorizedException(INVALID_TOKEN_MESSAGE);
    const { membership, ...user } = found;
    const current = claims.org === null || (membership !== null && membership.version <= claims.mv);
    if (!current && !this.allowsStale(context)) {
      throw new UnauthorizedException(teamMessages.membershipChanged);
    }
    request.session = {
      id: claims.sid,
      user: {
        ...user,
        organizationId: current ? claims.org : null,
        orgRole: current ? (membership?.role ?? null) : null,
      },
      tokenOrganizationId: claims.org,
    };
    return true;
  }

  private allowsStale(context: ExecutionContext): boolean {
    return (
      this.reflector.getAllAndOverride<boolean | undefined>(ALLOW_STALE_MEMBERSHIP, [
        context.getHandler(),
        context.getClass(),
      ]) === true
    );
  }
}
