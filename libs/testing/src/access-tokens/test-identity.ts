import type { ApiAccessTokenClaims } from '@portal/contracts';
import {
  apiTokenClaimsFor,
  type Claims,
  claimsFor,
  createTestKey,
  signApiToken,
  signToken,
} from './test-keys';
import { JwksServer } from './jwks-server';

/** Who a test token speaks for. */
export interface SignedInUser {
  id: string;
  sessionId: string;
  organizationId: string | null;
  orgRole: Claims['orgRole'];
  /** The token's `mv`: a membership change with a higher version makes the token stale. */
  membershipVersion: number;
  token: string;
}

/** A signed API token and its claims. */
export interface ApiTokenOf {
  claims: ApiAccessTokenClaims;
  token: string;
}

/**
 * identity as the other services see it in tests: its JWKS (of a test key) at `baseUrl`, to hand a
 * service as IDENTITY_URL, and real ES256 tokens signed with that key.
 */
export class TestIdentity {
  private constructor(
    private readonly key: Awaited<ReturnType<typeof createTestKey>>,
    private readonly jwks: JwksServer,
  ) {}

  static async start(kid: string): Promise<TestIdentity> {
    const key = await createTestKey(kid);
    const jwks = new JwksServer([key.jwk]);
    await jwks.start();
    return new TestIdentity(key, jwks);
  }

  /** identity's base URL, as a service's IDENTITY_URL. */
  get baseUrl(): string {
    return this.jwks.baseUrl;
  }

  /** A fresh token of a new user (a customer unless `role` says otherwise); `claims` override any claim. */
  async signIn(role = 'customer', claims: Partial<Claims> = {}): Promise<SignedInUser> {
    const signed = claimsFor({ ...claims, role });
    return {
      id: signed.sub,
      sessionId: signed.sid,
      organizationId: signed.org,
      orgRole: signed.orgRole,
      membershipVersion: signed.mv,
      token: await signToken(this.key, signed),
    };
  }

  /**
   * An API token as identity mints one for the gateway (`portal-api`): a new key of a new organization
   * with every scope unless `claims` say otherwise; `claims` holds what it was signed with.
   */
  async apiToken(overrides: Partial<ApiAccessTokenClaims> = {}): Promise<ApiTokenOf> {
    const claims = apiTokenClaimsFor(overrides);
    return { claims, token: await signApiToken(this.key, claims) };
  }

  stop(): Promise<void> {
    return this.jwks.stop();
  }
}
