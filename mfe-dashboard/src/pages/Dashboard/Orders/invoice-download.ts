import { downloadFile } from '@portal/store/download';

export type InvoicePaper = 'letter' | 'a4';

/** The address of an order's invoice (commerce answers it as an attachment, never inline). */
const invoicePath = (orderId: string, paper: InvoicePaper) =>
  `/api/user/orders/${encodeURIComponent(orderId)}/invoice${paper === 'a4' ? '?paper=a4' : ''}`;

/** Downloads the order's invoice with the member's token and saves it as `INV-000001.pdf` (or `-A4.pdf`). */
export const downloadInvoice = (orderId: string, number: string, paper: InvoicePaper): Promise<void> =>
  downloadFile(invoicePath(orderId, paper), `${number}${paper === 'a4' ? '-A4' : ''}.pdf`);
