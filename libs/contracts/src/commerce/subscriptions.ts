import { z } from 'zod';
import { isStorableText, unstorableTextMessage } from '../text';
import { commerceMessages, MAX_ITEM_QUANTITY, MIN_ITEM_QUANTITY } from './commerce-messages';
import { moneySchema } from './commerce';
import { refundStatusSchema } from './orders';

/**
 * Subscriptions (issue 24, ADR 0233): each package of a paid order is a monthly subscription of the
 * organization, billed from the day it was paid. The FAQ and the terms promise:
 * - plan changes take effect from the next billing cycle: a change of quantity or package waits as the
 *   subscription's `pendingChange` and applies at `currentPeriodEnd`;
 * - cancellation needs 30 days' notice, and "the services continue, and fees remain payable, until the end
 *   of the notice period": a plan renews by the month, so the subscription ends at the end of the
 *   billing period in which the 30 days run out (`SUBSCRIPTION_NOTICE_DAYS`, see `cancellationEnd`);
 * - a 30-day money-back guarantee: "cancel within 30 days of your first payment and we will refund that
 *   payment in full … once per business, to your first order": a refund request per subscription of the
 *   organization's first paid order, within 30 days of that payment; staff approve it (a Stripe refund of
 *   the package's part of the payment) or decline it with a reason.
 *
 * Routes (customer: the caller's organization only; `orders.read` lists, `checkout.pay` changes):
 * - `GET /api/user/subscriptions`: `subscriptionListSchema`;
 * - `PUT /api/user/subscriptions/{id}/pending-change`: `scheduleChangeRequestSchema` → `subscriptionSchema`;
 * - `DELETE /api/user/subscriptions/{id}/pending-change` → `subscriptionSchema`;
 * - `POST /api/user/subscriptions/{id}/cancellation` → `subscriptionSchema`;
 * - `POST /api/user/subscriptions/{id}/refund-request`: `refundRequestCreateSchema` → `subscriptionSchema` (201).
 * Staff (`@StaffOnly`; approving and declining `refundingStaffRoles`):
 * - `GET /api/commerce/staff/refund-requests?status=`: `staffRefundRequestListSchema`;
 * - `POST /api/commerce/staff/refund-requests/{id}/approve` → `staffRefundRequestSchema`;
 * - `POST /api/commerce/staff/refund-requests/{id}/decline`: `refundRequestDeclineSchema` → `staffRefundRequestSchema`.
 */

/** Cancellation notice, in days (FAQ: "Cancellation needs 30 days notice"). */
export const SUBSCRIPTION_NOTICE_DAYS = 30;
/** The money-back window after the first payment, in days (FAQ: "30-day money-back guarantee"). */
export const MONEY_BACK_DAYS = 30;
export const REFUND_REASON_MAX_LENGTH = 1000;
const DAY_MS = 86_400_000;

export const subscriptionMessages = {
  notFound: 'Subscription not found',
  /** 409: a change or a cancellation of a subscription that has ended or is ending. */
  ended: 'This subscription has ended',
  ending: 'This subscription is being canceled: it can no longer be changed',
  alreadyCanceling: 'This subscription is already being canceled',
  noChange: 'Choose another quantity or package than the current one',
  noPendingChange: 'This subscription has no scheduled change',
  /** 400: the package asked for is not in the catalog, or no longer sold. */
  unknownPackage: commerceMessages.unknownPackage,
  packageIdInvalid: 'Choose a package',
  quantityInvalid: commerceMessages.quantityInvalid,
  reasonRequired: 'Please tell us why you are asking for a refund',
  reasonTooLong: `Keep the reason under ${REFUND_REASON_MAX_LENGTH} characters`,
  /** 409 of a refund request. */
  refundWindowClosed: `The ${MONEY_BACK_DAYS}-day money-back guarantee has ended for this subscription`,
  refundFirstOrderOnly: 'The money-back guarantee applies once per business, to its first order',
  refundAlreadyRequested: 'A refund was already requested for this subscription',
  /** 409 of staff's approve or decline: someone decided first. */
  refundAlreadyDecided: 'This refund request has already been decided',
  declineReasonRequired: 'Tell the customer why the refund is declined',
  statusInvalid: 'Status must be requested, approved or declined',
} as const;

/** A UTC instant `months` calendar months after `anchor`; a day the month lacks becomes its last day (Jan 31 → Feb 28). */
export function addMonths(anchor: Date, months: number): Date {
  const result = new Date(anchor.getTime());
  const day = anchor.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(anchor.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/**
 * The billing period (index from 0) that holds `at`: `[addMonths(anchor, n), addMonths(anchor, n + 1))`.
 * `at` before the anchor is in period 0.
 */
export function billingPeriodAt(anchor: Date, at: Date): number {
  if (at.getTime() < anchor.getTime()) return 0;
  let months =
    (at.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (at.getUTCMonth() - anchor.getUTCMonth());
  while (months > 0 && addMonths(anchor, months).getTime() > at.getTime()) months -= 1;
  while (addMonths(anchor, months + 1).getTime() <= at.getTime()) months += 1;
  return months;
}

/**
 * When a subscription canceled at `requestedAt` ends: the first end of a billing period on or after the
 * 30 days' notice has run (`requestedAt` + 30 days). The notice is never shortened, and the period the
 * notice ends in, already paid for, is served to its end.
 */
export function cancellationEnd(anchor: Date, requestedAt: Date): Date {
  const noticeEnds = new Date(requestedAt.getTime() + SUBSCRIPTION_NOTICE_DAYS * DAY_MS);
  const period = billingPeriodAt(anchor, noticeEnds);
  const start = addMonths(anchor, period);
  return start.getTime() === noticeEnds.getTime() ? start : addMonths(anchor, period + 1);
}

/** The last instant of the money-back window: the first payment + 30 days (a request at that instant still counts). */
export const moneyBackDeadline = (firstPaidAt: Date) =>
  new Date(firstPaidAt.getTime() + MONEY_BACK_DAYS * DAY_MS);

/**
 * active; canceling (notice given, served until `endsAt`); canceled (ended by the notice); refunded
 * (the money-back refund was approved: ended at once).
 */
export const subscriptionStatuses = ['active', 'canceling', 'canceled', 'refunded'] as const;
export const subscriptionStatusSchema = z.enum(subscriptionStatuses);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const refundRequestStatuses = ['requested', 'approved', 'declined'] as const;
export const refundRequestStatusSchema = z.enum(refundRequestStatuses, {
  error: subscriptionMessages.statusInvalid,
});
export type RefundRequestStatus = z.infer<typeof refundRequestStatusSchema>;

/** The customer's view of the money-back request: its decision, and the Stripe refund once approved. */
export const subscriptionRefundRequestSchema = z.object({
  id: z.uuid(),
  status: refundRequestStatusSchema,
  amount: moneySchema,
  reason: z.string(),
  requestedAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  /** Staff's reason for a decline; null otherwise. */
  declineReason: z.string().nullable(),
  /** The Stripe refund's status once approved (succeeded, or pending until Stripe settles it). */
  refundStatus: refundStatusSchema.nullable(),
});
export type SubscriptionRefundRequest = z.infer<typeof subscriptionRefundRequestSchema>;

export const pendingChangeSchema = z.object({
  packageId: z.uuid(),
  packageName: z.string(),
  unitPrice: moneySchema,
  quantity: z.number().int(),
  /** When it takes effect: the current period's end. */
  effectiveAt: z.iso.datetime(),
});
export type PendingChange = z.infer<typeof pendingChangeSchema>;

export const subscriptionSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  packageId: z.uuid(),
  packageName: z.string(),
  /** Monthly price of one unit. */
  unitPrice: moneySchema,
  quantity: z.number().int(),
  status: subscriptionStatusSchema,
  /** The first payment. */
  startedAt: z.iso.datetime(),
  currentPeriodStart: z.iso.datetime(),
  currentPeriodEnd: z.iso.datetime(),
  /** The next charge; null when the subscription ends before it. */
  nextBillingDate: z.iso.datetime().nullable(),
  pendingChange: pendingChangeSchema.nullable(),
  cancelRequestedAt: z.iso.datetime().nullable(),
  /** When the service ends (canceling, canceled, refunded); null while active. */
  endsAt: z.iso.datetime().nullable(),
  /** If the cancellation were asked now, when it would end (active subscriptions), for the dialog. */
  cancellationWouldEnd: z.iso.datetime().nullable(),
  /** The last instant a money-back refund may be asked for; null when the guarantee does not apply. */
  refundableUntil: z.iso.datetime().nullable(),
  /** What a money-back refund would pay back: the package's part of the first payment. */
  refundAmount: moneySchema,
  refundRequest: subscriptionRefundRequestSchema.nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionListSchema = z.object({ subscriptions: z.array(subscriptionSchema) });
export type SubscriptionList = z.infer<typeof subscriptionListSchema>;

/** `PUT …/pending-change`: the quantity and package from the next cycle; unknown fields refused. */
export const scheduleChangeRequestSchema = z.strictObject({
  packageId: z.uuid({ error: subscriptionMessages.packageIdInvalid }),
  quantity: z
    .number({ error: subscriptionMessages.quantityInvalid })
    .int(subscriptionMessages.quantityInvalid)
    .min(MIN_ITEM_QUANTITY, subscriptionMessages.quantityInvalid)
    .max(MAX_ITEM_QUANTITY, subscriptionMessages.quantityInvalid),
});
export type ScheduleChangeRequest = z.infer<typeof scheduleChangeRequestSchema>;

const reasonText = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(REFUND_REASON_MAX_LENGTH, subscriptionMessages.reasonTooLong)
    .refine(isStorableText, unstorableTextMessage);

/** `POST …/refund-request`. */
export const refundRequestCreateSchema = z.strictObject({
  reason: reasonText(subscriptionMessages.reasonRequired),
});
export type RefundRequestCreate = z.infer<typeof refundRequestCreateSchema>;

/** `POST /api/commerce/staff/refund-requests/{id}/decline`. */
export const refundRequestDeclineSchema = z.strictObject({
  reason: reasonText(subscriptionMessages.declineReasonRequired),
});
export type RefundRequestDecline = z.infer<typeof refundRequestDeclineSchema>;

/** `GET /api/commerce/staff/refund-requests?status=`: requested ones unless another status is asked for. */
export const staffRefundRequestQuerySchema = z.strictObject({
  status: refundRequestStatusSchema.default('requested'),
});
export type StaffRefundRequestQuery = z.output<typeof staffRefundRequestQuerySchema>;

export const staffRefundRequestSchema = subscriptionRefundRequestSchema.extend({
  subscriptionId: z.uuid(),
  orderId: z.uuid(),
  organizationId: z.uuid(),
  /** As commerce knows it (null until identity announced it, or once erased). */
  organizationName: z.string().nullable(),
  packageName: z.string(),
  quantity: z.number().int(),
  requestedBy: z.uuid().nullable(),
  decidedBy: z.uuid().nullable(),
  /** Stripe's `re_…` once approved. */
  stripeRefundId: z.string().nullable(),
});
export type StaffRefundRequest = z.infer<typeof staffRefundRequestSchema>;

export const staffRefundRequestListSchema = z.object({ requests: z.array(staffRefundRequestSchema) });
export type StaffRefundRequestList = z.infer<typeof staffRefundRequestListSchema>;
