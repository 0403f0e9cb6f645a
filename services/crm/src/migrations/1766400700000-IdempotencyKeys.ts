import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The first answer of a `POST /v1/webhook_endpoints` per organization and `Idempotency-Key`, replayed
 * to a retry for 24 hours (`IdempotencyService` of @portal/nest-http, as support keeps its tickets').
 */
export class IdempotencyKeys1766400700000 implements MigrationInterface {
  name = 'IdempotencyKeys1766400700000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE idempotency_keys (
        organization_id uuid NOT NULL,
        key varchar(255) NOT NULL,
        request_hash char(64) NOT NULL,
        status_code smallint NOT NULL,
        response jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (organization_id, key)
      )`);
    await runner.query('CREATE INDEX idempotency_keys_created_at_idx ON idempotency_keys (created_at)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE idempotency_keys');
  }
}
