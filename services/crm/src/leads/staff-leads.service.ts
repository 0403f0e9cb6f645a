import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { LeadNote, LeadStatus, StaffLead, StaffLeadListQuery } from '@portal/contracts';
import { type KeysetCursor, keysetTimeText } from '@portal/db';
import type { DataSource } from 'typeorm';
import type { StoredCart } from '../contact/contact-submission.entity';

/** A page of leads, and where the next one starts (null on the last page). */
export interface LeadPage {
  leads: StaffLead[];
  next: KeysetCursor | null;
}

interface LeadRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  company: string | null;
  message: string;
  cart: StoredCart | null;
  status: LeadStatus;
  status_changed_at: Date | null;
  created_at: Date;
  notes_count: number;
  cursor_at: string;
}

interface NoteRow {
  id: string;
  submission_id: string;
  author_id: string;
  body: string;
  created_at: Date;
}

const LEAD_COLUMNS = `s.id, s.first_name, s.last_name, s.email, s.company, s.message, s.cart, s.status,
  s.status_changed_at, s.created_at, ${keysetTimeText('s.created_at')} AS cursor_at,
  (SELECT count(*)::int FROM lead_notes n WHERE n.submission_id = s.id) AS notes_count`;

const toLead = (row: LeadRow): StaffLead => ({
  id: row.id,
  source: row.cart ? 'checkout' : 'form',
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  company: row.company,
  message: row.message,
  cart: row.cart,
  status: row.status,
  statusChangedAt: row.status_changed_at?.toISOString() ?? null,
  notesCount: row.notes_count,
  createdAt: row.created_at.toISOString(),
});

const toNote = (row: NoteRow): LeadNote => ({
  id: row.id,
  leadId: row.submission_id,
  authorId: row.author_id,
  body: row.body,
  createdAt: row.created_at.toISOString(),
});

/** `%`, `_` and `\` match themselves in a search. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The leads of the contact form, the quote dialog and the checkout, as staff work them (ADR 0193). */
@Injectable()
export class StaffLeadsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Newest first, filtered by status and a search of name, email and company. */
  async list({
    status,
    q,
    limit,
    after,
  }: Omit<StaffLeadListQuery, 'cursor'> & { after?: KeysetCursor }): Promise<LeadPage> {
    const where: string[] = [];
    const values: unknown[] = [];
    if (status) {
      values.push(status);
      where.push(`s.status = $${values.length}`);
    }
    if (q) {
      values.push(likePattern(q));
      const p = `$${values.length}`;
      where.push(`(s.first_name || ' ' || s.last_name ILIKE ${p} OR s.email ILIKE ${p} OR s.company ILIKE ${p})`);
    }
    if (after) {
      values.push(after.at, after.id);
      where.push(
        `(s.created_at, s.id) < (CAST($${values.length - 1} AS timestamptz), CAST($${values.length} AS uuid))`,
      );
    }
    values.push(limit + 1);
    const rows: LeadRow[] = await this.dataSource.query(
      `SELECT ${LEAD_COLUMNS} FROM contact_submissions s
       ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY s.created_at DESC, s.id DESC LIMIT $${values.length}`,
      values,
    );
    if (rows.length <= limit) return { leads: rows.map(toLead), next: null };
    const last = rows[limit - 1];
    return { leads: rows.slice(0, limit).map(toLead), next: { at: last.cursor_at, id: last.id } };
  }

  /** The lead and its notes (oldest first), or null when there is none with this id. */
  async find(id: string): Promise<(StaffLead & { notes: LeadNote[] }) | null> {
    const [row]: LeadRow[] = await this.dataSource.query(
      `SELECT ${LEAD_COLUMNS} FROM contact_submissions s WHERE s.id = $1`,
      [id],
    );
    if (!row) return null;
    const notes: NoteRow[] = await this.dataSource.query(
      `SELECT id, submission_id, author_id, body, created_at FROM lead_notes
       WHERE submission_id = $1 ORDER BY created_at, id`,
      [id],
    );
    return { ...toLead(row), notes: notes.map(toNote) };
  }

  /** Sets the status (a repeat of the current one changes nothing); null when there is no such lead. */
  async setStatus(id: string, status: LeadStatus): Promise<StaffLead | null> {
    const updated: unknown[] = await this.dataSource.query(
      `UPDATE contact_submissions SET status = $2, status_changed_at = now()
       WHERE id = $1 AND status <> $2 RETURNING id`,
      [id, status],
    );
    if (updated.length === 0 && !(await this.exists(id))) return null;
    const lead = await this.find(id);
    if (!lead) return null;
    const { notes: _notes, ...rest } = lead;
    return rest;
  }

  /** Adds a note by `authorId`; null when there is no such lead. */
  async addNote(id: string, authorId: string, body: string): Promise<LeadNote | null> {
    const rows: NoteRow[] = await this.dataSource.query(
      `INSERT INTO lead_notes (submission_id, author_id, body)
       SELECT id, $2, $3 FROM contact_submissions WHERE id = $1
       RETURNING id, submission_id, author_id, body, created_at`,
      [id, authorId, body],
    );
    return rows[0] ? toNote(rows[0]) : null;
  }

  private async exists(id: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query('SELECT 1 FROM contact_submissions WHERE id = $1', [id]);
    return rows.length > 0;
  }
}
