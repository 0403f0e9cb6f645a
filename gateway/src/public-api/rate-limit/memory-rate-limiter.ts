import { decision, type RateLimiter, type RateLimitPolicy, type RateLimitDecision } from './rate-limiter';

/**
 * Counts in this process only: for a gateway with neither Redis nor a database (a single process on a
 * laptop). Each key keeps the times of the requests in its window, oldest first.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, number[]>();

  constructor(
    private readonly policy: RateLimitPolicy,
    private readonly now: () => number = Date.now,
  ) {}

  async hit(key: string): Promise<RateLimitDecision> {
    const now = this.now();
    const times = (this.windows.get(key) ?? []).filter((at) => at > now - this.policy.windowMs);
    const allowed = times.length < this.policy.limit;
    if (allowed) times.push(now);
    this.windows.set(key, times);
    return decision(this.policy, allowed, times.length, times[0] ?? now);
  }

  async close(): Promise<void> {
    this.windows.clear();
  }
}
