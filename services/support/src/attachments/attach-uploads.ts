import { BadRequestException } from '@nestjs/common';
import { attachmentMessages, type MessageAuthor } from '@portal/contracts';
import type { EntityManager } from 'typeorm';

/** An upload not put on a message within this long is no longer accepted (and is deleted). */
export const PENDING_ATTACHMENT_HOURS = 24;

/** Who writes (or uploads): a member of an organization, or staff. */
export interface Writer {
  side: MessageAuthor;
  userId: string;
  /** The member's organization (customers only): the ticket must be this organization's. */
  organizationId?: string;
}

/**
 * Puts the writer's pending uploads on a message (the first message of a new ticket, or a reply):
 * each must be this writer's upload (same side, user and organization), on no message yet, less than
 * a day old; otherwise the whole write is refused with a 400 (the transaction rolls back).
 */
export async function attachUploads(
  manager: Pick<EntityManager, 'query'>,
  writer: Writer,
  ticketId: string,
  messageId: string,
  attachmentIds: readonly string[],
  now: Date,
): Promise<void> {
  if (attachmentIds.length === 0) return;
  const [, attached]: [unknown, number] = await manager.query(
    `UPDATE ticket_attachments SET message_id = $1, ticket_id = $2
     WHERE id = ANY($3::uuid[]) AND message_id IS NULL AND uploaded_by = $4 AND uploader = $5
       AND organization_id IS NOT DISTINCT FROM $6::uuid AND created_at > $7`,
    [
      messageId,
      ticketId,
      attachmentIds,
      writer.userId,
      writer.side,
      writer.organizationId ?? null,
      new Date(now.getTime() - PENDING_ATTACHMENT_HOURS * 60 * 60_000),
    ],
  );
  if (attached !== attachmentIds.length) throw new BadRequestException(attachmentMessages.attachmentUnknown);
}
