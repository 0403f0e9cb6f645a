import { createAttemptsTable } from '@portal/db';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Live chat (ADR 0236):
 * - `chats`: one customer conversation, owned by the organization the starting member acted in;
 *   `waiting` → `active` (with `staff_id`) → `closed`, or `converted` into `ticket_id`. The customer's
 *   history pages on (organization_id, created_at); the staff list reads the open ones on a partial index.
 * - `chat_messages`: the conversation, ordered by `position` (a sequence: two messages of one
 *   millisecond keep their order).
 * - `chat_presence`: the staff whose console said it was open lately (`last_seen_at`), shared by every
 *   replica; a row older than 45 s is offline.
 * - `chat_attempts`: the per-user message limit.
 */
export class LiveChat1767600000000 implements MigrationInterface {
  name = 'LiveChat1767600000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE chats (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL,
        customer_id uuid NOT NULL,
        state varchar(16) NOT NULL CHECK (state IN ('waiting', 'active', 'closed', 'converted')),
        staff_id uuid,
        ticket_id uuid REFERENCES tickets (id) ON DELETE SET NULL,
        preview varchar(200) NOT NULL,
        created_at timestamptz NOT NULL,
        accepted_at timestamptz,
        closed_at timestamptz,
        last_message_at timestamptz NOT NULL,
        CHECK (state <> 'active' OR staff_id IS NOT NULL),
        CHECK ((state IN ('closed', 'converted')) = (closed_at IS NOT NULL))
      )`);
    await runner.query(
      'CREATE INDEX chats_organization_id_created_at_idx ON chats (organization_id, created_at DESC, id DESC)',
    );
    await runner.query(
      `CREATE INDEX chats_open_created_at_idx ON chats (created_at) WHERE state IN ('waiting', 'active')`,
    );
    await runner.query(
      `CREATE INDEX chats_ended_closed_at_idx ON chats (closed_at) WHERE state IN ('closed', 'converted')`,
    );
    await runner.query(`
      CREATE TABLE chat_messages (
        id uuid PRIMARY KEY,
        chat_id uuid NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
        position bigint GENERATED ALWAYS AS IDENTITY,
        author varchar(8) NOT NULL CHECK (author IN ('customer', 'staff', 'system')),
        author_id uuid,
        body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 5000),
        created_at timestamptz NOT NULL
      )`);
    await runner.query(
      'CREATE INDEX chat_messages_chat_id_position_idx ON chat_messages (chat_id, position)',
    );
    await runner.query(`
      CREATE TABLE chat_presence (
        staff_id uuid PRIMARY KEY,
        last_seen_at timestamptz NOT NULL
      )`);
    await createAttemptsTable(runner, 'chat_attempts', ['chat:user']);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE chat_attempts');
    await runner.query('DROP TABLE chat_presence');
    await runner.query('DROP TABLE chat_messages');
    await runner.query('DROP TABLE chats');
  }
}
