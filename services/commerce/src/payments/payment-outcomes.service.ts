import { Injectable, Logger } from '@nestjs/common';
import { type EventData, moneyToCents, type OrderCanceledData, type OrderStatus } from '@portal/contracts';
import { enqueueCatalogEvent } from '@portal/events';
import type Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { type LockedOrder, OrdersService } from '../orders/orders.service';

/** What the order's rules read of a PaymentIntent, as Stripe answers it now. */
export interface PaymentIntentState {
  id: string;
  status: Stripe.PaymentIntent.Status;
  amount: number;
  currency: string;
  metadata?: Record<string, unknown> | null;
  last_payment_error?: { message?: string | null } | null;
}

type Outcome = Exclude<OrderStatus, 'pending'>;

/**
 * Where each status may go: never backwards. Completed is final; canceled only gives way to a payment
 * that was taken all the same; failed may still process or complete (the customer pays again).
 */
const moves: Record<OrderStatus, readonly Outcome[]> = {
  pending: ['processing', 'completed', 'failed', 'canceled'],
  processing: ['completed', 'failed', 'canceled'],
  failed: ['processing', 'completed', 'canceled'],
  completed: [],
  canceled: ['completed'],
};

/**
 * The order status a PaymentIntent's state leads to: succeeded → completed, processing, canceled,
 * and a declined payment (requires_payment_method with its error) → failed. A PaymentIntent still
 * waiting for the customer (a payment method, a confirmation, 3-D Secure) leads nowhere.
 */
function outcomeOf(intent: PaymentIntentState): Outcome | undefined {
  switch (intent.status) {
    case 'succeeded':
      return 'completed';
    case 'processing':
      return 'processing';
    case 'canceled':
      return 'canceled';
    case 'requires_payment_method':
      return intent.last_payment_error ? 'failed' : undefined;
    default:
      return undefined;
  }
}

/**
 * The one place an order follows its payment, for the webhook, for checkout (which finds a PaymentIntent
 * already paid or processing) and for the sweep of unpaid orders: each transition once, with its event
 * (`portal.orders.paid`, `.failed`, `.canceled`) in the caller's transaction, on the order it locked.
 */
@Injectable()
export class PaymentOutcomesService {
  private readonly logger = new Logger('PaymentOutcomes');

  constructor(private readonly orders: OrdersService) {}

  /**
   * Applies the PaymentIntent's state to the order and answers the order's status afterwards. A
   * succeeded PaymentIntent of any attempt of the order (its metadata, amount and currency match)
   * completes it; the other states count only from the order's current PaymentIntent.
   */
  async apply(
    manager: EntityManager,
    order: LockedOrder,
    intent: PaymentIntentState,
    { at = new Date(), why }: { at?: Date; why: string },
  ): Promise<OrderStatus> {
    const outcome = outcomeOf(intent);
    if (!outcome) {
      this.logger.log(
        `order ${order.id} stays ${order.status}: PaymentIntent ${intent.id} is ${intent.status} (${why})`,
      );
      return order.status;
    }
    if (!this.pays(order, intent)) return order.status;
    const current = (order.stripePaymentIntentId ?? intent.id) === intent.id;
    if (outcome !== 'completed' && !current) {
      this.logger.log(
        `order ${order.id} stays ${order.status}: PaymentIntent ${intent.id} (${intent.status}) is no longer its payment (${why})`,
      );
      return order.status;
    }
    if (!moves[order.status].includes(outcome)) {
      if (outcome === 'completed' && order.stripePaymentIntentId !== intent.id) {
        this.logger.warn(
          `order ${order.id} was paid by PaymentIntent ${order.stripePaymentIntentId}; ${intent.id} took a second payment (${why}): refund it`,
        );
      } else if (order.status !== outcome) {
        this.logger.log(
          `order ${order.id} stays ${order.status} on PaymentIntent ${intent.id} ${intent.status} (${why})`,
        );
      }
      return order.status;
    }
    if (outcome === 'canceled') {
      await this.cancel(manager, order, {
        paymentIntentId: intent.id,
        reason: 'payment_intent_canceled',
        at,
        why,
      });
      return 'canceled';
    }
    await this.orders.moveTo(
      manager,
      order.id,
      outcome,
      intent.id,
      at,
      outcome === 'failed' ? (intent.last_payment_error?.message ?? null) : null,
    );
    this.logger.log(`order ${order.id} ${order.status} → ${outcome} by PaymentIntent ${intent.id} (${why})`);
    if (outcome === 'completed') {
      await this.announce(manager, order, 'orderPaid', {
        total: order.total,
        paymentIntentId: intent.id,
        paidAt: at.toISOString(),
      });
    } else if (outcome === 'failed') {
      await this.announce(manager, order, 'orderFailed', {
        paymentIntentId: intent.id,
        reason: intent.last_payment_error?.message ?? null,
        failedAt: at.toISOString(),
      });
    }
    return outcome;
  }

  /** Cancels the (pending or failed) order with its event; its PaymentIntent, if any, is already canceled. */
  async cancel(
    manager: EntityManager,
    order: LockedOrder,
    {
      paymentIntentId,
      reason,
      at,
      why,
    }: { paymentIntentId: string | null; reason: OrderCanceledData['reason']; at: Date; why: string },
  ): Promise<void> {
    await this.orders.moveTo(manager, order.id, 'canceled', paymentIntentId, at);
    this.logger.log(`order ${order.id} ${order.status} → canceled, ${reason} (${why})`);
    await this.announce(manager, order, 'orderCanceled', {
      paymentIntentId,
      reason,
      canceledAt: at.toISOString(),
    });
  }

  /** Whether the PaymentIntent is a payment for this order: its metadata names it, for its amount in usd. */
  private pays(order: LockedOrder, intent: PaymentIntentState): boolean {
    const matches =
      intent.metadata?.orderId === order.id &&
      intent.amount === moneyToCents(order.total) &&
      intent.currency === 'usd';
    if (!matches) {
      this.logger.warn(
        `PaymentIntent ${intent.id} (${intent.amount} ${intent.currency}, order ${String(intent.metadata?.orderId)}) ` +
          `does not pay order ${order.id} (${order.total} usd)`,
      );
    }
    return matches;
  }

  /**
   * The transition's event. An order of a deleted account still moves (accounting), but there is no
   * one left to tell (dashboard, KPIs), so nothing is announced.
   */
  private async announce<Name extends 'orderPaid' | 'orderFailed' | 'orderCanceled'>(
    manager: EntityManager,
    order: LockedOrder,
    name: Name,
    data: Omit<EventData<Name>, 'orderId' | 'userId' | 'organizationId'>,
  ): Promise<void> {
    if (order.userId === null) {
      this.logger.log(`order ${order.id} of a deleted account: ${name} not announced`);
      return;
    }
    await enqueueCatalogEvent(manager, name, {
      orderId: order.id,
      userId: order.userId,
      organizationId: order.organizationId,
      ...data,
    } as EventData<Name>);
  }
}
