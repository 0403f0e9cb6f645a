import { events, JWKS_PATH, MAX_ACCESS_TOKEN_LIFETIME_SECONDS } from '@portal/contracts';
import { DEFAULT_STREAM, type StreamOptions } from '@portal/events';

export interface AuthOptions {
  /** identity's JWKS, e.g. `identityJwksUrl(process.env.IDENTITY_URL)`. */
  jwksUrl: string;
  /**
   * NATS with JetStream, to learn of sign-outs and membership changes in other processes. Without it
   * a service knows only those recorded in its own process (`SessionRevocations.revoke`,
   * `MembershipVersions.record`).
   */
  natsUrl?: string;
  /**
   * The longest an access token may live (`exp - iat`); longer tokens are refused. On start-up,
   * revocations are replayed from this far back. Default 8 hours.
   */
  maxTokenLifetimeSeconds?: number;
  /** The JWKS is refetched in the background this often (a failed refetch keeps the keys); default 5 min. */
  jwksRefreshIntervalMs?: number;
  /**
   * A token naming a key not in the set refetches the JWKS at most this often (one refetch shared by
   * every unknown `kid`); a key newly published by identity is accepted within it. Default 30 s.
   */
  jwksUnknownKidRefreshIntervalMs?: number;
  /** Time to wait for the JWKS; default 2 s. */
  jwksTimeoutMs?: number;
  /**
   * How long start-up waits for the replay of earlier revocations (and, separately, of earlier
   * membership changes); default 5 s.
   */
  revocationReplayTimeoutMs?: number;
  /**
   * Stream holding the revocations and the membership changes; default `PORTAL` (tests use a stream
   * of their own).
   */
  revocationStream?: StreamOptions;
  /** Subject of the revocation events; default `portal.sessions.revoked`. */
  revocationSubject?: string;
  /** Subject of the membership changes (`MembershipVersions`); default `portal.memberships.changed`. */
  membershipSubject?: string;
}

export type ResolvedAuthOptions = Required<Omit<AuthOptions, 'natsUrl'>> & Pick<AuthOptions, 'natsUrl'>;

export const AUTH_OPTIONS = Symbol('AUTH_OPTIONS');

export const DEFAULT_MAX_TOKEN_LIFETIME_SECONDS = MAX_ACCESS_TOKEN_LIFETIME_SECONDS;

export function resolveAuthOptions(options: AuthOptions): ResolvedAuthOptions {
  return {
    jwksUrl: options.jwksUrl,
    natsUrl: options.natsUrl,
    maxTokenLifetimeSeconds: options.maxTokenLifetimeSeconds ?? DEFAULT_MAX_TOKEN_LIFETIME_SECONDS,
    jwksRefreshIntervalMs: options.jwksRefreshIntervalMs ?? 5 * 60_000,
    jwksUnknownKidRefreshIntervalMs: options.jwksUnknownKidRefreshIntervalMs ?? 30_000,
    jwksTimeoutMs: options.jwksTimeoutMs ?? 2000,
    revocationReplayTimeoutMs: options.revocationReplayTimeoutMs ?? 5000,
    revocationStream: options.revocationStream ?? DEFAULT_STREAM,
    revocationSubject: options.revocationSubject ?? events.sessionRevoked.subject,
    membershipSubject: options.membershipSubject ?? events.membershipChanged.subject,
  };
}

/** The JWKS URL of identity at `identityUrl` (e.g. `http://127.0.0.1:3101`). */
export function identityJwksUrl(identityUrl: string): string {
  return new URL(JWKS_PATH, identityUrl).toString();
}
