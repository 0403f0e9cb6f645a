import { randomUUID } from 'node:crypto';
import {
  BadRequestException,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type BeforeApplicationShutdown,
  PayloadTooLargeException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ATTACHMENT_MAX_BYTES,
  type AttachmentMediaType,
  attachmentMessages,
  type TicketAttachment,
} from '@portal/contracts';
import type { DataSource } from 'typeorm';
import { PENDING_ATTACHMENT_HOURS, type Writer } from './attach-uploads';
import { ATTACHMENT_STORAGE, type AttachmentStorage } from './attachment-storage';
import { attachmentTypeOf } from './content-type';

const SWEEP_EVERY_MS = 60 * 60_000;

/** A download: the file's name, type and bytes. */
export interface AttachmentFile {
  fileName: string;
  contentType: AttachmentMediaType;
  data: Buffer;
}

/**
 * Attachments (ADR 0186): an upload is checked (size, type from its bytes) and stored pending, the
 * uploader's; a message then takes it (`attachUploads`). Members download the attachments of their
 * organization's tickets, on messages they can read; staff any ticket's. Pending uploads older than a
 * day are deleted every hour.
 */
@Injectable()
export class AttachmentsService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Attachments');
  private timer: NodeJS.Timeout | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ATTACHMENT_STORAGE) private readonly storage: AttachmentStorage,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(
      () =>
        void this.deleteUnused().catch((error: unknown) =>
          this.logger.warn(`deleting unused uploads failed: ${(error as Error).message}`),
        ),
      SWEEP_EVERY_MS,
    );
    this.timer.unref();
  }

  beforeApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Stores an upload of `writer`'s; 400 empty, 413 too large, 415 a type outside the allowlist. */
  async upload(writer: Writer, fileName: string, bytes: Buffer): Promise<TicketAttachment> {
    if (bytes.length === 0) throw new BadRequestException(attachmentMessages.attachmentEmpty);
    if (bytes.length > ATTACHMENT_MAX_BYTES)
      throw new PayloadTooLargeException(attachmentMessages.attachmentTooLarge);
    const contentType = attachmentTypeOf(bytes);
    if (!contentType) throw new UnsupportedMediaTypeException(attachmentMessages.attachmentWrongType);
    const id = randomUUID();
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO ticket_attachments (id, organization_id, uploaded_by, uploader, file_name, content_type, size)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [id, writer.organizationId ?? null, writer.userId, writer.side, fileName, contentType, bytes.length],
      );
      await this.storage.put(manager, id, bytes);
    });
    return { id, fileName, contentType, size: bytes.length };
  }

  /**
   * The file of an attachment on the ticket's messages: for a member (`organizationId`), only on their
   * organization's ticket and not on an internal note; for staff (no organization), any. Null otherwise.
   */
  async download(
    ticketId: string,
    attachmentId: string,
    organizationId?: string,
  ): Promise<AttachmentFile | null> {
    const [row]: { file_name: string; content_type: AttachmentMediaType }[] = await this.dataSource.query(
      `SELECT a.file_name, a.content_type
       FROM ticket_attachments a
       JOIN ticket_messages m ON m.id = a.message_id
       JOIN tickets t ON t.id = m.ticket_id
       WHERE a.id = $1 AND t.id = $2 AND ($3::uuid IS NULL OR (t.organization_id = $3 AND NOT m.internal))`,
      [attachmentId, ticketId, organizationId ?? null],
    );
    if (!row) return null;
    const data = await this.storage.get(attachmentId);
    return data && { fileName: row.file_name, contentType: row.content_type, data };
  }

  /** Deletes uploads no message took within a day; answers how many. */
  async deleteUnused(now: Date = new Date()): Promise<number> {
    const [, deleted]: [unknown, number] = await this.dataSource.query(
      'DELETE FROM ticket_attachments WHERE message_id IS NULL AND created_at <= $1',
      [new Date(now.getTime() - PENDING_ATTACHMENT_HOURS * 60 * 60_000)],
    );
    return deleted;
  }
}
