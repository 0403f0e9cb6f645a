import { readToken } from '@portal/store/token';

export type InvoicePaper = 'letter' | 'a4';

/** The address of an order's invoice (commerce answers it as an attachment, never inline). */
export const invoicePath = (orderId: string, paper: InvoicePaper) =>
  `/api/user/orders/${encodeURIComponent(orderId)}/invoice${paper === 'a4' ? '?paper=a4' : ''}`;

/**
 * Downloads the order's invoice with the member's token (a plain link cannot send it) and saves it as
 * `INV-000001.pdf`. Rejects with the spec's error text ("404: …") when the service refuses.
 */
export async function downloadInvoice(orderId: string, number: string, paper: InvoicePaper): Promise<void> {
  const token = readToken();
  const response = await fetch(invoicePath(orderId, paper), {
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
  link.download = `${number}${paper === 'a4' ? '-A4' : ''}.pdf`;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Let the browser start the download before the address goes.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
