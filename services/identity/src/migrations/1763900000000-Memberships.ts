import { customerRoles, events, invitableRoles, orgRoles } from '@portal/contracts';
import { OUTBOX_CHANNEL } from '@portal/events';
import type { MigrationInterface, QueryRunner } from 'typeorm';

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/** A timestamptz as the contracts' ISO datetimes (UTC, milliseconds, `Z`). */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Every customer without an organization gets one named after them, as sign-up creates it, with its
 * `portal.organizations.created` event. Set-based: one statement whatever the number of users.
 * Answers how many organizations it created.
 */
export async function giveOrganizationsToCustomersWithout(runner: QueryRunner): Promise<number> {
  const created = events.organizationCreated;
  const rows: unknown[] = await runner.query(
    `WITH orphans AS MATERIALIZED (
       SELECT u.id AS user_id, btrim(u.name) AS name, gen_random_uuid() AS organization_id
         FROM public_users u
        WHERE u.role IN (${list(customerRoles)}) AND u.organization_id IS NULL
          AND NOT EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = u.id)
     ), organizations_added AS (
       INSERT INTO organizations (id, name)
       SELECT organization_id, name FROM orphans
       RETURNING id, name, plan_id, timezone, created_at
     ), linked AS (
       UPDATE public_users u SET organization_id = o.organization_id
         FROM orphans o
        WHERE u.id = o.user_id
       RETURNING u.id
     )
     INSERT INTO outbox (id, subject, type, version, occurred_at, data)
     SELECT gen_random_uuid(), $1, $2, $3, now(),
            jsonb_build_object('organizationId', a.id, 'name', a.name, 'planId', a.plan_id,
                               'timezone', a.timezone, 'createdAt', ${iso('a.created_at')})
       FROM organizations_added a
     RETURNING id`,
    [created.subject, created.type, created.version],
  );
  return rows.length;
}

/**
 * Every customer with an organization and no membership at all becomes the `owner` of that
 * organization (the user as they were before organizations had members), each membership with its
 * own version from `membership_version_seq` and a `portal.memberships.changed` event with
 * `claimsLegacyData`, on which every service moves the user's rows to the organization. Staff get no
 * membership. Set-based and idempotent; answers how many memberships it created.
 */
export async function giveOwnerMembershipsToCustomers(runner: QueryRunner): Promise<number> {
  const changed = events.membershipChanged;
  const rows: unknown[] = await runner.query(
    `WITH candidates AS MATERIALIZED (
       SELECT u.id AS user_id, u.organization_id
         FROM public_users u
        WHERE u.role IN (${list(customerRoles)}) AND u.organization_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = u.id)
     ), added AS (
       INSERT INTO memberships (organization_id, user_id, role, version)
       SELECT organization_id, user_id, 'owner', nextval('membership_version_seq') FROM candidates
       ON CONFLICT DO NOTHING
       RETURNING organization_id, user_id, role, version, created_at
     )
     INSERT INTO outbox (id, subject, type, version, occurred_at, data)
     SELECT gen_random_uuid(), $1, $2, $3, now(),
            jsonb_build_object('organizationId', a.organization_id, 'userId', a.user_id, 'role', a.role,
                               'version', a.version, 'claimsLegacyData', true,
                               'changedAt', ${iso('a.created_at')})
       FROM added a
     RETURNING id`,
    [changed.subject, changed.type, changed.version],
  );
  return rows.length;
}

/** Both backfills, in order; a second run finds nothing to do. */
export async function backfillMemberships(
  runner: QueryRunner,
): Promise<{ organizations: number; memberships: number }> {
  const organizations = await giveOrganizationsToCustomersWithout(runner);
  const memberships = await giveOwnerMembershipsToCustomers(runner);
  // The relay wakes on commit for the rows just queued (it would find them at its next poll anyway).
  if (organizations + memberships > 0) await runner.query(`SELECT pg_notify('${OUTBOX_CHANNEL}', '')`);
  return { organizations, memberships };
}

/**
 * Organizations get members with a role each (ADR 0180, 0182): `memberships` (versioned from one
 * sequence, ADR 0181), `invitations` (mailed single-use links, of which only the SHA-256 is kept) and
 * `organization_audit` (who changed what in the team). Every existing customer becomes the owner of
 * an organization of their own.
 */
export class Memberships1763900000000 implements MigrationInterface {
  name = 'Memberships1763900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE SEQUENCE IF NOT EXISTS membership_version_seq');
    await runner.query(`
      CREATE TABLE IF NOT EXISTS memberships (
        organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES public_users (id) ON DELETE CASCADE,
        role varchar(32) NOT NULL CHECK (role IN (${list(orgRoles)})),
        version bigint NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (organization_id, user_id)
      )`);
    await runner.query('CREATE INDEX IF NOT EXISTS memberships_user_id_idx ON memberships (user_id)');

    await runner.query(`
      CREATE TABLE IF NOT EXISTS invitations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        email varchar(254) NOT NULL,
        email_key varchar(254) NOT NULL CHECK (email_key = lower(email)),
        role varchar(32) NOT NULL CHECK (role IN (${list(invitableRoles)})),
        token_hash char(64) NOT NULL UNIQUE,
        invited_by uuid NULL REFERENCES public_users (id) ON DELETE SET NULL,
        invited_by_name varchar(200) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        accepted_at timestamptz NULL,
        accepted_by uuid NULL REFERENCES public_users (id) ON DELETE SET NULL,
        revoked_at timestamptz NULL
      )`);
    // One pending invitation per email and organization (an expired one is pending until replaced).
    await runner.query(
      `CREATE UNIQUE INDEX IF NOT EXISTS invitations_pending_key ON invitations (organization_id, email_key)
        WHERE accepted_at IS NULL AND revoked_at IS NULL`,
    );
    // The invitations waiting for an email (sign-in joins them).
    await runner.query(
      `CREATE INDEX IF NOT EXISTS invitations_email_key_idx ON invitations (email_key)
        WHERE accepted_at IS NULL AND revoked_at IS NULL`,
    );

    await runner.query(`
      CREATE TABLE IF NOT EXISTS organization_audit (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        actor_user_id uuid NULL REFERENCES public_users (id) ON DELETE SET NULL,
        actor_name varchar(200) NULL,
        action varchar(64) NOT NULL,
        subject varchar(320) NOT NULL,
        summary text NOT NULL,
        at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(
      'CREATE INDEX IF NOT EXISTS organization_audit_page_idx ON organization_audit (organization_id, at DESC, id DESC)',
    );

    await backfillMemberships(runner);
  }

  /** The tables go; the organizations the backfill created stay (customers keep them). */
  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE IF EXISTS organization_audit');
    await runner.query('DROP TABLE IF EXISTS invitations');
    await runner.query('DROP TABLE IF EXISTS memberships');
    await runner.query('DROP SEQUENCE IF EXISTS membership_version_seq');
  }
}
