import { type DynamicModule, Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
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
 * `@CustomerOnly` or `@MemberCan`. `SessionRevocations` and `MembershipVersions` are exported for
 * health checks, in-process records and ending open streams.
 */
@Module({})
export class AuthModule {
  static forRoot(options: AuthOptions): DynamicModule {
    strategies += 1;
    const strategyName = `portal-access-token-${strategies}`;
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
      ],
      exports: [PassportModule, SessionRevocations, MembershipVersions],
    };
  }
}
