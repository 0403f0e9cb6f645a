import type { TicketAttachment } from '@portal/contracts';
import { downloadFile } from '@portal/store/download';

/** The address an attachment downloads from (support answers it as an attachment, never inline). */
const attachmentPath = (ticketId: string, attachmentId: string) =>
  `/api/support/tickets/${encodeURIComponent(ticketId)}/attachments/${encodeURIComponent(attachmentId)}`;

/** Downloads an attachment with the member's token and saves it under its name. */
export const downloadAttachment = (ticketId: string, attachment: TicketAttachment): Promise<void> =>
  downloadFile(attachmentPath(ticketId, attachment.id), attachment.fileName);
