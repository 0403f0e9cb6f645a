import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Creates `outbox` (events written in the producer's transactions, waiting for the relay) and
 * `processed_events` (ids each consumer has handled, for idempotency). Call it from a service's
 * own migration, or list `CreateEventTables1763830000000` in its migrations.
 */
export async function createEventTables(runner: QueryRunner): Promise<void> {
  await runner.query(`
    CREATE TABLE outbox (
      id uuid PRIMARY KEY,
      seq bigint GENERATED ALWAYS AS IDENTITY,
      subject varchar(255) NOT NULL,
      type varchar(200) NOT NULL,
      version integer NOT NULL DEFAULT 1 CHECK (version > 0),
      occurred_at timestamptz NOT NULL DEFAULT now(),
      data jsonb NOT NULL,
      published_at timestamptz NULL,
      attempts integer NOT NULL DEFAULT 0,
      last_error text NULL
    )`);
  // The relay reads unpublished rows in commit order; the partial index stays as small as the backlog.
  await runner.query('CREATE INDEX outbox_unpublished_idx ON outbox (seq) WHERE published_at IS NULL');
  await runner.query(
    'CREATE INDEX outbox_published_at_idx ON outbox (published_at) WHERE published_at IS NOT NULL',
  );
  await runner.query(`
    CREATE TABLE processed_events (
      consumer varchar(200) NOT NULL,
      event_id uuid NOT NULL,
      processed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (consumer, event_id)
    )`);
}

/**
 * Adds `outbox.trace_context` (ADR 0210): the W3C trace context an event was written in, which the relay
 * sends as the message's `traceparent` header. Each producing service runs it from a migration of its own.
 */
export async function addOutboxTraceContext(runner: QueryRunner): Promise<void> {
  await runner.query('ALTER TABLE outbox ADD COLUMN trace_context jsonb NULL');
}

export async function dropOutboxTraceContext(runner: QueryRunner): Promise<void> {
  await runner.query('ALTER TABLE outbox DROP COLUMN IF EXISTS trace_context');
}

export async function dropEventTables(runner: QueryRunner): Promise<void> {
  await runner.query('DROP TABLE IF EXISTS processed_events');
  await runner.query('DROP TABLE IF EXISTS outbox');
}

export class CreateEventTables1763830000000 implements MigrationInterface {
  name = 'CreateEventTables1763830000000';

  up(runner: QueryRunner): Promise<void> {
    return createEventTables(runner);
  }

  down(runner: QueryRunner): Promise<void> {
    return dropEventTables(runner);
  }
}

/** `addOutboxTraceContext` as a migration, for a test's or a service's list after `CreateEventTables`. */
export class OutboxTraceContext1767000000000 implements MigrationInterface {
  name = 'OutboxTraceContext1767000000000';

  up(runner: QueryRunner): Promise<void> {
    return addOutboxTraceContext(runner);
  }

  down(runner: QueryRunner): Promise<void> {
    return dropOutboxTraceContext(runner);
  }
}
