import { BadGatewayException, Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import type { AuthenticatedUser } from '@portal/auth';
import {
  type CartLine,
  commerceMessages,
  type CreatePaymentIntentResponse,
  moneyToCents,
} from '@portal/contracts';
import Stripe from 'stripe';
import { OrdersService } from '../orders/orders.service';
import { STRIPE_CLIENT } from '../stripe/stripe.module';
import { OrderPlacementService, type PayableOrder } from './order-placement.service';

export interface PaymentIntentResult {
  response: CreatePaymentIntentResponse;
  /** False when the request repeated an earlier one (same idempotency key and cart). */
  created: boolean;
}

@Injectable()
export class PaymentIntentsService {
  private readonly logger = new Logger('PaymentIntents');

  constructor(
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe | null,
    private readonly placement: OrderPlacementService,
    private readonly orders: OrdersService,
  ) {}

  /**
   * Checkout: a pending order for the cart, then its Stripe PaymentIntent, whose client secret the
   * browser confirms the card with. Nothing is written while payments are not configured.
   */
  async create(
    user: AuthenticatedUser,
    cart: CartLine[],
    idempotencyKey?: string,
  ): Promise<PaymentIntentResult> {
    const stripe = this.stripe;
    if (!stripe) throw new ServiceUnavailableException(commerceMessages.paymentsNotConfigured);
    const { order, created } = await this.placement.place(user, cart, idempotencyKey);
    const clientSecret = await this.clientSecretFor(stripe, order);
    return { response: { clientSecret, orderId: order.id }, created };
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
      await stripe.paymentIntents.update(
        id,
        { metadata: { userId: '' } },
        { idempotencyKey: `forget-user-${id}` },
      );
    }
  }

  /**
   * The order's PaymentIntent, made on first need. Stripe's idempotency key is derived from the order,
   * so a retry after a failure or a concurrent repeat gets the same PaymentIntent, never a second one.
   */
  private async clientSecretFor(stripe: Stripe, order: PayableOrder): Promise<string> {
    let intent: Stripe.PaymentIntent;
    try {
      intent = order.stripePaymentIntentId
        ? await stripe.paymentIntents.retrieve(order.stripePaymentIntentId)
        : await stripe.paymentIntents.create(
            {
              amount: moneyToCents(order.total),
              currency: 'usd',
              metadata: { orderId: order.id, userId: order.userId },
              automatic_payment_methods: { enabled: true },
            },
            { idempotencyKey: `order-${order.id}` },
          );
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError)) throw error;
      this.logger.error(
        `Stripe failed the PaymentIntent of order ${order.id}: ${error.type} ${error.message}`,
      );
      throw new BadGatewayException(commerceMessages.paymentProviderFailed);
    }
    if (!order.stripePaymentIntentId) await this.orders.attachPaymentIntent(order.id, intent.id);
    // Stripe always gives the client secret to the holder of the secret key.
    return intent.client_secret!;
  }
}
