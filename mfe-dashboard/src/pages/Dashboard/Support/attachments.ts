import type { TicketAttachment } from '@portal/contracts';
import { readToken } from '@portal/store/token';

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
