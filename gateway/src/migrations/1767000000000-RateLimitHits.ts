import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The /v1 rate limit's counts when the gateway has no Redis: one row per request counted, per key,
 * in the sliding window. `rate_limit_hit` decides and counts in one call, serialised per key by a
 * transaction-scoped advisory lock, so every replica sees the same count.
 */
export class RateLimitHits1767000000000 implements MigrationInterface {
  name = 'RateLimitHits1767000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE rate_limit_hits (
        id bigserial PRIMARY KEY,
        key text NOT NULL,
        at timestamptz NOT NULL
      )`);
    await runner.query('CREATE INDEX rate_limit_hits_key_at_idx ON rate_limit_hits (key, at)');
    await runner.query(`
      CREATE FUNCTION rate_limit_hit(p_key text, p_limit integer, p_window_ms bigint)
      RETURNS TABLE (allowed boolean, hits integer, oldest_ms double precision)
      LANGUAGE plpgsql AS $$
      DECLARE
        v_now timestamptz := clock_timestamp();
        v_since timestamptz := v_now - p_window_ms * interval '1 millisecond';
        v_oldest timestamptz;
      BEGIN
        PERFORM pg_advisory_xact_lock(hashtextextended('rate_limit_hit:' || p_key, 0));
        DELETE FROM rate_limit_hits WHERE key = p_key AND at <= v_since;
        SELECT count(*), min(at) INTO hits, v_oldest FROM rate_limit_hits WHERE key = p_key;
        allowed := hits < p_limit;
        IF allowed THEN
          INSERT INTO rate_limit_hits (key, at) VALUES (p_key, v_now);
          hits := hits + 1;
        END IF;
        oldest_ms := extract(epoch FROM coalesce(v_oldest, v_now)) * 1000;
        RETURN NEXT;
      END $$`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP FUNCTION IF EXISTS rate_limit_hit(text, integer, bigint)');
    await runner.query('DROP TABLE IF EXISTS rate_limit_hits');
  }
}
