import { z } from 'zod';
import { BRAND_LEGAL } from './legal-entity';
import { moneySchema, orderSchema, orderStatuses } from './commerce';

export { BRAND_LEGAL } from './legal-entity';

/**
 * Order detail, payment history, cursor pages of orders, invoices and staff refunds (issue 19).
 *
 * Routes (all JSON but the invoice):
 * - `GET /api/user/orders/{id}`: `orderDetailSchema` (a superset of `orderSchema`), the organization's
 *   own order; another organization's order answers 404 exactly as an unknown id.
 * - `GET /api/user/orders/page?cursor=&limit=`: `orderPageSchema`, newest first, `nextCursor` null on
 *   the last page. (`GET /api/user/orders` stays the spec's whole list for the Overview's totals.)
 * - `GET /api/user/orders/{id}/invoice`: the paid order's invoice as `application/pdf`
 *   (`Content-Disposition: attachment; filename="<number>.pdf"`); 404 before it is paid.
 * - Staff (`@StaffOnly`): `GET /api/commerce/staff/orders?organizationId=&status=&cursor=&limit=`
 *   (`staffOrderListResponseSchema`), `GET /api/commerce/staff/orders/{id}` (`staffOrderDetailSchema`),
 *   `GET /api/commerce/staff/orders/{id}/invoice` (PDF), and
 *   `POST /api/commerce/staff/orders/{id}/refunds` (`createRefundRequestSchema` →
 *   `createRefundResponseSchema`, 201; `refundingStaffRoles` only, 403 for the others).
 */

/**
 * The staff roles that may refund money: admin, super_admin and billing. Every staff role reads the
 * orders; a CRM manager does not move money.
 */
export const refundingStaffRoles = ['admin', 'super_admin', 'billing'] as const;
export const canRefund = (role: string | null | undefined): boolean =>
  (refundingStaffRoles as readonly string[]).includes(role ?? '');

/** A page of orders: 20 unless `limit` asks for another number, at most 100. */
export const ORDER_PAGE_SIZE = 20;
export const ORDER_PAGE_LIMIT = 100;

export const orderDetailMessages = {
  cursorInvalid: 'Cursor is not valid: start again from the first page',
  limitInvalid: `Limit must be a whole number from 1 to ${ORDER_PAGE_LIMIT}`,
  organizationIdInvalid: 'Organization id must be a UUID',
  statusInvalid: 'Status must be pending, processing, completed, failed or canceled',
  /** 404 of the invoice route: an order gets its invoice (and its number) when it is paid. */
  invoiceNotAvailable: 'The invoice is available once the order is paid',
  refundAmountInvalid: 'Refund amount must be an amount such as 25.00, more than 0.00',
  refundReasonInvalid: 'Reason must be duplicate, fraudulent or requested_by_customer',
  /** 409: only a paid (completed) order takes a refund. */
  orderNotRefundable: 'Only a paid order can be refunded',
  /** 409: everything paid was refunded (or is being refunded) already. */
  nothingLeftToRefund: 'This order has been refunded in full',
  /** 400, followed by the amount still refundable: "… ($25.00 left to refund)". */
  refundTooLarge: 'A refund cannot be more than what was paid and not yet refunded',
  /** 503: no Stripe key; 502: Stripe refused or failed, followed by Stripe's message. */
  refundsNotConfigured: 'Refunds need Stripe to be configured',
  refundProviderFailed: 'Stripe could not make the refund',
} as const;

const pageLimitSchema = z
  .string({ error: orderDetailMessages.limitInvalid })
  .regex(/^[1-9][0-9]{0,2}$/, orderDetailMessages.limitInvalid)
  .transform(Number)
  .refine((limit) => limit <= ORDER_PAGE_LIMIT, orderDetailMessages.limitInvalid);

const cursorSchema = z
  .string({ error: orderDetailMessages.cursorInvalid })
  .max(200, orderDetailMessages.cursorInvalid);

/** `GET /api/user/orders/page?cursor=&limit=`: the query, strings as they come in the URL; unknown fields refused. */
export const orderPageQuerySchema = z.strictObject({
  cursor: cursorSchema.optional(),
  limit: pageLimitSchema.default(ORDER_PAGE_SIZE),
});
export type OrderPageQuery = z.output<typeof orderPageQuerySchema>;

/** One page of the organization's orders, newest first; `nextCursor` asks for the next (older) page. */
export const orderPageSchema = z.object({
  orders: z.array(orderSchema),
  nextCursor: z.string().nullable(),
});
export type OrderPage = z.infer<typeof orderPageSchema>;

/**
 * What the customer sees of the money: unpaid (pending), processing, paid, partially_refunded,
 * refunded (everything paid went back), failed (the last attempt was declined), canceled.
 */
export const paymentStatuses = [
  'unpaid',
  'processing',
  'paid',
  'partially_refunded',
  'refunded',
  'failed',
  'canceled',
] as const;
export const paymentStatusSchema = z.enum(paymentStatuses);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/**
 * One step of an order's payment history, oldest first: created (the order was placed), processing,
 * paid, failed (a declined attempt), canceled, refunded (money went back: `amount`), refund_failed (a
 * refund Stripe could not complete: the money stayed with us).
 */
export const paymentEventKinds = [
  'created',
  'processing',
  'paid',
  'failed',
  'canceled',
  'refunded',
  'refund_failed',
] as const;
export const paymentEventKindSchema = z.enum(paymentEventKinds);
export type PaymentEventKind = z.infer<typeof paymentEventKindSchema>;

export const paymentEventSchema = z.object({
  kind: paymentEventKindSchema,
  at: z.iso.datetime(),
  /** The order's total (created, paid), the refunded amount (refunded, refund_failed), else null. */
  amount: moneySchema.nullable(),
  /** A decline's or a failed refund's reason, in words; else null. */
  note: z.string().nullable(),
});
export type PaymentEvent = z.infer<typeof paymentEventSchema>;

/** The invoice of a paid order: its number in the organization's gap-free sequence (`INV-000001`). */
export const invoiceSummarySchema = z.object({
  number: z.string(),
  issuedAt: z.iso.datetime(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

/** Sales tax on our services is 0; the invoice says why in this note. */
export const INVOICE_TAX_NOTE =
  "Sales tax: $0.00. Our services are business-to-business contact-center and automation services, not subject to sales tax; any use tax is the buyer's to report.";

/** `GET /api/user/orders/{id}`: the order with its money and its payment history. */
export const orderDetailSchema = orderSchema.extend({
  /** Sum of the lines (quantity × unit price). */
  subtotal: moneySchema,
  /** Always 0.00, see `INVOICE_TAX_NOTE`. */
  tax: moneySchema,
  paymentStatus: paymentStatusSchema,
  /** When the payment succeeded; null while unpaid. */
  paidAt: z.iso.datetime().nullable(),
  /** What was paid (the total once paid, else 0.00), what went back, and what still may. */
  amountPaid: moneySchema,
  amountRefunded: moneySchema,
  refundable: moneySchema,
  invoice: invoiceSummarySchema.nullable(),
  history: z.array(paymentEventSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** Stripe's refund statuses, as Stripe names them. */
export const refundStatuses = ['pending', 'requires_action', 'succeeded', 'failed', 'canceled'] as const;
export const refundStatusSchema = z.enum(refundStatuses);
export type RefundStatus = z.infer<typeof refundStatusSchema>;

/** Stripe's refund reasons. */
export const refundReasons = ['duplicate', 'fraudulent', 'requested_by_customer'] as const;
export const refundReasonSchema = z.enum(refundReasons, { error: orderDetailMessages.refundReasonInvalid });
export type RefundReason = z.infer<typeof refundReasonSchema>;

export const refundSchema = z.object({
  id: z.uuid(),
  /** Stripe's `re_…`; null only while the request to Stripe is under way. */
  stripeRefundId: z.string().nullable(),
  amount: moneySchema,
  status: refundStatusSchema,
  reason: refundReasonSchema.nullable(),
  /** Stripe's `failure_reason` of a failed refund (e.g. `expired_or_canceled_card`). */
  failureReason: z.string().nullable(),
  /** The staff member who asked for it. */
  requestedBy: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Refund = z.infer<typeof refundSchema>;

/** An order as staff see it: whose it is and where its money stands. */
export const staffOrderSchema = orderSchema.extend({
  organizationId: z.uuid().nullable(),
  userId: z.uuid().nullable(),
  paymentStatus: paymentStatusSchema,
  amountPaid: moneySchema,
  amountRefunded: moneySchema,
  refundable: moneySchema,
  invoiceNumber: z.string().nullable(),
});
export type StaffOrder = z.infer<typeof staffOrderSchema>;

/** `GET /api/commerce/staff/orders?organizationId=&status=&cursor=&limit=`: every organization's orders, newest first. */
export const staffOrderListQuerySchema = z.strictObject({
  organizationId: z.uuid({ error: orderDetailMessages.organizationIdInvalid }).optional(),
  status: z.enum(orderStatuses, { error: orderDetailMessages.statusInvalid }).optional(),
  cursor: cursorSchema.optional(),
  limit: pageLimitSchema.default(ORDER_PAGE_SIZE),
});
export type StaffOrderListQuery = z.output<typeof staffOrderListQuerySchema>;

export const staffOrderListResponseSchema = z.object({
  orders: z.array(staffOrderSchema),
  nextCursor: z.string().nullable(),
});
export type StaffOrderListResponse = z.infer<typeof staffOrderListResponseSchema>;

/** `GET /api/commerce/staff/orders/{id}`: the detail a customer sees, whose it is, and its refunds (newest first). */
export const staffOrderDetailSchema = orderDetailSchema.extend({
  organizationId: z.uuid().nullable(),
  userId: z.uuid().nullable(),
  refunds: z.array(refundSchema),
});
export type StaffOrderDetail = z.infer<typeof staffOrderDetailSchema>;

/**
 * `POST /api/commerce/staff/orders/{id}/refunds`: `amount` omitted refunds everything not yet refunded
 * (a full refund); else a partial refund of that amount. More than what is left is refused (400).
 * Send an `Idempotency-Key` header to make a retry safe. Unknown fields are rejected.
 */
export const createRefundRequestSchema = z.strictObject({
  amount: z
    .string({ error: orderDetailMessages.refundAmountInvalid })
    .regex(/^\d{1,8}\.\d{2}$/, orderDetailMessages.refundAmountInvalid)
    .refine((amount) => !/^0+\.00$/.test(amount), orderDetailMessages.refundAmountInvalid)
    .optional(),
  reason: refundReasonSchema.optional(),
});
export type CreateRefundRequest = z.infer<typeof createRefundRequestSchema>;

/** 201: the refund as Stripe answered it (succeeded, or pending until its webhook), and the order after it. */
export const createRefundResponseSchema = z.object({
  refund: refundSchema,
  order: staffOrderDetailSchema,
});
export type CreateRefundResponse = z.infer<typeof createRefundResponseSchema>;

/** The seller on every invoice, as the legal pages (terms, privacy policy) name the company. */
export const INVOICE_SELLER = BRAND_LEGAL;

/** `GET …/invoice?paper=letter|a4`: US Letter unless A4 is asked for. Unknown fields are rejected. */
export const invoicePapers = ['letter', 'a4'] as const;
export const invoiceQuerySchema = z.strictObject({
  paper: z.enum(invoicePapers, { error: 'Paper must be letter or a4' }).default('letter'),
});
export type InvoiceQuery = z.output<typeof invoiceQuerySchema>;

/** The invoice's file name: `INV-000001.pdf`. */
export const invoiceFileName = (number: string) => `${number}.pdf`;

/** Invoice numbers: `INV-` and the organization's sequence number, six digits at least. */
export const formatInvoiceNumber = (sequence: number) => `INV-${String(sequence).padStart(6, '0')}`;
