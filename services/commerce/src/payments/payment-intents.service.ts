import { BadGatewayException, Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { OrganizationMember } from '@portal/auth';
import {
  type CartLine,
  type ClosedOrderStatus,
  closedOrderMessages,
  closedOrderStatuses,
  commerceMessages,
  type CreatePaymentIntentResponse,
  moneyToCents,
  type OrderClosedResponse,
  type OrderStatus,
} from '@portal/contracts';
import Stripe from 'stripe';
import type { DataSource, EntityManager } from 'typeorm';
import { type LockedOrder, OrdersService } from '../orders/orders.service';
import { STRIPE_CLIENT } from '../stripe/stripe.module';
import { OrderPlacementService } from './order-placement.service';
import { PaymentOutcomesService } from './payment-outcomes.service';

export type PaymentIntentResult =
  | {
      /** The order takes a payment: its client secret. */
      response: CreatePaymentIntentResponse;
      /** False when the request repeated an earlier one (same idempotency key and cart). */
      created: boolean;
      closed?: undefined;
    }
  | {
      /** The order takes no new payment (processing, completed or canceled): the 409's body. */
      closed: OrderClosedResponse;
    };

/** What one locked pass over the order came to. */
type Payment =
  | { clientSecret: string }
  | { closed: ClosedOrderStatus }
  | { stripeFailed: Stripe.errors.StripeError; attempt?: number };

/** PaymentIntent states in which the customer can still pay it: its client secret is handed out. */
const payable: readonly Stripe.PaymentIntent.Status[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
];

const isClosed = (status: OrderStatus): status is ClosedOrderStatus =>
  (closedOrderStatuses as readonly string[]).includes(status);

/**
 * Whether Stripe may not have settled the request under its idempotency key: no answer came (a
 * connection error or a timeout), or another request held the key (409). The next request retries the
 * attempt with the same key, as Stripe advises; any other answer is saved under the key, so the next
 * request makes a new attempt with a new key.
 */
const keyStillOpen = (error: Stripe.errors.StripeError) =>
  error instanceof Stripe.errors.StripeConnectionError || error.statusCode === 409;

@Injectable()
export class PaymentIntentsService {
  private readonly logger = new Logger('PaymentIntents');

  constructor(
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe | null,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly placement: OrderPlacementService,
    private readonly orders: OrdersService,
    private readonly outcomes: PaymentOutcomesService,
  ) {}

  /**
   * Checkout: a pending order for the cart, then the client secret of its PaymentIntent, which the
   * browser confirms the card with; or, for an order that takes no new payment, why not. Nothing is
   * written while payments are not configured.
   */
  async create(
    user: OrganizationMember,
    cart: CartLine[],
    idempotencyKey?: string,
  ): Promise<PaymentIntentResult> {
    const stripe = this.stripe;
    if (!stripe) throw new ServiceUnavailableException(commerceMessages.paymentsNotConfigured);
    const { order, created } = await this.placement.place(user, cart, idempotencyKey);
    const payment = await this.dataSource.transaction((manager) => this.payFor(manager, stripe, order.id));
    if ('closed' in payment) {
      return {
        closed: {
          statusCode: 409,
          message: closedOrderMessages[payment.closed],
          orderId: order.id,
          orderStatus: payment.closed,
        },
      };
    }
    if ('stripeFailed' in payment) {
      const { stripeFailed: error, attempt } = payment;
      this.logger.error(
        `Stripe failed the PaymentIntent of order ${order.id}` +
          `${attempt ? ` (attempt ${attempt})` : ''}: ${error.type} ${error.statusCode ?? ''} ${error.message}`,
      );
      throw new BadGatewayException(commerceMessages.paymentProviderFailed);
    }
    return { response: { clientSecret: payment.clientSecret, orderId: order.id }, created };
  }

  /**
   * Takes the user id out of the PaymentIntents' metadata (a deleted account's orders): an empty value
   * removes the key at Stripe; the order id stays, for the webhook and for accounting. Nothing to do
   * while payments are not configured; a Stripe failure is thrown for the caller to retry.
   */
  async removeUserFrom(paymentIntentIds: readonly string[]): Promise<void> {
    const stripe = this.stripe;
    if (!stripe) return;
    for (const id of paymentIntentIds) {
      // No fixed idempotency key: Stripe would replay a saved failure to every retry for a day. Removing
      // a metadata key twice is harmless, and the SDK keys its own network retry.
      await stripe.paymentIntents.update(id, { metadata: { userId: '' } });
    }
  }

  /**
   * One transaction on the order's row, locked: a concurrent request for the same order (another tab,
   * another replica) waits here and then sees what this one did. The order's PaymentIntent is read
   * back from Stripe: while the customer can pay it, its client secret; once paid or processing, the
   * order follows it (as the webhook would) and takes no new payment; canceled, or none yet, a new
   * attempt. A Stripe error that is saved under the attempt's key still records the attempt (the
   * transaction commits it), so the next request tries a new key; see `keyStillOpen`.
   */
  private async payFor(manager: EntityManager, stripe: Stripe, orderId: string): Promise<Payment> {
    const order = (await this.orders.lockForPayment(manager, orderId))!;
    if (isClosed(order.status)) return { closed: order.status };
    if (order.stripePaymentIntentId) {
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.retrieve(order.stripePaymentIntentId);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeError) return { stripeFailed: error };
        throw error;
      }
      if (payable.includes(intent.status)) return { clientSecret: intent.client_secret! };
      if (intent.status !== 'canceled') {
        const status = await this.outcomes.apply(manager, order, intent, { why: 'checkout' });
        if (isClosed(status)) return { closed: status };
        this.logger.warn(`order ${order.id} is ${status} with PaymentIntent ${intent.id} ${intent.status}`);
        return { closed: 'processing' };
      }
    }
    return this.newAttempt(manager, stripe, order);
  }

  /** Creates the order's next PaymentIntent under the attempt's own idempotency key. */
  private async newAttempt(manager: EntityManager, stripe: Stripe, order: LockedOrder): Promise<Payment> {
    const attempt = order.paymentAttempt + 1;
    let intent: Stripe.PaymentIntent;
    try {
      intent = await stripe.paymentIntents.create(
        {
          amount: moneyToCents(order.total),
          currency: 'usd',
          // The order of a deleted account takes no payment: checkout only reaches the user's own.
          metadata: { orderId: order.id, userId: order.userId ?? '', attempt: String(attempt) },
          automatic_payment_methods: { enabled: true },
        },
        { idempotencyKey: paymentAttemptKey(order.id, attempt) },
      );
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError)) throw error;
      if (!keyStillOpen(error)) await this.orders.recordPaymentAttempt(manager, order.id, attempt, null);
      return { stripeFailed: error, attempt };
    }
    await this.orders.recordPaymentAttempt(manager, order.id, attempt, intent.id);
    // Stripe always gives the client secret to the holder of the secret key.
    return { clientSecret: intent.client_secret! };
  }
}

/** Stripe's idempotency key of an order's payment attempt. */
const paymentAttemptKey = (orderId: string, attempt: number) => `order-${orderId}-attempt-${attempt}`;
