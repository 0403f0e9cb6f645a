import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * CRM and dialer integrations (`integrations`: the spec's fields plus the customer's organisation, a
 * name, an optional outbound webhook URL and the secret inbound events are signed with) and the
 * inbound events received from them, each kept once by its natural id.
 */
export class Integrations1764100000000 implements MigrationInterface {
  name = 'Integrations1764100000000';

  async up(runner: QueryRunner): Promise<void> {
    // access_token, refresh_token and signing_secret hold only sealed values (`v1.<iv>.<tag>.<data>`
    // of @portal/auth's SecretBox), so a plaintext secret cannot be written by mistake.
    await runner.query(`
      CREATE TABLE integrations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        customer_id uuid NOT NULL,
        organization_id uuid NULL,
        type varchar(20) NOT NULL
          CHECK (type IN ('hubspot', 'salesforce', 'zoho', 'twilio', 'dialpad', 'ringcentral')),
        name varchar(100) NOT NULL CHECK (btrim(name) <> ''),
        access_token text NOT NULL CHECK (access_token ~ '^v[0-9]+\\.'),
        refresh_token text NULL CHECK (refresh_token ~ '^v[0-9]+\\.'),
        webhook_url varchar(2000) NULL,
        signing_secret text NOT NULL CHECK (signing_secret ~ '^v[0-9]+\\.'),
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // A customer's integrations, newest first.
    await runner.query(
      'CREATE INDEX integrations_customer_id_created_at_idx ON integrations (customer_id, created_at DESC)',
    );

    // external_id is the event's own id (call_id, lead_id): a redelivered event is a conflict.
    await runner.query(`
      CREATE TABLE integration_events (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        integration_id uuid NOT NULL REFERENCES integrations (id) ON DELETE CASCADE,
        customer_id uuid NOT NULL,
        type varchar(40) NOT NULL,
        external_id varchar(200) NOT NULL,
        occurred_at timestamptz NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        payload jsonb NOT NULL,
        CONSTRAINT integration_events_integration_id_type_external_id_key
          UNIQUE (integration_id, type, external_id)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE integration_events');
    await runner.query('DROP TABLE integrations');
  }
}
