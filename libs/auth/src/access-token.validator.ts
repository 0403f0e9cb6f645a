import { Inject, Injectable, type OnModuleInit, UnauthorizedException } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { accessTokenClaimsSchema, teamMessages } from '@portal/contracts';
import { authMessages } from './auth-errors';
import { AUTH_OPTIONS, type ResolvedAuthOptions } from './auth-options';
import type { AuthenticatedUser } from './authenticated-user';
import { MembershipVersions } from './membership-versions';
import { SESSION_CHECK, type SessionCheck } from './session-check';
import { SessionRevocations } from './session-revocations';

/**
 * Turns the payload of a token whose signature, algorithm, issuer, audience and expiry passport-jwt
 * has verified into the request's user: the claims must match the contract, the token must not
 * outlive `maxTokenLifetimeSeconds` (the revocation replay relies on it), its session must be neither
 * revoked nor refused by the service's own `SessionCheck`, and its membership version (`mv`) must not
 * be below the last one published for the member.
 */
@Injectable()
export class AccessTokenValidator implements OnModuleInit {
  private sessionCheck?: SessionCheck;

  constructor(
    @Inject(AUTH_OPTIONS) private readonly options: ResolvedAuthOptions,
    private readonly revocations: SessionRevocations,
    private readonly memberships: MembershipVersions,
    private readonly moduleRef: ModuleRef,
  ) {}

  onModuleInit(): void {
    try {
      this.sessionCheck = this.moduleRef.get<SessionCheck>(SESSION_CHECK, { strict: false });
    } catch {
      // The service binds no SessionCheck: revocations alone decide.
    }
  }

  async validate(payload: unknown): Promise<AuthenticatedUser> {
    const claims = accessTokenClaimsSchema.safeParse(payload);
    if (!claims.success || claims.data.exp - claims.data.iat > this.options.maxTokenLifetimeSeconds) {
      throw new UnauthorizedException(authMessages.invalidToken);
    }
    const { sub, sid, role, org, orgRole, mv } = claims.data;
    const user: AuthenticatedUser = {
      id: sub,
      sessionId: sid,
      role,
      organizationId: org,
      orgRole: org ? orgRole : null,
      membershipVersion: mv,
    };
    if (this.revocations.isRevoked(sid)) throw new UnauthorizedException(authMessages.sessionEnded);
    // Issued before the member's role changed or the member was removed: the front end asks identity
    // for a fresh token (POST /api/auth/token) on this message and retries once.
    if (this.memberships.isStale(user)) throw new UnauthorizedException(teamMessages.membershipChanged);
    if (this.sessionCheck && !(await this.sessionCheck.isSessionActive(user))) {
      throw new UnauthorizedException(authMessages.sessionEnded);
    }
    return user;
  }
}
