/** How long a verified signature is trusted without checking it again: a key identity withdraws stops working within it. */
const TRUST_MS = 60_000;
const MAX_ENTRIES = 10_000;

/**
 * Access tokens whose signature, algorithm, issuer and audience were verified, by their exact text,
 * with their payload: checking an ES256 signature again on each request of the same token was a
 * seventh of a service's time on a busy list route (ADR 0198), and half of identity's on
 * `GET /api/auth/me` (ADR 0030). An entry answers until the token
 * expires (its `exp`, as jsonwebtoken reads it) or `TRUST_MS` after it was verified, whichever comes
 * first; the payload still goes through the validator (revocations, membership) every time.
 */
export class VerifiedTokens<Payload = unknown> {
  private readonly entries = new Map<string, { payload: Payload; until: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The payload `token` was verified with, while it is trusted; undefined otherwise. */
  get(token: string): Payload | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (this.now() < entry.until) return entry.payload;
    this.entries.delete(token);
    return undefined;
  }

  /** Remembers `token`, just verified, with its payload (one without a numeric `exp` is not kept). */
  remember(token: string, payload: Payload): void {
    const exp = (payload as { exp?: unknown } | null)?.exp;
    if (typeof exp !== 'number') return;
    const now = this.now();
    const until = Math.min(exp * 1000, now + TRUST_MS);
    if (until <= now) return;
    this.entries.delete(token);
    // Map keeps insertion order: the oldest entry goes first when full.
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { payload, until });
  }
}
