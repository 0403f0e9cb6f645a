import { createEventTables, dropEventTables } from '@portal/events';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables identity owns, plus its outbox and processed_events. */
export class InitialSchema1763840000000 implements MigrationInterface {
  name = 'InitialSchema1763840000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE organizations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(200) NOT NULL CHECK (btrim(name) <> ''),
        plan_id varchar(50) NOT NULL DEFAULT 'scale',
        timezone varchar(64) NOT NULL DEFAULT 'America/New_York',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    // role: one of the six roles, carried by the session's user for the role guards;
    // organization_id: the organization registration creates for the customer.
    await runner.query(`
      CREATE TABLE public_users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(200) NOT NULL CHECK (btrim(name) <> ''),
        email varchar(320) NOT NULL CHECK (position('@' IN email) > 1),
        password_hash text NULL,
        provider varchar(50) NOT NULL DEFAULT 'local',
        provider_id varchar(255) NULL,
        social_accounts jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(social_accounts) = 'array'),
        role varchar(32) NOT NULL DEFAULT 'customer'
          CHECK (role IN ('admin', 'super_admin', 'billing', 'crm_manager', 'user', 'customer')),
        organization_id uuid NULL REFERENCES organizations (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query('CREATE UNIQUE INDEX public_users_email_key ON public_users (lower(email))');
    await runner.query(
      'CREATE UNIQUE INDEX public_users_provider_key ON public_users (provider, provider_id) WHERE provider_id IS NOT NULL',
    );
    await runner.query('CREATE INDEX public_users_organization_id_idx ON public_users (organization_id)');

    await runner.query(`
      CREATE TABLE sessions (
        sid varchar(255) PRIMARY KEY,
        sess jsonb NOT NULL,
        expire timestamptz NOT NULL
      )`);
    await runner.query('CREATE INDEX sessions_expire_idx ON sessions (expire)');

    await runner.query(`
      CREATE TABLE features (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        code varchar(64) NOT NULL CHECK (code ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
        name varchar(120) NOT NULL,
        description text NOT NULL DEFAULT '',
        enabled boolean NOT NULL DEFAULT true,
        CONSTRAINT features_code_key UNIQUE (code)
      )`);

    await runner.query(`
      CREATE TABLE entitlements (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        org_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        feature_id uuid NOT NULL REFERENCES features (id) ON DELETE CASCADE,
        enabled boolean NOT NULL DEFAULT true,
        value jsonb NULL,
        CONSTRAINT entitlements_org_feature_key UNIQUE (org_id, feature_id)
      )`);
    await runner.query('CREATE INDEX entitlements_feature_id_idx ON entitlements (feature_id)');

    await createEventTables(runner);
  }

  async down(runner: QueryRunner): Promise<void> {
    await dropEventTables(runner);
    await runner.query('DROP TABLE entitlements');
    await runner.query('DROP TABLE features');
    await runner.query('DROP TABLE sessions');
    await runner.query('DROP TABLE public_users');
    await runner.query('DROP TABLE organizations');
  }
}
