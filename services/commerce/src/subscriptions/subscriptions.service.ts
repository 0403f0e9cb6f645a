import { ConflictException, Injectable, NotFoundException, BadRequestException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  centsToMoney,
  moneyBackDeadline,
  moneyToCents,
  type RefundRequestStatus,
  type RefundStatus,
  type ScheduleChangeRequest,
  type Subscription,
  subscriptionMessages,
} from '@portal/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { PackagesService } from '../packages/packages.service';
import {
  cancellationEndFor,
  nextBillingDate,
  rollForward,
  subscriptionColumns,
  type SubscriptionRow,
  withinMoneyBackWindow,
} from './subscription-rules';

/** What the customer's view reads beside the row: the first payment's line, eligibility, the request. */
interface SubscriptionExtras {
  /** The package's part of the first payment: its order line (unit price × quantity). */
  firstPaymentAmount: string;
  /** Whether the subscription came with the organization's first paid order (the guarantee's scope). */
  firstOrder: boolean;
  request: RequestRow | null;
}

export interface RequestRow {
  id: string;
  subscriptionId: string;
  status: RefundRequestStatus;
  amount: string;
  reason: string;
  requestedBy: string | null;
  requestedAt: Date;
  decidedBy: string | null;
  decidedAt: Date | null;
  declineReason: string | null;
  orderRefundId: string | null;
  refundStatus: RefundStatus | null;
  stripeRefundId: string | null;
}

export const requestColumns = `r.id, r.subscription_id AS "subscriptionId", r.status, r.amount, r.reason,
  r.requested_by AS "requestedBy", r.requested_at AS "requestedAt", r.decided_by AS "decidedBy",
  r.decided_at AS "decidedAt", r.decline_reason AS "declineReason", r.order_refund_id AS "orderRefundId",
  f.status AS "refundStatus", f.stripe_refund_id AS "stripeRefundId"`;

const notFound = () => new NotFoundException(subscriptionMessages.notFound);
const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * The organization's subscriptions (ADR 0233): always read and changed within the caller's organization
 * (another organization's subscription answers 404 as an unknown one), each under its row lock and
 * brought up to date (`rollForward`) before a rule reads it.
 */
@Injectable()
export class SubscriptionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly packages: PackagesService,
  ) {}

  /** The organization's subscriptions, oldest first, as they stand now. */
  async list(organizationId: string, now = new Date()): Promise<Subscription[]> {
    return this.dataSource.transaction(async (manager) => {
      const rows: SubscriptionRow[] = await manager.query(
        `SELECT ${subscriptionColumns} FROM subscriptions WHERE organization_id = $1
          ORDER BY started_at, id FOR UPDATE`,
        [organizationId],
      );
      const views: Subscription[] = [];
      for (const row of rows)
        views.push(await this.view(manager, await this.bringUpToDate(manager, row, now), now));
      return views;
    });
  }

  /** Schedules the quantity and package for the next billing cycle (replacing a change scheduled before). */
  async scheduleChange(
    organizationId: string,
    id: string,
    change: ScheduleChangeRequest,
    now = new Date(),
  ): Promise<Subscription> {
    return this.withLocked(organizationId, id, now, async (manager, row) => {
      this.assertChangeable(row);
      const [target] = await this.packages.activeByIds([change.packageId]);
      if (!target) throw new BadRequestException(subscriptionMessages.unknownPackage);
      if (target.id === row.packageId && change.quantity === row.quantity) {
        throw new BadRequestException(subscriptionMessages.noChange);
      }
      await manager.query(
        `UPDATE subscriptions SET pending_package_id = $2, pending_package_name = $3, pending_unit_price = $4,
           pending_quantity = $5, updated_at = now() WHERE id = $1`,
        [row.id, target.id, target.name, target.price, change.quantity],
      );
    });
  }

  /** Takes the scheduled change back: the next cycle renews as the subscription is. */
  async undoChange(organizationId: string, id: string, now = new Date()): Promise<Subscription> {
    return this.withLocked(organizationId, id, now, async (manager, row) => {
      this.assertChangeable(row);
      if (row.pendingPackageId === null) throw new ConflictException(subscriptionMessages.noPendingChange);
      await manager.query(
        `UPDATE subscriptions SET pending_package_id = NULL, pending_package_name = NULL,
           pending_unit_price = NULL, pending_quantity = NULL, updated_at = now() WHERE id = $1`,
        [row.id],
      );
    });
  }

  /**
   * Gives the 30 days' notice: the subscription ends at the end of the billing period in which the notice
   * runs out (`cancellationEnd`), served and billed until then.
   */
  async cancel(organizationId: string, id: string, now = new Date()): Promise<Subscription> {
    return this.withLocked(organizationId, id, now, async (manager, row) => {
      if (row.status === 'canceling') throw new ConflictException(subscriptionMessages.alreadyCanceling);
      if (row.status !== 'active') throw new ConflictException(subscriptionMessages.ended);
      await manager.query(
        `UPDATE subscriptions SET status = 'canceling', cancel_requested_at = $2, ends_at = $3, updated_at = now()
          WHERE id = $1`,
        [row.id, now, cancellationEndFor(row, now)],
      );
    });
  }

  /**
   * The money-back request: one per subscription, of the organization's first paid order, no later than
   * 30 days after its payment; for the package's part of that payment. Staff decide it.
   */
  async requestRefund(
    organizationId: string,
    userId: string,
    id: string,
    reason: string,
    now = new Date(),
  ): Promise<Subscription> {
    return this.withLocked(organizationId, id, now, async (manager, row) => {
      const extras = await this.extras(manager, row);
      if (extras.request) throw new ConflictException(subscriptionMessages.refundAlreadyRequested);
      if (!extras.firstOrder) throw new ConflictException(subscriptionMessages.refundFirstOrderOnly);
      if (!withinMoneyBackWindow(row, now))
        throw new ConflictException(subscriptionMessages.refundWindowClosed);
      if (row.status === 'canceled' || row.status === 'refunded')
        throw new ConflictException(subscriptionMessages.ended);
      await manager.query(
        `INSERT INTO subscription_refund_requests (subscription_id, amount, reason, requested_by, requested_at)
         VALUES ($1, $2, $3, $4, $5)`,
        [row.id, extras.firstPaymentAmount, reason, userId, now],
      );
    });
  }

  /** Locks the organization's subscription, brings it up to date, runs `change`, and answers the view after it. */
  private async withLocked(
    organizationId: string,
    id: string,
    now: Date,
    change: (manager: EntityManager, row: SubscriptionRow) => Promise<void>,
  ): Promise<Subscription> {
    return this.dataSource.transaction(async (manager) => {
      const [found]: SubscriptionRow[] = await manager.query(
        `SELECT ${subscriptionColumns} FROM subscriptions WHERE id = $1 AND organization_id = $2 FOR UPDATE`,
        [id, organizationId],
      );
      if (!found) throw notFound();
      const row = await this.bringUpToDate(manager, found, now);
      await change(manager, row);
      const [after]: SubscriptionRow[] = await manager.query(
        `SELECT ${subscriptionColumns} FROM subscriptions WHERE id = $1`,
        [id],
      );
      return this.view(manager, after, now);
    });
  }

  private assertChangeable(row: SubscriptionRow): void {
    if (row.status === 'canceling') throw new ConflictException(subscriptionMessages.ending);
    if (row.status !== 'active') throw new ConflictException(subscriptionMessages.ended);
  }

  /** Writes what `rollForward` changed (periods passed, a change applied, a notice run out). */
  private async bringUpToDate(
    manager: EntityManager,
    row: SubscriptionRow,
    now: Date,
  ): Promise<SubscriptionRow> {
    const next = rollForward(row, now);
    if (next === row) return row;
    await manager.query(
      `UPDATE subscriptions SET status = $2, package_id = $3, package_name = $4, unit_price = $5, quantity = $6,
         current_period_start = $7, current_period_end = $8, pending_package_id = $9, pending_package_name = $10,
         pending_unit_price = $11, pending_quantity = $12, updated_at = now()
       WHERE id = $1`,
      [
        next.id,
        next.status,
        next.packageId,
        next.packageName,
        next.unitPrice,
        next.quantity,
        next.currentPeriodStart,
        next.currentPeriodEnd,
        next.pendingPackageId,
        next.pendingPackageName,
        next.pendingUnitPrice,
        next.pendingQuantity,
      ],
    );
    return next;
  }

  private async extras(manager: EntityManager, row: SubscriptionRow): Promise<SubscriptionExtras> {
    const [line]: { price: string; quantity: number; firstOrder: boolean }[] = await manager.query(
      `SELECT i.price, i.quantity, NOT EXISTS (
           SELECT 1 FROM orders earlier
            WHERE earlier.organization_id = o.organization_id AND earlier.status = 'completed'
              AND earlier.paid_at IS NOT NULL AND (earlier.paid_at, earlier.id) < (o.paid_at, o.id)
         ) AS "firstOrder"
         FROM subscriptions s JOIN order_items i ON i.id = s.order_item_id JOIN orders o ON o.id = s.order_id
        WHERE s.id = $1`,
      [row.id],
    );
    const [request]: RequestRow[] = await manager.query(
      `SELECT ${requestColumns} FROM subscription_refund_requests r
         LEFT JOIN order_refunds f ON f.id = r.order_refund_id
        WHERE r.subscription_id = $1`,
      [row.id],
    );
    return {
      firstPaymentAmount: centsToMoney(moneyToCents(line.price) * line.quantity),
      firstOrder: line.firstOrder,
      request: request ?? null,
    };
  }

  private async view(manager: EntityManager, row: SubscriptionRow, now: Date): Promise<Subscription> {
    const { firstPaymentAmount, firstOrder, request } = await this.extras(manager, row);
    return {
      id: row.id,
      orderId: row.orderId,
      packageId: row.packageId,
      packageName: row.packageName,
      unitPrice: row.unitPrice,
      quantity: row.quantity,
      status: row.status,
      startedAt: row.startedAt.toISOString(),
      currentPeriodStart: row.currentPeriodStart.toISOString(),
      currentPeriodEnd: row.currentPeriodEnd.toISOString(),
      nextBillingDate: iso(nextBillingDate(row)),
      pendingChange:
        row.pendingPackageId !== null && row.pendingQuantity !== null
          ? {
              packageId: row.pendingPackageId,
              packageName: row.pendingPackageName ?? row.packageName,
              unitPrice: row.pendingUnitPrice ?? row.unitPrice,
              quantity: row.pendingQuantity,
              effectiveAt: row.currentPeriodEnd.toISOString(),
            }
          : null,
      cancelRequestedAt: iso(row.cancelRequestedAt),
      endsAt: iso(row.endsAt),
      cancellationWouldEnd: row.status === 'active' ? cancellationEndFor(row, now).toISOString() : null,
      refundableUntil: firstOrder ? moneyBackDeadline(row.startedAt).toISOString() : null,
      refundAmount: firstPaymentAmount,
      refundRequest: request && {
        id: request.id,
        status: request.status,
        amount: request.amount,
        reason: request.reason,
        requestedAt: request.requestedAt.toISOString(),
        decidedAt: iso(request.decidedAt),
        declineReason: request.declineReason,
        refundStatus: request.refundStatus,
      },
    };
  }
}
