import {
  type ExecutionContext,
  HttpException,
  Injectable,
  ServiceUnavailableException,
  UnauthorizedException,
} from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authMessages, JwksUnavailableError } from './auth-errors';
import type { AuthenticatedUser } from './authenticated-user';
import { parseBearer } from './bearer-token';

// Requests this guard has already let through, so stacking it (class and route) verifies once.
const authenticated = new WeakSet<object>();

/**
 * Lets a request through only with a valid access token; `request.user` is then an
 * AuthenticatedUser. 401 without a token or with a bad one, 503 when identity's JWKS cannot be read.
 * Runs the strategy of the app's AuthModule (its `defaultStrategy`).
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard() {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = this.getRequest(context) as FastifyRequest;
    if (authenticated.has(request)) return true;
    const allowed = await (super.canActivate(context) as Promise<boolean>);
    authenticated.add(request);
    return allowed;
  }

  override handleRequest<TUser = AuthenticatedUser>(
    error: unknown,
    user: TUser | false,
    info: unknown,
    context: ExecutionContext,
  ): TUser {
    if (!error && user) return user;
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const rejection = error ?? rejectionFor(info, request);
    if (rejection instanceof UnauthorizedException) {
      const scheme = hasBearer(request) ? 'Bearer error="invalid_token"' : 'Bearer';
      http.getResponse<FastifyReply>().header('www-authenticate', scheme);
    }
    throw rejection;
  }
}

function rejectionFor(info: unknown, request: FastifyRequest): HttpException {
  if (info instanceof JwksUnavailableError) return new ServiceUnavailableException(authMessages.unavailable);
  if (!hasBearer(request)) return new UnauthorizedException(authMessages.missingToken);
  return new UnauthorizedException(authMessages.invalidToken);
}

/** A token was offered (well-formed or not): a refusal is "invalid token", not "sign in". */
const hasBearer = (request: FastifyRequest) => parseBearer(request.headers.authorization).kind !== 'none';
