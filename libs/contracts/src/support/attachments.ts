import { z } from 'zod';
import { isStorableText, unstorableTextMessage } from '../text';

/** Attachments: at most 10 MB each, 5 per message, of the types below told from their bytes. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENTS_PER_MESSAGE = 5;
export const ATTACHMENT_NAME_MAX_LENGTH = 200;

/** The allowlist: what an attachment may be, told from its content (the name and browser's type are not trusted). */
export const attachmentMediaTypes = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'text/plain',
] as const;
export type AttachmentMediaType = (typeof attachmentMediaTypes)[number];

export const attachmentMessages = {
  tooManyAttachments: `At most ${ATTACHMENTS_PER_MESSAGE} attachments per message`,
  attachmentIdInvalid: 'Attachment ids must be UUIDs',
  attachmentUnknown: 'An attachment was not found or is already used: upload it again',
  attachmentNotFound: 'Attachment not found',
  attachmentTooLarge: 'An attachment must be 10 MB or smaller',
  attachmentEmpty: 'The file is empty',
  attachmentWrongType: 'Attach an image (PNG, JPEG, GIF, WebP), a PDF or a plain text file',
  attachmentNameRequired: 'File name is required',
  attachmentSendBytes: 'Send the file itself as application/octet-stream',
} as const;

/** A file attached to a message; download it at `.../tickets/{ticketId}/attachments/{id}`. */
export const ticketAttachmentSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  contentType: z.enum(attachmentMediaTypes),
  size: z.number().int().positive(),
});
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;

/**
 * `POST /api/support/attachments?name=<file name>` (members) and `POST /api/support/staff/attachments?name=`
 * (staff): the body is the file's bytes (`Content-Type: application/octet-stream`, ≤ 10 MB, else 413).
 * 201 with the attachment, not yet on any message: a reply (or a new ticket) names it in
 * `attachmentIds` within 24 hours, after which an unused upload is deleted. 415 for a type outside
 * the allowlist (an HTML file named .png, an SVG), 400 for an empty file or a missing name.
 */
export const uploadAttachmentQuerySchema = z.strictObject({
  name: z
    .string({ error: attachmentMessages.attachmentNameRequired })
    .trim()
    .min(1, attachmentMessages.attachmentNameRequired)
    .max(ATTACHMENT_NAME_MAX_LENGTH, `Must be at most ${ATTACHMENT_NAME_MAX_LENGTH} characters`)
    .refine(isStorableText, unstorableTextMessage),
});
export type UploadAttachmentQuery = z.infer<typeof uploadAttachmentQuerySchema>;
export const uploadAttachmentResponseSchema = ticketAttachmentSchema;

/** The uploads a message carries (see `uploadAttachmentQuerySchema`): up to 5, each once. */
export const attachmentIdsSchema = z
  .array(z.uuid({ error: attachmentMessages.attachmentIdInvalid }))
  .max(ATTACHMENTS_PER_MESSAGE, attachmentMessages.tooManyAttachments)
  .refine((ids) => new Set(ids).size === ids.length, attachmentMessages.attachmentUnknown)
  .default([]);
