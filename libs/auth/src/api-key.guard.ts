import {
  applyDecorators,
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  ForbiddenException,
  Inject,
  Injectable,
  ServiceUnavailableException,
  UnauthorizedException,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { ApiKeyScope } from '@portal/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import passport from 'passport';
import type { ApiCaller } from './api-caller';
import { apiKeyAuthMessages, authMessages, JwksUnavailableError } from './auth-errors';
import { parseBearer } from './bearer-token';

/** The passport strategy name of the app's AuthModule for API tokens (one per AuthModule). */
export const API_TOKEN_STRATEGY = Symbol('API_TOKEN_STRATEGY');

/** A key without a scope the route needs: 403, naming the scope. */
export class ApiScopeMissingException extends ForbiddenException {
  constructor(readonly scope: ApiKeyScope) {
    super(apiKeyAuthMessages.missingScope(scope));
  }
}

const ScopeRule = Reflector.createDecorator<ApiKeyScope[]>();

type ApiRequest = FastifyRequest & { apiCaller?: ApiCaller };

/**
 * Lets a `/v1` request through only with a valid API token (ES256 from identity's JWKS, audience
 * `portal-api`, the claims of `apiAccessTokenClaimsSchema`), which the gateway mints from the
 * customer's API key and forwards as `Authorization: Bearer`; then only when the key holds every
 * scope the class and the route name (`@ApiScopes`). 401 without a token or with a bad, expired or
 * member's access token; 403 `ApiScopeMissingException` for a missing scope; 503 while identity's
 * JWKS was never read. The caller is `request.apiCaller` (`@CurrentApiCaller()`); a member's access
 * token and `JwtAuthGuard` are not involved at all.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    @Inject(API_TOKEN_STRATEGY) private readonly strategy: string,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<ApiRequest>();
    // Stacked (class and route), the token is verified once.
    request.apiCaller ??= await this.authenticate(request, http.getResponse<FastifyReply>());
    const required = this.reflector.getAllAndMerge(ScopeRule, [context.getHandler(), context.getClass()]);
    const missing = required.find((scope) => !request.apiCaller!.scopes.includes(scope));
    if (missing) throw new ApiScopeMissingException(missing);
    return true;
  }

  private authenticate(request: ApiRequest, reply: FastifyReply): Promise<ApiCaller> {
    return new Promise<ApiCaller>((resolve, reject) => {
      const done = (error: unknown, caller: ApiCaller | false, info: unknown) => {
        if (!error && caller) return resolve(caller);
        const rejection = error ?? rejectionFor(info);
        if (rejection instanceof UnauthorizedException) {
          const offered = parseBearer(request.headers.authorization).kind !== 'none';
          reply.header('www-authenticate', offered ? 'Bearer error="invalid_token"' : 'Bearer');
        }
        reject(rejection as Error);
      };
      const middleware = passport.authenticate(this.strategy, { session: false }, done) as (
        request: unknown,
        response: unknown,
        next: (error?: unknown) => void,
      ) => void;
      middleware(request, reply, (error) => reject((error as Error) ?? new UnauthorizedException()));
    });
  }
}

function rejectionFor(info: unknown) {
  if (info instanceof JwksUnavailableError) return new ServiceUnavailableException(authMessages.unavailable);
  return new UnauthorizedException(apiKeyAuthMessages.invalidKey);
}

/**
 * A route (or controller) of the public API for keys holding every one of `scopes`: `ApiKeyGuard`
 * verifies the API token and the scopes. Scopes named on the controller and on the route add up.
 */
export const ApiScopes = (...scopes: ApiKeyScope[]) =>
  applyDecorators(ScopeRule(scopes), UseGuards(ApiKeyGuard));

/** The `ApiCaller` of a route behind `ApiKeyGuard` (`@ApiScopes`). */
export const CurrentApiCaller = createParamDecorator(
  (_data: unknown, context: ExecutionContext): ApiCaller =>
    context.switchToHttp().getRequest<ApiRequest>().apiCaller!,
);
