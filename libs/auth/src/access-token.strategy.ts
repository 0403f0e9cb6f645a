import { Logger, type OnModuleDestroy } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ACCESS_TOKEN_ALGORITHM, ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '@portal/contracts';
import { passportJwtSecret } from 'jwks-rsa';
import passport from 'passport';
import { type SecretOrKeyProvider, Strategy } from 'passport-jwt';
import { JwksUnavailableError } from './auth-errors';
import type { ResolvedAuthOptions } from './auth-options';
import type { AccessTokenValidator } from './access-token.validator';
import { bearerToken } from './bearer-token';

const logger = new Logger('AccessTokenStrategy');

/**
 * Public keys from identity's JWKS, by the token's `kid`. Keys are cached; a `kid` not in the cache
 * refetches the JWKS at most `jwksRequestsPerMinute` times a minute. An unknown `kid` yields no key
 * (401); a JWKS that cannot be read yields a JwksUnavailableError (503).
 */
function jwksKeyProvider(options: ResolvedAuthOptions): SecretOrKeyProvider {
  return passportJwtSecret({
    jwksUri: options.jwksUrl,
    cache: true,
    rateLimit: true,
    jwksRequestsPerMinute: options.jwksRequestsPerMinute,
    timeout: options.jwksTimeoutMs,
    handleSigningKeyError: (error, done) => {
      if (!error || error.name === 'SigningKeyNotFoundError') return done(null);
      // Rate-limited refetches are not logged: their number is the caller's to choose.
      if (error.name !== 'JwksRateLimitError') logger.warn(`JWKS at ${options.jwksUrl}: ${error.message}`);
      done(new JwksUnavailableError(error));
    },
  }) as SecretOrKeyProvider;
}

/**
 * A passport-jwt strategy registered under `name`: one name per AuthModule, so several apps in one
 * process (tests) never share passport's global strategy registry. ES256 only (so `alg: none` and
 * HS256 signed with the public key fail), issuer and audience checked, then `validator`.
 */
export function createAccessTokenStrategy(
  name: string,
  options: ResolvedAuthOptions,
  validator: AccessTokenValidator,
) {
  class AccessTokenStrategy extends PassportStrategy(Strategy, name) implements OnModuleDestroy {
    constructor() {
      super({
        jwtFromRequest: bearerToken,
        secretOrKeyProvider: jwksKeyProvider(options),
        algorithms: [ACCESS_TOKEN_ALGORITHM],
        issuer: ACCESS_TOKEN_ISSUER,
        audience: ACCESS_TOKEN_AUDIENCE,
      });
    }

    validate(payload: unknown) {
      return validator.validate(payload);
    }

    onModuleDestroy(): void {
      passport.unuse(name);
    }
  }
  return new AccessTokenStrategy();
}
