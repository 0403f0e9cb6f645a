import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { decision, type RateLimiter, type RateLimitPolicy, type RateLimitDecision } from './rate-limiter';

// One round trip, atomic: drop what left the window, count, add this request when there is room, and
// read the oldest still counted. Redis's own clock, so replicas with skewed clocks count alike.
const slidingWindowScript = `
local now = redis.call('TIME')
local nowMs = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local windowMs = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', nowMs - windowMs)
local count = redis.call('ZCARD', KEYS[1])
local allowed = 0
if count < limit then
  redis.call('ZADD', KEYS[1], nowMs, nowMs .. '-' .. ARGV[3])
  count = count + 1
  allowed = 1
end
redis.call('PEXPIRE', KEYS[1], windowMs)
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
local oldestMs = nowMs
if oldest[2] then oldestMs = tonumber(oldest[2]) end
return { allowed, count, oldestMs }
`;

type SlidingWindowClient = Redis & {
  slidingWindow(
    key: string,
    windowMs: number,
    limit: number,
    member: string,
  ): Promise<[number, number, number]>;
};

/** The counts in Redis (`REDIS_URL`): one sorted set per key, `<prefix><key>`, expiring with the window. */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: SlidingWindowClient;

  constructor(
    url: string,
    private readonly policy: RateLimitPolicy,
    private readonly keyPrefix = 'portal:v1:ratelimit:',
  ) {
    const redis = new Redis(url, {
      // A request waits for Redis at most this long; the caller decides what a failure means.
      commandTimeout: 500,
      maxRetriesPerRequest: 1,
    });
    // Reconnection is ioredis's own; a refused connection must not end the process.
    redis.on('error', () => undefined);
    redis.defineCommand('slidingWindow', { numberOfKeys: 1, lua: slidingWindowScript });
    this.redis = redis as SlidingWindowClient;
  }

  async hit(key: string): Promise<RateLimitDecision> {
    // While Redis is away, fail at once rather than hold every request for the command timeout.
    if (this.redis.status !== 'ready') throw new Error(`Redis is ${this.redis.status}`);
    const member = randomBytes(6).toString('base64url');
    const [allowed, count, oldestMs] = await this.redis.slidingWindow(
      this.keyPrefix + key,
      this.policy.windowMs,
      this.policy.limit,
      member,
    );
    return decision(this.policy, allowed === 1, count, oldestMs);
  }

  /** Whether the connection to Redis is up. */
  ready(): boolean {
    return this.redis.status === 'ready';
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
