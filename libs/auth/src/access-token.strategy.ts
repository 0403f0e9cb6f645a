import type { OnApplicationShutdown } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ACCESS_TOKEN_ALGORITHM, ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '@portal/contracts';
import { decodeProtectedHeader } from 'jose';
import passport from 'passport';
import { type SecretOrKeyProvider, Strategy } from 'passport-jwt';
import { bearerToken } from './bearer-token';
import type { JwksKeyStore } from './jwks-key-store';
import { VerifiedTokens } from './verified-tokens';

type Request = Parameters<Strategy['authenticate']>[0];

/**
 * The public key named by the token's `kid`, from the JwksKeyStore. No key (unknown kid, no kid)
 * leaves passport-jwt without one, a 401; a key set never read is a JwksUnavailableError (503).
 */
function jwksKeyProvider(keys: JwksKeyStore): SecretOrKeyProvider {
  const provide = (_request: unknown, rawJwtToken: string, done: (error: unknown, key?: unknown) => void) => {
    keys.keyFor(kidOf(rawJwtToken)).then(
      (key) => done(null, key ?? undefined),
      (error: unknown) => done(error),
    );
  };
  // jsonwebtoken takes a KeyObject (and skips parsing a PEM on every token); the typings say string.
  return provide as SecretOrKeyProvider;
}

function kidOf(rawJwtToken: string): string | undefined {
  try {
    return decodeProtectedHeader(rawJwtToken).kid;
  } catch {
    return undefined;
  }
}

/** Turns a verified token's payload into what the request carries (`request.user`, the API caller). */
export interface TokenPayloadValidator {
  validate(payload: unknown): Promise<unknown>;
}

/**
 * A passport-jwt strategy registered under `name`: one name per AuthModule, so several apps in one
 * process (tests) never share passport's global strategy registry. ES256 only (so `alg: none` and
 * HS256 signed with the public key fail), issuer and `audience` checked (the members' access tokens
 * `portal`, the public API's tokens `portal-api`: neither is ever taken for the other), then
 * `validator`. A token verified a moment ago skips the signature check (`VerifiedTokens`, one cache
 * per strategy, so per audience), never the validator.
 */
export function createAccessTokenStrategy(
  name: string,
  keys: JwksKeyStore,
  validator: TokenPayloadValidator,
  audience: string = ACCESS_TOKEN_AUDIENCE,
) {
  const verified = new VerifiedTokens();

  class AccessTokenStrategy extends PassportStrategy(Strategy, name) implements OnApplicationShutdown {
    constructor() {
      super({
        jwtFromRequest: bearerToken,
        secretOrKeyProvider: jwksKeyProvider(keys),
        algorithms: [ACCESS_TOKEN_ALGORITHM],
        issuer: ACCESS_TOKEN_ISSUER,
        audience,
        passReqToCallback: true,
      });
    }

    override authenticate(request: Request, options?: object): void {
      const token = bearerToken(request);
      const payload = token === null ? undefined : verified.get(token);
      if (payload === undefined) return super.authenticate(request, options);
      validator.validate(payload).then(
        (user) => this.success(user),
        (error: unknown) => this.error(error as Error),
      );
    }

    /** Called by passport-jwt once the token's signature and claims are verified. */
    validate(request: Request, payload: unknown) {
      verified.remember(bearerToken(request)!, payload);
      return validator.validate(payload);
    }

    /** After the listener closed: a request still in flight at shutdown is authenticated as usual. */
    onApplicationShutdown(): void {
      passport.unuse(name);
    }
  }
  return new AccessTokenStrategy();
}
