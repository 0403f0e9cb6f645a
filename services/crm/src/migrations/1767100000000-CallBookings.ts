import type { MigrationInterface, QueryRunner } from 'typeorm';

const KINDS_BEFORE = "'contact:address', 'contact:email', 'newsletter:address'";
const KINDS_AFTER =
  "'contact:address', 'contact:email', 'newsletter:address', 'booking:address', 'booking:email'";

/**
 * The company's own booking (ADR 0232): the slots staff publish (no two overlap) and the calls booked
 * in them. A slot holds at most one confirmed booking, enforced by a partial unique index, so two
 * visitors racing for it cannot both win; the manage link's token is kept only as its SHA-256.
 */
export class CallBookings1767100000000 implements MigrationInterface {
  name = 'CallBookings1767100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE booking_slots (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        starts_at timestamptz NOT NULL,
        ends_at timestamptz NOT NULL,
        created_by uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT booking_slots_duration_check
          CHECK (ends_at - starts_at BETWEEN interval '15 minutes' AND interval '240 minutes'),
        CONSTRAINT booking_slots_no_overlap EXCLUDE USING gist (tstzrange(starts_at, ends_at) WITH &&)
      )`);
    await runner.query(`
      CREATE TABLE call_bookings (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        slot_id uuid NULL REFERENCES booking_slots (id) ON DELETE SET NULL,
        status varchar(20) NOT NULL CHECK (status IN ('confirmed', 'cancelled')),
        starts_at timestamptz NOT NULL,
        ends_at timestamptz NOT NULL,
        name varchar(200) NOT NULL,
        email varchar(320) NOT NULL,
        company varchar(200) NULL,
        phone varchar(40) NULL,
        note varchar(2000) NULL,
        token_hash bytea NOT NULL,
        sequence integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        cancelled_at timestamptz NULL,
        CONSTRAINT call_bookings_token_hash_key UNIQUE (token_hash),
        CONSTRAINT call_bookings_confirmed_has_slot CHECK (status <> 'confirmed' OR slot_id IS NOT NULL)
      )`);
    await runner.query(
      `CREATE UNIQUE INDEX call_bookings_one_per_slot ON call_bookings (slot_id) WHERE status = 'confirmed'`,
    );
    await runner.query('CREATE INDEX call_bookings_starts_at ON call_bookings (starts_at)');
    await setAttemptKinds(runner, KINDS_AFTER);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DELETE FROM lead_attempts WHERE kind LIKE 'booking:%'`);
    await setAttemptKinds(runner, KINDS_BEFORE);
    await runner.query('DROP TABLE call_bookings');
    await runner.query('DROP TABLE booking_slots');
  }
}

async function setAttemptKinds(runner: QueryRunner, kinds: string): Promise<void> {
  await runner.query('ALTER TABLE lead_attempts DROP CONSTRAINT lead_attempts_kind_check');
  await runner.query(
    `ALTER TABLE lead_attempts ADD CONSTRAINT lead_attempts_kind_check CHECK (kind IN (${kinds}))`,
  );
}
