import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Ticket conversations (ADR 0186) and SLA clocks (ADR 0187):
 * - `ticket_messages`: the thread, ordered by `position` (an identity: two replies committed at once
 *   still have an order); each ticket's description becomes its first message.
 * - `ticket_attachments` (metadata) and `ticket_attachment_contents` (the bytes, PostgreSQL being the
 *   default store behind `AttachmentStorage`).
 * - `ticket_reads`: when each member last read a ticket, against `tickets.last_staff_reply_at`.
 * - on `tickets`: assignee, closing time, first response, due and warning times of both SLA targets
 *   (from the SLA table when the ticket opened or changed priority), when each warning was sent, and
 *   `warn_at`, generated: the earliest warning time of a target not yet met (null once resolved or
 *   closed), which the queue sorts breaching tickets by.
 * - `ticket_deflections`: 'This solved it', once per member, article and day.
 * - `ticket_sla_targets`: the SLA table as support last started with it (it writes the table of
 *   `@portal/contracts` at every start); a trigger gives a ticket inserted without clocks (raw SQL,
 *   fixed data) its due and warning times from it, and every new ticket its description as first message.
 * Existing tickets get their clocks from the table of the day (urgent 2 h / 24 h, high 4 h / 2 d,
 * medium 8 h / 3 d, low 24 h / 5 d; warning at the last quarter).
 */
export class TicketConversations1766100000000 implements MigrationInterface {
  name = 'TicketConversations1766100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE tickets
        ADD COLUMN assignee_id uuid,
        ADD COLUMN closed_at timestamptz,
        ADD COLUMN first_response_at timestamptz,
        ADD COLUMN last_message_at timestamptz,
        ADD COLUMN last_staff_reply_at timestamptz,
        ADD COLUMN first_response_due_at timestamptz,
        ADD COLUMN resolution_due_at timestamptz,
        ADD COLUMN first_response_warn_at timestamptz,
        ADD COLUMN resolution_warn_at timestamptz,
        ADD COLUMN first_response_warned_at timestamptz,
        ADD COLUMN resolution_warned_at timestamptz`);
    await runner.query(`
      CREATE TABLE ticket_sla_targets (
        priority varchar(16) PRIMARY KEY,
        first_response interval NOT NULL,
        resolution interval NOT NULL,
        warning_share double precision NOT NULL CHECK (warning_share > 0 AND warning_share < 1)
      )`);
    await runner.query(`
      INSERT INTO ticket_sla_targets (priority, first_response, resolution, warning_share) VALUES
        ('urgent', interval '2 hours', interval '24 hours', 0.25),
        ('high', interval '4 hours', interval '2 days', 0.25),
        ('medium', interval '8 hours', interval '3 days', 0.25),
        ('low', interval '24 hours', interval '5 days', 0.25)`);
    await runner.query(`
      UPDATE tickets SET
        last_message_at = created_at,
        closed_at = CASE WHEN status IN ('resolved', 'closed') THEN updated_at END,
        first_response_due_at = created_at + sla.first_response,
        resolution_due_at = created_at + sla.resolution,
        first_response_warn_at = created_at + sla.first_response * (1 - sla.warning_share),
        resolution_warn_at = created_at + sla.resolution * (1 - sla.warning_share)
      FROM ticket_sla_targets AS sla
      WHERE tickets.priority = sla.priority`);
    await runner.query(`
      ALTER TABLE tickets
        ALTER COLUMN last_message_at SET NOT NULL,
        ALTER COLUMN first_response_due_at SET NOT NULL,
        ALTER COLUMN resolution_due_at SET NOT NULL,
        ALTER COLUMN first_response_warn_at SET NOT NULL,
        ALTER COLUMN resolution_warn_at SET NOT NULL,
        ADD COLUMN warn_at timestamptz GENERATED ALWAYS AS (
          CASE
            WHEN status IN ('resolved', 'closed') THEN NULL
            WHEN first_response_at IS NULL THEN LEAST(first_response_warn_at, resolution_warn_at)
            ELSE resolution_warn_at
          END) STORED`);
    await runner.query(
      'CREATE INDEX tickets_warn_at_id_idx ON tickets (warn_at, id) WHERE warn_at IS NOT NULL',
    );
    // The breaching run of the queue under each filter.
    for (const column of ['status', 'priority', 'customer_id', 'organization_id', 'assignee_id']) {
      await runner.query(
        `CREATE INDEX tickets_${column}_warn_at_id_idx ON tickets (${column}, warn_at, id) WHERE warn_at IS NOT NULL`,
      );
    }
    await runner.query(
      'CREATE INDEX tickets_assignee_id_created_at_id_idx ON tickets (assignee_id, created_at, id)',
    );
    await runner.query(
      `CREATE INDEX tickets_open_organization_id_idx ON tickets (organization_id) WHERE status IN ('open', 'in_progress')`,
    );

    await runner.query(`
      CREATE TABLE ticket_messages (
        id uuid PRIMARY KEY,
        ticket_id uuid NOT NULL REFERENCES tickets (id) ON DELETE CASCADE,
        position bigint GENERATED ALWAYS AS IDENTITY,
        author varchar(16) NOT NULL CHECK (author IN ('customer', 'staff')),
        author_id uuid NOT NULL,
        internal boolean NOT NULL DEFAULT false,
        body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (NOT internal OR author = 'staff')
      )`);
    await runner.query(
      'CREATE INDEX ticket_messages_ticket_id_position_idx ON ticket_messages (ticket_id, position)',
    );
    await runner.query(`
      INSERT INTO ticket_messages (id, ticket_id, author, author_id, body, created_at)
      SELECT gen_random_uuid(), id, 'customer', customer_id, description, created_at FROM tickets`);
    await runner.query(`
      CREATE FUNCTION tickets_before_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE sla ticket_sla_targets%ROWTYPE;
      BEGIN
        NEW.last_message_at := coalesce(NEW.last_message_at, NEW.created_at);
        IF NEW.status IN ('resolved', 'closed') AND NEW.closed_at IS NULL THEN
          NEW.closed_at := NEW.updated_at;
        END IF;
        IF NEW.first_response_due_at IS NULL THEN
          SELECT * INTO STRICT sla FROM ticket_sla_targets WHERE priority = NEW.priority;
          NEW.first_response_due_at := NEW.created_at + sla.first_response;
          NEW.resolution_due_at := NEW.created_at + sla.resolution;
          NEW.first_response_warn_at := NEW.created_at + sla.first_response * (1 - sla.warning_share);
          NEW.resolution_warn_at := NEW.created_at + sla.resolution * (1 - sla.warning_share);
        END IF;
        RETURN NEW;
      END $$`);
    await runner.query(`
      CREATE TRIGGER tickets_before_insert BEFORE INSERT ON tickets
      FOR EACH ROW EXECUTE FUNCTION tickets_before_insert()`);
    await runner.query(`
      CREATE FUNCTION tickets_first_message() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO ticket_messages (id, ticket_id, author, author_id, body, created_at)
        VALUES (gen_random_uuid(), NEW.id, 'customer', NEW.customer_id, NEW.description, NEW.created_at);
        RETURN NULL;
      END $$`);
    await runner.query(`
      CREATE TRIGGER tickets_first_message AFTER INSERT ON tickets
      FOR EACH ROW EXECUTE FUNCTION tickets_first_message()`);

    await runner.query(`
      CREATE TABLE ticket_attachments (
        id uuid PRIMARY KEY,
        organization_id uuid,
        uploaded_by uuid NOT NULL,
        uploader varchar(16) NOT NULL CHECK (uploader IN ('customer', 'staff')),
        message_id uuid REFERENCES ticket_messages (id) ON DELETE CASCADE,
        ticket_id uuid REFERENCES tickets (id) ON DELETE CASCADE,
        file_name varchar(200) NOT NULL,
        content_type varchar(64) NOT NULL,
        size integer NOT NULL CHECK (size > 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query('CREATE INDEX ticket_attachments_message_id_idx ON ticket_attachments (message_id)');
    await runner.query(
      'CREATE INDEX ticket_attachments_pending_idx ON ticket_attachments (created_at) WHERE message_id IS NULL',
    );
    await runner.query(`
      CREATE TABLE ticket_attachment_contents (
        attachment_id uuid PRIMARY KEY REFERENCES ticket_attachments (id) ON DELETE CASCADE,
        data bytea NOT NULL
      )`);

    await runner.query(`
      CREATE TABLE ticket_reads (
        ticket_id uuid NOT NULL REFERENCES tickets (id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        read_at timestamptz NOT NULL,
        PRIMARY KEY (ticket_id, user_id)
      )`);

    await runner.query(`
      CREATE TABLE ticket_deflections (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL,
        user_id uuid NOT NULL,
        article_id varchar(120) NOT NULL,
        query varchar(200),
        day date NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, article_id, day)
      )`);
    await runner.query('CREATE INDEX ticket_deflections_created_at_idx ON ticket_deflections (created_at)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TRIGGER tickets_first_message ON tickets');
    await runner.query('DROP FUNCTION tickets_first_message');
    await runner.query('DROP TRIGGER tickets_before_insert ON tickets');
    await runner.query('DROP FUNCTION tickets_before_insert');
    for (const table of [
      'ticket_sla_targets',
      'ticket_deflections',
      'ticket_reads',
      'ticket_attachment_contents',
      'ticket_attachments',
      'ticket_messages',
    ]) {
      await runner.query(`DROP TABLE ${table}`);
    }
    await runner.query('DROP INDEX tickets_open_organization_id_idx');
    await runner.query('DROP INDEX tickets_assignee_id_created_at_id_idx');
    for (const column of ['status', 'priority', 'customer_id', 'organization_id', 'assignee_id']) {
      await runner.query(`DROP INDEX tickets_${column}_warn_at_id_idx`);
    }
    await runner.query('DROP INDEX tickets_warn_at_id_idx');
    await runner.query(`
      ALTER TABLE tickets
        DROP COLUMN warn_at,
        DROP COLUMN assignee_id,
        DROP COLUMN closed_at,
        DROP COLUMN first_response_at,
        DROP COLUMN last_message_at,
        DROP COLUMN last_staff_reply_at,
        DROP COLUMN first_response_due_at,
        DROP COLUMN resolution_due_at,
        DROP COLUMN first_response_warn_at,
        DROP COLUMN resolution_warn_at,
        DROP COLUMN first_response_warned_at,
        DROP COLUMN resolution_warned_at`);
  }
}
