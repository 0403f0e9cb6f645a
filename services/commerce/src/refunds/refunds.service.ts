import {
  BadGatewayException,
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  centsToMoney,
  commerceMessages,
  type CreateRefundRequest,
  moneyToCents,
  orderDetailMessages,
  type RefundStatus,
} from '@portal/contracts';
import { enqueueCatalogEvent } from '@portal/events';
import Stripe from 'stripe';
import type { DataSource, EntityManager } from 'typeorm';
import { refundColumns, type RefundRow } from '../orders/order-details.service';
import { type LockedOrder, OrdersService } from '../orders/orders.service';
import { recordPaymentStep } from '../orders/payment-history';
import { STRIPE_CLIENT } from '../stripe/stripe.module';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Refunds that hold part of the order's payment: done, or under way at Stripe. */
const committed: RefundStatus[] = ['pending', 'requires_action', 'succeeded'];

/** What the refund rules read of a Stripe refund, as Stripe answers it now. */
export interface StripeRefundState {
  id: string;
  amount: number;
  currency: string;
  status: string | null;
  payment_intent: string | Stripe.PaymentIntent | null;
  failure_reason?: string | null;
  metadata?: Record<string, string> | null;
}

const dollars = (cents: number) => `$${centsToMoney(cents)}`;

/**
 * Staff refunds of paid orders through Stripe's refund API (ADR 0189). A refund is first reserved in
 * `order_refunds` (pending) under the order's lock, so two staff refunding at once can never refund more
 * than was paid; then Stripe is asked, with the reservation's id as the idempotency key; what Stripe
 * answers, and each later refund event, moves the refund: succeeded adds `refunded` to the order's
 * history and announces `orderRefunded`; failed or canceled gives the amount back (`refund_failed`).
 */
@Injectable()
export class RefundsService {
  private readonly logger = new Logger('Refunds');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly orders: OrdersService,
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe | null,
  ) {}

  /**
   * Refunds `request.amount` of the order (everything not yet refunded when omitted) and answers the
   * refund as it stands after Stripe's answer. The same staff member's `idempotencyKey` again answers
   * the refund it made the first time.
   */
  async refund(
    staffId: string,
    orderId: string,
    request: CreateRefundRequest,
    idempotencyKey: string | undefined,
  ): Promise<RefundRow> {
    const stripe = this.stripe;
    if (!stripe) throw new ServiceUnavailableException(orderDetailMessages.refundsNotConfigured);
    const { row, paymentIntentId } = await this.dataSource.transaction((manager) =>
      this.reserve(manager, staffId, orderId, request, idempotencyKey),
    );
    if (row.stripeRefundId || row.status !== 'pending') return row;
    let refund: Stripe.Refund;
    try {
      refund = await stripe.refunds.create(
        {
          payment_intent: paymentIntentId,
          amount: moneyToCents(row.amount),
          ...(row.reason ? { reason: row.reason } : {}),
          metadata: { orderId, refundId: row.id },
        },
        { idempotencyKey: `refund-${row.id}` },
      );
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError)) throw error;
      this.logger.warn(
        `refund ${row.id} of order ${orderId} refused by Stripe: ${error.type} ${error.message}`,
      );
      // The reservation is given back; should Stripe have made it all the same, its refund.created
      // event (metadata.refundId) brings it back with Stripe's state.
      await this.dataSource.query(
        `UPDATE order_refunds SET status = 'failed', failure_reason = $2, updated_at = now()
          WHERE id = $1 AND stripe_refund_id IS NULL AND status = 'pending'`,
        [row.id, `Stripe: ${error.message}`.slice(0, 500)],
      );
      throw new BadGatewayException(`${orderDetailMessages.refundProviderFailed}: ${error.message}`);
    }
    return this.dataSource.transaction(async (manager) => {
      await this.apply(manager, refund, { at: new Date(), why: `refund ${refund.id} created` });
      const [after]: RefundRow[] = await manager.query(
        `SELECT ${refundColumns} FROM order_refunds WHERE id = $1`,
        [row.id],
      );
      return after;
    });
  }

  /** The reservation, under the order's lock; or the refund this staff member's key already made. */
  private async reserve(
    manager: EntityManager,
    staffId: string,
    orderId: string,
    request: CreateRefundRequest,
    idempotencyKey: string | undefined,
  ): Promise<{ row: RefundRow; paymentIntentId: string }> {
    const order = await this.orders.lockForPayment(manager, orderId);
    if (!order) throw new NotFoundException(commerceMessages.orderNotFound);
    if (idempotencyKey) {
      const [earlier]: RefundRow[] = await manager.query(
        `SELECT ${refundColumns} FROM order_refunds WHERE requested_by = $1 AND idempotency_key = $2`,
        [staffId, idempotencyKey],
      );
      if (earlier) {
        if (
          earlier.orderId !== orderId ||
          (request.amount !== undefined && request.amount !== earlier.amount)
        ) {
          throw new ConflictException('This Idempotency-Key was already used for a different refund');
        }
        return { row: earlier, paymentIntentId: order.stripePaymentIntentId ?? '' };
      }
    }
    if (order.status !== 'completed' || !order.stripePaymentIntentId) {
      throw new ConflictException(orderDetailMessages.orderNotRefundable);
    }
    const left = moneyToCents(order.total) - (await this.committedCents(manager, orderId));
    if (left <= 0) throw new ConflictException(orderDetailMessages.nothingLeftToRefund);
    const amount = request.amount === undefined ? left : moneyToCents(request.amount);
    if (amount > left) {
      throw new BadRequestException(
        `${orderDetailMessages.refundTooLarge} (${dollars(left)} left to refund)`,
      );
    }
    const [row]: RefundRow[] = await manager.query(
      `INSERT INTO order_refunds (order_id, amount, status, reason, requested_by, idempotency_key)
       VALUES ($1, $2, 'pending', $3, $4, $5)
       RETURNING ${refundColumns}`,
      [orderId, centsToMoney(amount), request.reason ?? null, staffId, idempotencyKey ?? null],
    );
    return { row, paymentIntentId: order.stripePaymentIntentId };
  }

  private async committedCents(
    manager: EntityManager,
    orderId: string,
    statuses = committed,
  ): Promise<number> {
    const [{ sum }]: { sum: string | null }[] = await manager.query(
      'SELECT sum(amount) AS sum FROM order_refunds WHERE order_id = $1 AND status = ANY($2::varchar[])',
      [orderId, statuses],
    );
    return sum === null ? 0 : moneyToCents(sum);
  }

  /**
   * Follows a Stripe refund's current state, with the caller's transaction: from the create call's
   * answer, or from a refund event (read back from Stripe). A refund made elsewhere (Stripe's dashboard)
   * of an order's PaymentIntent is recorded too. Each change of status is applied once.
   */
  async apply(
    manager: EntityManager,
    refund: StripeRefundState,
    { at, why }: { at: Date; why: string },
  ): Promise<void> {
    const status = refund.status as RefundStatus | null;
    if (!status || !['pending', 'requires_action', 'succeeded', 'failed', 'canceled'].includes(status)) {
      this.logger.warn(`refund ${refund.id} has status ${String(refund.status)}: not followed (${why})`);
      return;
    }
    const paymentIntentId =
      typeof refund.payment_intent === 'string' ? refund.payment_intent : (refund.payment_intent?.id ?? null);
    const reserved = refund.metadata?.refundId;
    const [known]: RefundRow[] = await manager.query(
      `SELECT ${refundColumns} FROM order_refunds
        WHERE stripe_refund_id = $1 OR ($2::uuid IS NOT NULL AND id = $2::uuid AND stripe_refund_id IS NULL)
        ORDER BY (stripe_refund_id IS NOT NULL) DESC LIMIT 1`,
      [refund.id, reserved && UUID.test(reserved) ? reserved : null],
    );
    let orderId = known?.orderId;
    if (!orderId && paymentIntentId) {
      const [paid]: { id: string }[] = await manager.query(
        'SELECT id FROM orders WHERE stripe_payment_intent_id = $1',
        [paymentIntentId],
      );
      orderId = paid?.id;
    }
    if (!orderId) {
      this.logger.warn(`refund ${refund.id} (PaymentIntent ${paymentIntentId}) is of no order (${why})`);
      return;
    }
    const order = await this.orders.lockForPayment(manager, orderId);
    if (!order) return;
    if (refund.currency !== 'usd') {
      this.logger.warn(`refund ${refund.id} is in ${refund.currency}, not usd: not followed (${why})`);
      return;
    }
    const [row]: RefundRow[] = known
      ? await manager.query(`SELECT ${refundColumns} FROM order_refunds WHERE id = $1 FOR UPDATE`, [known.id])
      : await manager.query(
          `INSERT INTO order_refunds (order_id, stripe_refund_id, amount, status, created_at)
           VALUES ($1, $2, $3, 'pending', $4)
           ON CONFLICT (stripe_refund_id) DO UPDATE SET updated_at = order_refunds.updated_at
           RETURNING ${refundColumns}`,
          [order.id, refund.id, centsToMoney(refund.amount), at],
        );
    const before = row.stripeRefundId === null && row.status === 'failed' ? 'pending' : row.status;
    if (row.stripeRefundId === refund.id && row.status === status) return;
    await manager.query(
      `UPDATE order_refunds SET stripe_refund_id = $2, status = $3, failure_reason = $4, updated_at = now()
        WHERE id = $1`,
      [
        row.id,
        refund.id,
        status,
        status === 'failed' || status === 'canceled' ? (refund.failure_reason ?? status) : null,
      ],
    );
    this.logger.log(`refund ${refund.id} of order ${order.id}: ${row.status} → ${status} (${why})`);
    if (status === 'succeeded' && before !== 'succeeded') {
      await recordPaymentStep(manager, order.id, {
        kind: 'refunded',
        at,
        amount: row.amount,
        reference: refund.id,
      });
      await this.announce(manager, order, refund.id, row.amount, at);
    } else if (
      (status === 'failed' || status === 'canceled') &&
      before !== 'failed' &&
      before !== 'canceled'
    ) {
      await recordPaymentStep(manager, order.id, {
        kind: 'refund_failed',
        at,
        amount: row.amount,
        note: refundFailureNote(refund.failure_reason ?? null, status),
        reference: refund.id,
      });
    }
  }

  /** `portal.orders.refunded`, with everything refunded on the order so far. */
  private async announce(
    manager: EntityManager,
    order: LockedOrder,
    refundId: string,
    amount: string,
    at: Date,
  ): Promise<void> {
    const refunded = await this.committedCents(manager, order.id, ['succeeded']);
    await enqueueCatalogEvent(manager, 'orderRefunded', {
      orderId: order.id,
      userId: order.userId,
      organizationId: order.organizationId,
      refundId,
      amount,
      totalRefunded: centsToMoney(refunded),
      fullyRefunded: refunded >= moneyToCents(order.total),
      refundedAt: at.toISOString(),
    });
  }
}

/** Stripe's failure reasons, in words a customer reads in the payment history. */
const failureNotes: Record<string, string> = {
  expired_or_canceled_card: 'The card was expired or canceled, so the refund could not reach it.',
  lost_or_stolen_card: 'The card was reported lost or stolen, so the refund could not reach it.',
  declined: 'The card issuer declined the refund.',
  insufficient_funds: 'The refund could not be completed.',
  merchant_request: 'The refund was canceled.',
  unknown: 'The refund could not be completed.',
};

export function refundFailureNote(reason: string | null, status: 'failed' | 'canceled'): string {
  if (status === 'canceled') return 'The refund was canceled.';
  return (reason && failureNotes[reason]) ?? 'The refund could not be completed.';
}
