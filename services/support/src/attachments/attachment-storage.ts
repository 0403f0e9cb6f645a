import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/**
 * Where attachments' bytes live: written with the attachment's row (same transaction), read back
 * whole for a download, gone with the row. PostgreSQL by default (as Zammad does); another store (an
 * object store) implements the same three calls (ADR 0186).
 */
export interface AttachmentStorage {
  put(manager: EntityManager, attachmentId: string, bytes: Buffer): Promise<void>;
  get(attachmentId: string): Promise<Buffer | null>;
}

export const ATTACHMENT_STORAGE = Symbol('ATTACHMENT_STORAGE');

/** The bytes in `ticket_attachment_contents`, deleted with their attachment (ON DELETE CASCADE). */
@Injectable()
export class PostgresAttachmentStorage implements AttachmentStorage {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async put(manager: EntityManager, attachmentId: string, bytes: Buffer): Promise<void> {
    await manager.query('INSERT INTO ticket_attachment_contents (attachment_id, data) VALUES ($1, $2)', [
      attachmentId,
      bytes,
    ]);
  }

  async get(attachmentId: string): Promise<Buffer | null> {
    const [row]: { data: Buffer }[] = await this.dataSource.query(
      'SELECT data FROM ticket_attachment_contents WHERE attachment_id = $1',
      [attachmentId],
    );
    return row?.data ?? null;
  }
}
