import { type CanActivate, type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { parseBearer } from '@portal/auth';
import type { FastifyRequest } from 'fastify';
import { type SessionUser, SessionsService } from '../sessions/sessions.service';
import { TokenService } from '../tokens/token.service';

export const AUTHENTICATION_REQUIRED_MESSAGE = 'Authentication required';
export const INVALID_TOKEN_MESSAGE = 'Invalid or expired token';

export interface AuthenticatedRequest extends FastifyRequest {
  session: { id: string; user: SessionUser };
}

/**
 * Identity's own check of an access token: signature, claims and expiry, then the session row itself,
 * so a signed-out token is refused here at once, before any event reaches the other services.
 */
@Injectable()
export class SessionAuthGuard implements CanActivate {
  constructor(
    private readonly tokens: TokenService,
    private readonly sessions: SessionsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const bearer = parseBearer(request.headers.authorization);
    if (bearer.kind === 'none') throw new UnauthorizedException(AUTHENTICATION_REQUIRED_MESSAGE);
    const claims = bearer.kind === 'token' ? await this.tokens.verify(bearer.token) : null;
    const user = claims && (await this.sessions.findUser(claims.sid, claims.sub));
    if (!claims || !user) throw new UnauthorizedException(INVALID_TOKEN_MESSAGE);
    request.session = { id: claims.sid, user };
    return true;
  }
}
