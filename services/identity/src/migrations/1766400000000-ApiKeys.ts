import { apiKeyScopes } from '@portal/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/**
 * The public API's keys (issue 20, ADR 0200): only the SHA-256 of a key is kept (unique: the exchange
 * finds a key by it in one index probe), with the visible prefix, the scopes, who created it, its last
 * use, and its end (revoked, or `expires_at` after a roll's grace). The Developers page lists an
 * organization's keys newest first.
 */
export class ApiKeys1766400000000 implements MigrationInterface {
  name = 'ApiKeys1766400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE IF NOT EXISTS api_keys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        name varchar(80) NOT NULL,
        prefix varchar(32) NOT NULL,
        key_hash bytea NOT NULL CHECK (octet_length(key_hash) = 32),
        scopes text[] NOT NULL CHECK (cardinality(scopes) > 0 AND scopes <@ ARRAY[${list(apiKeyScopes)}]::text[]),
        created_by uuid NULL REFERENCES public_users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz NULL,
        expires_at timestamptz NULL,
        revoked_at timestamptz NULL,
        rolled_from_id uuid NULL REFERENCES api_keys (id) ON DELETE SET NULL
      )`);
    await runner.query('CREATE UNIQUE INDEX IF NOT EXISTS api_keys_key_hash_key ON api_keys (key_hash)');
    await runner.query(
      'CREATE INDEX IF NOT EXISTS api_keys_organization_idx ON api_keys (organization_id, created_at DESC, id DESC)',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE IF EXISTS api_keys');
  }
}
