import {
  addMonths,
  billingPeriodAt,
  cancellationEnd,
  type Money,
  moneyBackDeadline,
  type SubscriptionStatus,
} from '@portal/contracts';

/** A row of `subscriptions` as the service reads it (timestamps as Dates, money as PostgreSQL's text). */
export interface SubscriptionRow {
  id: string;
  organizationId: string;
  orderId: string;
  packageId: string;
  packageName: string;
  unitPrice: Money;
  quantity: number;
  status: SubscriptionStatus;
  startedAt: Date;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  pendingPackageId: string | null;
  pendingPackageName: string | null;
  pendingUnitPrice: Money | null;
  pendingQuantity: number | null;
  cancelRequestedAt: Date | null;
  endsAt: Date | null;
}

export const subscriptionColumns = `id, organization_id AS "organizationId", order_id AS "orderId",
  package_id AS "packageId", package_name AS "packageName", unit_price AS "unitPrice", quantity, status,
  started_at AS "startedAt", current_period_start AS "currentPeriodStart", current_period_end AS "currentPeriodEnd",
  pending_package_id AS "pendingPackageId", pending_package_name AS "pendingPackageName",
  pending_unit_price AS "pendingUnitPrice", pending_quantity AS "pendingQuantity",
  cancel_requested_at AS "cancelRequestedAt", ends_at AS "endsAt"`;

/**
 * The subscription as it stands at `now`: each billing period that ended since it was last read is
 * followed by the next one, the first of them bringing the scheduled change into effect (plan changes
 * take effect from the next billing cycle); a subscription whose notice ran out (`endsAt`) is canceled
 * instead of renewing. Answers the same row when nothing changed.
 */
export function rollForward(row: SubscriptionRow, now: Date): SubscriptionRow {
  if (row.status === 'canceled' || row.status === 'refunded') return row;
  let current = row;
  while (current.currentPeriodEnd.getTime() <= now.getTime()) {
    if (current.endsAt && current.endsAt.getTime() <= current.currentPeriodEnd.getTime()) {
      return {
        ...current,
        status: 'canceled',
        pendingPackageId: null,
        pendingPackageName: null,
        pendingUnitPrice: null,
        pendingQuantity: null,
      };
    }
    const start = current.currentPeriodEnd;
    const end = addMonths(current.startedAt, billingPeriodAt(current.startedAt, start) + 1);
    current = {
      ...current,
      currentPeriodStart: start,
      currentPeriodEnd: end,
      ...(current.pendingPackageId !== null && current.pendingQuantity !== null
        ? {
            packageId: current.pendingPackageId,
            packageName: current.pendingPackageName ?? current.packageName,
            unitPrice: current.pendingUnitPrice ?? current.unitPrice,
            quantity: current.pendingQuantity,
          }
        : {}),
      pendingPackageId: null,
      pendingPackageName: null,
      pendingUnitPrice: null,
      pendingQuantity: null,
    };
  }
  return current;
}

/** The next charge: the current period's end, unless the subscription ends by then. */
export function nextBillingDate(row: SubscriptionRow): Date | null {
  if (row.status === 'canceled' || row.status === 'refunded') return null;
  if (row.endsAt && row.endsAt.getTime() <= row.currentPeriodEnd.getTime()) return null;
  return row.currentPeriodEnd;
}

/** When a cancellation asked at `now` would end the subscription (see `cancellationEnd`). */
export const cancellationEndFor = (row: SubscriptionRow, now: Date): Date =>
  cancellationEnd(row.startedAt, now);

/** Whether a money-back request at `now` is in time: no later than 30 days after the first payment. */
export const withinMoneyBackWindow = (row: SubscriptionRow, now: Date): boolean =>
  now.getTime() <= moneyBackDeadline(row.startedAt).getTime();
