import { Pool } from 'pg';
import { decision, type RateLimiter, type RateLimitPolicy, type RateLimitDecision } from './rate-limiter';

/** The counts in the gateway's PostgreSQL database (`rate_limit_hit`, migrated at start), when there is no Redis. */
export class PostgresRateLimiter implements RateLimiter {
  private readonly pool: Pool;

  constructor(
    databaseUrl: string,
    private readonly policy: RateLimitPolicy,
  ) {
    this.pool = new Pool({
      connectionString: databaseUrl,
      max: 4,
      application_name: 'gateway',
      connectionTimeoutMillis: 1000,
      query_timeout: 1000,
    });
    // An idle connection that drops is replaced on the next query; it must not end the process.
    this.pool.on('error', () => undefined);
  }

  async hit(key: string): Promise<RateLimitDecision> {
    const { rows } = await this.pool.query<{ allowed: boolean; hits: number; oldest_ms: number }>({
      name: 'rate_limit_hit',
      text: 'SELECT allowed, hits, oldest_ms FROM rate_limit_hit($1, $2, $3)',
      values: [key, this.policy.limit, this.policy.windowMs],
    });
    const row = rows[0]!;
    return decision(this.policy, row.allowed, row.hits, row.oldest_ms);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
