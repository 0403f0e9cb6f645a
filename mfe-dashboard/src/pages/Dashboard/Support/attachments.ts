import type {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENTS_PER_MESSAGE,
  AttachmentMediaType,
  TicketAttachment,
} from '@portal/contracts';
import { readToken } from '@portal/store/token';

// The contract's values, typed against it (its module would bring zod along at run time).
export const MAX_ATTACHMENT_BYTES: typeof ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const MAX_ATTACHMENTS: typeof ATTACHMENTS_PER_MESSAGE = 5;
const MEDIA_TYPES: readonly AttachmentMediaType[] = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'text/plain',
];
/** What the file picker offers; the service decides from the bytes, whatever the name or type says. */
export const ATTACHMENT_ACCEPT = MEDIA_TYPES.join(',');

/** "845 B", "12 KB", "3.4 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}

/** The address an attachment downloads from (support answers it as an attachment, never inline). */
export const attachmentPath = (ticketId: string, attachmentId: string) =>
  `/api/support/tickets/${encodeURIComponent(ticketId)}/attachments/${encodeURIComponent(attachmentId)}`;

/**
 * Downloads an attachment with the member's token (a plain link cannot send it) and saves it under its
 * name. Rejects with the spec's error text ("404: Attachment not found") when the service refuses.
 */
export async function downloadAttachment(ticketId: string, attachment: TicketAttachment): Promise<void> {
  const token = readToken();
  const response = await fetch(attachmentPath(ticketId, attachment.id), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let message = text || response.statusText;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? message;
    } catch {
      // not JSON: the text as it came
    }
    throw new Error(`${response.status}: ${message}`);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = attachment.fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Let the browser start the download before the address goes.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
