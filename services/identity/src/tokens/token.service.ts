import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { VerifiedTokens } from '@portal/auth';
import {
  API_ACCESS_TOKEN_AUDIENCE,
  API_ACCESS_TOKEN_LIFETIME_SECONDS,
  type ApiKeyScope,
  ACCESS_TOKEN_ALGORITHM,
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  type AccessTokenClaims,
  accessTokenClaimsSchema,
  MAX_ACCESS_TOKEN_LIFETIME_SECONDS,
  type OrgRole,
  type Role,
} from '@portal/contracts';
import { type JWK, jwtVerify, SignJWT } from 'jose';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { loadSigningKey, type SigningKey } from './signing-key';

export interface TokenSubject {
  userId: string;
  sessionId: string;
  role: Role;
  /** The one organization the token acts in; null for staff and a customer without one. */
  organizationId: string | null;
  /** The member's role in `organizationId` (null with it). */
  orgRole: OrgRole | null;
  /** The membership's version at issue (`mv`); 0 without an organization. */
  membershipVersion: number;
}

/** For whom an API token acts (the public API's key exchange, ADR 0200). */
export interface ApiTokenSubject {
  keyId: string;
  organizationId: string;
  scopes: readonly ApiKeyScope[];
  /** The member who created the key (`usr`). */
  userId: string;
  /** When the key itself stops working (a rolled key): the token never outlives it. */
  keyExpiresAt: Date | null;
}

/** Issues and verifies access tokens, and the public API's tokens; the only holder of the signing key. */
@Injectable()
export class TokenService implements OnModuleInit {
  private key!: SigningKey;
  private readonly verified = new VerifiedTokens<AccessTokenClaims>();

  constructor(@Inject(IDENTITY_CONFIG) private readonly config: Pick<IdentityConfig, 'auth'>) {}

  async onModuleInit(): Promise<void> {
    this.key = await loadSigningKey(this.config.auth.signingKeyPem);
  }

  get ttlSeconds(): number {
    return this.config.auth.tokenTtlSeconds;
  }

  sign(subject: TokenSubject, expiresAt: Date): Promise<string> {
    const org = subject.organizationId;
    return new SignJWT({
      sid: subject.sessionId,
      role: subject.role,
      org,
      orgRole: org ? subject.orgRole : null,
      mv: org ? subject.membershipVersion : 0,
    })
      .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, kid: this.key.kid, typ: 'JWT' })
      .setSubject(subject.userId)
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key.privateKey);
  }

  /**
   * An API token (`apiAccessTokenClaimsSchema`): ES256 with the access tokens' key and `kid`, audience
   * `portal-api` (so it is never an access token to `/api`), living API_ACCESS_TOKEN_LIFETIME_SECONDS
   * and never past the key's own end.
   */
  async signApiToken(
    subject: ApiTokenSubject,
    now = new Date(),
  ): Promise<{ token: string; expiresAt: Date }> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    let expires = issuedAt + API_ACCESS_TOKEN_LIFETIME_SECONDS;
    if (subject.keyExpiresAt) expires = Math.min(expires, Math.floor(subject.keyExpiresAt.getTime() / 1000));
    const token = await new SignJWT({
      org: subject.organizationId,
      scp: [...subject.scopes],
      usr: subject.userId,
    })
      .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, kid: this.key.kid, typ: 'JWT' })
      .setSubject(subject.keyId)
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(API_ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expires)
      .sign(this.key.privateKey);
    return { token, expiresAt: new Date(expires * 1000) };
  }

  /**
   * The token's claims when its signature, algorithm, issuer, audience and expiry hold and it lives no
   * longer than MAX_ACCESS_TOKEN_LIFETIME_SECONDS; else null.
   * A token string verified a moment ago is answered from memory (`VerifiedTokens`, until it expires):
   * the bytes are the ones whose signature held, and the ES256 check is most of the cost of
   * `GET /api/auth/me`.
   */
  async verify(token: string): Promise<AccessTokenClaims | null> {
    const known = this.verified.get(token);
    if (known) return known;
    const claims = await this.verifySignature(token);
    if (claims) this.verified.remember(token, claims);
    return claims;
  }

  private async verifySignature(token: string): Promise<AccessTokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key.publicKey, {
        algorithms: [ACCESS_TOKEN_ALGORITHM],
        issuer: ACCESS_TOKEN_ISSUER,
        audience: ACCESS_TOKEN_AUDIENCE,
        requiredClaims: ['sub', 'sid', 'exp', 'iat'],
      });
      const claims = accessTokenClaimsSchema.safeParse(payload);
      // The same bound as every other service (libs/auth): identity never issues a longer-lived token.
      if (!claims.success || claims.data.exp - claims.data.iat > MAX_ACCESS_TOKEN_LIFETIME_SECONDS)
        return null;
      return claims.data;
    } catch {
      return null;
    }
  }

  jwks(): { keys: JWK[] } {
    return { keys: [this.key.publicJwk] };
  }
}
