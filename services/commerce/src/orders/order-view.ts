import {
  centsToMoney,
  formatInvoiceNumber,
  moneyToCents,
  type Order,
  type OrderDetail,
  type PaymentStatus,
  type Refund,
  type StaffOrder,
  type StaffOrderDetail,
} from '@portal/contracts';
import type { OrderDetailRecord, OrderMoney, OrderWithMoney, RefundRow } from './order-details.service';
import type { OrderEntity } from './order.entity';

/** An order with its items as the API answers it (`orderSchema`). */
export function toOrderView(order: OrderEntity): Order {
  return {
    id: order.id,
    status: order.status,
    total: order.total,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    items: [...order.items]
      .sort((a, b) => a.packageName.localeCompare(b.packageName))
      .map((item) => ({
        id: item.id,
        packageId: item.packageId,
        name: item.packageName,
        quantity: item.quantity,
        price: item.price,
      })),
  };
}

/** What was paid, went back and may still go back, in cents. */
export function moneyOf(order: OrderEntity, money: OrderMoney) {
  const paidCents = order.status === 'completed' ? moneyToCents(order.total) : 0;
  return {
    paidCents,
    refundedCents: money.refundedCents,
    refundableCents: Math.max(0, paidCents - money.committedCents),
  };
}

/** The payment status a customer reads: the order's status, and for a paid order its refunds. */
export function paymentStatusOf(order: OrderEntity, money: OrderMoney): PaymentStatus {
  switch (order.status) {
    case 'pending':
      return 'unpaid';
    case 'completed': {
      const { paidCents, refundedCents } = moneyOf(order, money);
      if (refundedCents === 0) return 'paid';
      return refundedCents >= paidCents ? 'refunded' : 'partially_refunded';
    }
    default:
      return order.status;
  }
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The money fields shared by the customer's detail and staff's rows. */
function moneyView({ order, money }: OrderWithMoney) {
  const { paidCents, refundedCents, refundableCents } = moneyOf(order, money);
  return {
    paymentStatus: paymentStatusOf(order, money),
    amountPaid: centsToMoney(paidCents),
    amountRefunded: centsToMoney(refundedCents),
    refundable: centsToMoney(refundableCents),
  };
}

/** `GET /api/user/orders/{id}`: the order, its money, its invoice and its history (oldest first). */
export function toOrderDetailView(record: OrderDetailRecord): OrderDetail {
  const { order, money } = record;
  const base = toOrderView(order);
  const subtotalCents = base.items.reduce((sum, item) => sum + moneyToCents(item.price) * item.quantity, 0);
  return {
    ...base,
    subtotal: centsToMoney(subtotalCents),
    tax: '0.00',
    ...moneyView(record),
    paidAt: iso(money.paidAt),
    invoice:
      money.invoiceNumber === null || money.invoiceIssuedAt === null
        ? null
        : { number: formatInvoiceNumber(money.invoiceNumber), issuedAt: money.invoiceIssuedAt.toISOString() },
    history: record.history.map((step) => ({
      kind: step.kind,
      at: step.at.toISOString(),
      amount: step.amount,
      note: step.note,
    })),
  };
}

export function toRefundView(refund: RefundRow): Refund {
  return {
    id: refund.id,
    stripeRefundId: refund.stripeRefundId,
    amount: refund.amount,
    status: refund.status,
    reason: refund.reason,
    failureReason: refund.failureReason,
    requestedBy: refund.requestedBy,
    createdAt: refund.createdAt.toISOString(),
    updatedAt: refund.updatedAt.toISOString(),
  };
}

/** A row of staff's list: the order, whose it is, and its money. */
export function toStaffOrderView(record: OrderWithMoney): StaffOrder {
  return {
    ...toOrderView(record.order),
    organizationId: record.order.organizationId,
    userId: record.order.userId,
    ...moneyView(record),
    invoiceNumber:
      record.money.invoiceNumber === null ? null : formatInvoiceNumber(record.money.invoiceNumber),
  };
}

/** `GET /api/commerce/staff/orders/{id}`. */
export function toStaffOrderDetailView(record: OrderDetailRecord): StaffOrderDetail {
  return {
    ...toOrderDetailView(record),
    organizationId: record.order.organizationId,
    userId: record.order.userId,
    refunds: record.refunds.map(toRefundView),
  };
}
