/** Where a key stands in its sliding window after a request was counted (or refused). */
export interface RateLimitDecision {
  /** False when the window is full: the request is refused and not counted. */
  allowed: boolean;
  limit: number;
  /** Requests left in the window after this one. */
  remaining: number;
  /** Unix seconds when the oldest counted request leaves the window, freeing a request. */
  resetAt: number;
}

/**
 * A sliding-window log per key: a request is allowed while fewer than `limit` were counted in the
 * `windowMs` before it. Every gateway process and replica must see the same counts (Redis, else
 * PostgreSQL); the in-memory one counts for one process only.
 */
export interface RateLimiter {
  hit(key: string): Promise<RateLimitDecision>;
  close(): Promise<void>;
}

export interface RateLimitPolicy {
  limit: number;
  windowMs: number;
}

/** The decision for `count` requests in the window after this one, the oldest counted at `oldestMs`. */
export function decision(
  policy: RateLimitPolicy,
  allowed: boolean,
  count: number,
  oldestMs: number,
): RateLimitDecision {
  return {
    allowed,
    limit: policy.limit,
    remaining: Math.max(policy.limit - count, 0),
    resetAt: Math.ceil((oldestMs + policy.windowMs) / 1000),
  };
}
