import { Injectable } from '@nestjs/common';
import { formatInvoiceNumber } from '@portal/contracts';
import type { OrderDetailRecord } from '../orders/order-details.service';
import { toOrderDetailView } from '../orders/order-view';
import { OrganizationNames } from '../organizations/organization-names.service';
import { type InvoiceData, type PaperSize, renderInvoicePdf } from './invoice-pdf';

/** The invoice of a paid order, as a PDF: undefined while the order has no invoice (not paid). */
@Injectable()
export class InvoicesService {
  constructor(private readonly organizations: OrganizationNames) {}

  async render(
    record: OrderDetailRecord,
    paper: PaperSize,
  ): Promise<{ number: string; pdf: Buffer } | undefined> {
    const organizationId = record.order.organizationId;
    const name = organizationId ? await this.organizations.nameOf(organizationId) : null;
    const data = invoiceDataOf(record, name);
    if (!data) return undefined;
    return { number: data.number, pdf: await renderInvoicePdf(data, paper) };
  }
}

/** The invoice's figures, from the same view the dashboard shows, billed to the organization named `name`. */
export function invoiceDataOf(record: OrderDetailRecord, name: string | null): InvoiceData | undefined {
  const { order, money } = record;
  if (money.invoiceNumber === null || !money.invoiceIssuedAt || !money.paidAt || !order.organizationId) {
    return undefined;
  }
  const view = toOrderDetailView(record);
  return {
    number: formatInvoiceNumber(money.invoiceNumber),
    issuedAt: money.invoiceIssuedAt,
    paidAt: money.paidAt,
    orderId: order.id,
    billedTo: { organizationId: order.organizationId, name },
    lines: view.items.map((item) => ({
      description: item.name,
      quantity: item.quantity,
      unitPrice: item.price,
    })),
    subtotal: view.subtotal,
    tax: view.tax,
    total: view.total,
    amountPaid: view.amountPaid,
    amountRefunded: view.amountRefunded,
    paymentReference: order.stripePaymentIntentId,
  };
}
