import { type DynamicModule, Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { API_ACCESS_TOKEN_AUDIENCE } from '@portal/contracts';
import { API_TOKEN_STRATEGY, ApiKeyGuard } from './api-key.guard';
import { ApiTokenValidator } from './api-token.validator';
import { createAccessTokenStrategy } from './access-token.strategy';
import { AccessTokenValidator } from './access-token.validator';
import { AUTH_OPTIONS, type AuthOptions, resolveAuthOptions } from './auth-options';
import { JwksKeyStore } from './jwks-key-store';
import { MembershipVersions } from './membership-versions';
import { SessionRevocations } from './session-revocations';

let strategies = 0;

/**
 * Access-token verification for a service: import `AuthModule.forRoot({ jwksUrl, natsUrl })` once in
 * the root module (it is global), then guard routes with `JwtAuthGuard`, `@Roles`, `@StaffOnly` or
 * `@CustomerOnly` or `@MemberCan`, and the public API's routes with `@ApiScopes` (`ApiKeyGuard`: the
 * API tokens the gateway mints from customers' API keys, audience `portal-api`, verified with the
 * same key store; never a member's token). `SessionRevocations` and `MembershipVersions` are exported for
 * health checks, in-process records and ending open streams.
 */
@Module({})
export class AuthModule {
  static forRoot(options: AuthOptions): DynamicModule {
    strategies += 1;
    const strategyName = `portal-access-token-${strategies}`;
    const apiStrategyName = `portal-api-token-${strategies}`;
    return {
      module: AuthModule,
      global: true,
      imports: [PassportModule.register({ defaultStrategy: strategyName, session: false })],
      providers: [
        { provide: AUTH_OPTIONS, useValue: resolveAuthOptions(options) },
        SessionRevocations,
        MembershipVersions,
        JwksKeyStore,
        AccessTokenValidator,
        {
          provide: 'AccessTokenStrategy',
          useFactory: (keys: JwksKeyStore, validator: AccessTokenValidator) =>
            createAccessTokenStrategy(strategyName, keys, validator),
          inject: [JwksKeyStore, AccessTokenValidator],
        },
        ApiTokenValidator,
        { provide: API_TOKEN_STRATEGY, useValue: apiStrategyName },
        {
          provide: 'ApiTokenStrategy',
          useFactory: (keys: JwksKeyStore, validator: ApiTokenValidator) =>
            createAccessTokenStrategy(apiStrategyName, keys, validator, API_ACCESS_TOKEN_AUDIENCE),
          inject: [JwksKeyStore, ApiTokenValidator],
        },
        ApiKeyGuard,
      ],
      exports: [PassportModule, SessionRevocations, MembershipVersions, API_TOKEN_STRATEGY, ApiKeyGuard],
    };
  }
}
