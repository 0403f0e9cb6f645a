import { randomUUID } from 'node:crypto';
import { createMigratedTestDatabase, type MigratedTestDatabase, sleep, waitFor } from '@portal/testing';
import { gatewayMigrations } from '../../migrations';
import { MemoryRateLimiter } from './memory-rate-limiter';
import { PostgresRateLimiter } from './postgres-rate-limiter';
import type { RateLimiter, RateLimitPolicy } from './rate-limiter';
import { RedisRateLimiter } from './redis-rate-limiter';

const redisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** Three requests in any 1.5 s. */
const policy: RateLimitPolicy = { limit: 3, windowMs: 1500 };

type Pair = { first: RateLimiter; second: RateLimiter };

describe.each([
  [
    'Redis',
    async (): Promise<Pair & { close(): Promise<void> }> => {
      const prefix = `test:${randomUUID()}:`;
      const first = new RedisRateLimiter(redisUrl, policy, prefix);
      const second = new RedisRateLimiter(redisUrl, policy, prefix);
      await waitFor(async () => first.ready() && second.ready(), 'Redis connected');
      return { first, second, close: async () => void (await Promise.all([first.close(), second.close()])) };
    },
  ],
  [
    'PostgreSQL',
    async (): Promise<Pair & { close(): Promise<void> }> => {
      const database: MigratedTestDatabase = await createMigratedTestDatabase('gateway_limits', {
        migrations: gatewayMigrations,
      });
      const first = new PostgresRateLimiter(database.database.url, policy);
      const second = new PostgresRateLimiter(database.database.url, policy);
      return {
        first,
        second,
        close: async () => {
          await Promise.all([first.close(), second.close()]);
          await database.close();
        },
      };
    },
  ],
])('the %s rate limiter, shared by two gateway processes', (_name, open) => {
  let limiters: Awaited<ReturnType<typeof open>>;

  beforeAll(async () => {
    limiters = await open();
  });
  afterAll(() => limiters.close());

  it('counts both processes in one sliding window per key, refusing the request after the limit', async () => {
    const key = randomUUID();
    const { first, second } = limiters;
    const started = Math.floor(Date.now() / 1000);
    const answers = [
      await first.hit(key),
      await second.hit(key),
      await first.hit(key),
      await second.hit(key),
    ];
    expect(answers.map(({ allowed, remaining, limit }) => ({ allowed, remaining, limit }))).toEqual([
      { allowed: true, remaining: 2, limit: 3 },
      { allowed: true, remaining: 1, limit: 3 },
      { allowed: true, remaining: 0, limit: 3 },
      { allowed: false, remaining: 0, limit: 3 },
    ]);
    // The window frees a request when the first one counted leaves it: 1.5 s after it.
    expect(answers[3]!.resetAt).toBeGreaterThanOrEqual(started + 1);
    expect(answers[3]!.resetAt).toBeLessThanOrEqual(started + 3);
    // Another key has its own window.
    expect((await first.hit(randomUUID())).remaining).toBe(2);
  });

  it('frees requests as they leave the window, not all at once', async () => {
    const key = randomUUID();
    const { first, second } = limiters;
    await first.hit(key);
    await sleep(600);
    await second.hit(key);
    await first.hit(key);
    expect((await second.hit(key)).allowed).toBe(false);
    // 1.5 s after the first request only it has left: one request is free again, not three.
    await sleep(1000);
    expect(await first.hit(key)).toMatchObject({ allowed: true, remaining: 0 });
    expect((await second.hit(key)).allowed).toBe(false);
  });

  it('never lets more than the limit through when requests race', async () => {
    const key = randomUUID();
    const { first, second } = limiters;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => (index % 2 ? first : second).hit(key)),
    );
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(3);
  });
});

describe('the in-memory rate limiter', () => {
  it('counts a sliding window on the clock it is given', async () => {
    let now = 10_000;
    const limiter = new MemoryRateLimiter(policy, () => now);
    for (let i = 0; i < 3; i++) expect((await limiter.hit('k')).allowed).toBe(true);
    expect(await limiter.hit('k')).toEqual({ allowed: false, limit: 3, remaining: 0, resetAt: 12 });
    now += 1500;
    expect(await limiter.hit('k')).toMatchObject({ allowed: true, remaining: 2 });
  });
});
