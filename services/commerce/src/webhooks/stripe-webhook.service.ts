import { BadRequestException, Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Stripe from 'stripe';
import type { DataSource, EntityManager } from 'typeorm';
import { OrdersService } from '../orders/orders.service';
import { PaymentOutcomesService } from '../payments/payment-outcomes.service';
import { RefundsService } from '../refunds/refunds.service';
import { isUnknownAtStripe } from '../stripe/stripe-errors';
import { STRIPE_CLIENT, STRIPE_WEBHOOK_SECRET } from '../stripe/stripe.module';
import {
  firstIssue,
  type StripeEventEnvelope,
  stripeEventSchema,
  stripePaymentIntentSchema,
  type StripePaymentIntentView,
  stripeRefundSchema,
} from './stripe-event';

/** Stripe's default tolerance: a signature older than five minutes is a replay. */
const SIGNATURE_TOLERANCE_SECONDS = 300;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The PaymentIntent events the webhook follows, and the state each one announces. */
const followed: Record<string, Stripe.PaymentIntent.Status> = {
  'payment_intent.succeeded': 'succeeded',
  'payment_intent.processing': 'processing',
  'payment_intent.payment_failed': 'requires_payment_method',
  'payment_intent.canceled': 'canceled',
  'payment_intent.requires_action': 'requires_action',
};

/**
 * The refund events the webhook follows (their `data.object` is a refund): each one's refund is read
 * back from Stripe and followed. `charge.refunded` is the same change seen from the charge, and its
 * refund has its own `refund.created`: it is not needed.
 */
const followedRefundEvents = new Set([
  'refund.created',
  'refund.updated',
  'refund.failed',
  'charge.refund.updated',
]);

@Injectable()
export class StripeWebhookService {
  private readonly logger = new Logger('StripeWebhook');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly orders: OrdersService,
    private readonly outcomes: PaymentOutcomesService,
    private readonly refunds: RefundsService,
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe | null,
    @Inject(STRIPE_WEBHOOK_SECRET) private readonly secret: string | null,
  ) {}

  /**
   * Verifies the event's signature, then applies it once: what it applies is the PaymentIntent's
   * state as Stripe answers it now, so events that come twice, late or out of order cannot move an
   * order backwards.
   */
  async handle(payload: Buffer, signature: string | undefined): Promise<void> {
    const stripe = this.stripe;
    if (!this.secret || !stripe) throw new ServiceUnavailableException('Stripe webhooks are not configured');
    if (!signature) throw new BadRequestException('Missing Stripe-Signature header');
    let signed: Stripe.Event;
    try {
      signed = Stripe.webhooks.constructEvent(payload, signature, this.secret, SIGNATURE_TOLERANCE_SECONDS);
    } catch (error) {
      this.logger.warn(`webhook refused: ${(error as Error).message}`);
      throw new BadRequestException('Invalid Stripe signature');
    }
    // Signed is not well-formed: what is read from the event is checked before anything is written.
    const event = stripeEventSchema.safeParse(signed);
    if (!event.success) throw new BadRequestException(`Malformed Stripe event: ${firstIssue(event.error)}`);
    if (followedRefundEvents.has(event.data.type)) {
      const refund = stripeRefundSchema.safeParse(event.data.data.object);
      if (!refund.success) {
        throw new BadRequestException(`Malformed Stripe event: data.object.${firstIssue(refund.error)}`);
      }
      await this.dataSource.transaction((manager) =>
        this.applyRefund(manager, stripe, event.data, refund.data.id),
      );
      return;
    }
    if (!followed[event.data.type]) {
      this.logger.debug(`ignored Stripe event ${event.data.id} (${event.data.type})`);
      return;
    }
    const intent = stripePaymentIntentSchema.safeParse(event.data.data.object);
    if (!intent.success) {
      throw new BadRequestException(`Malformed Stripe event: data.object.${firstIssue(intent.error)}`);
    }
    await this.dataSource.transaction((manager) => this.apply(manager, stripe, event.data, intent.data));
  }

  /**
   * One transaction: the event id is recorded (a repeat stops here), the order its PaymentIntent names
   * is locked, the PaymentIntent is read from Stripe and the order follows it. Stripe out of reach is a
   * 503 that rolls all of it back, so Stripe delivers the event again.
   */
  private async apply(
    manager: EntityManager,
    stripe: Stripe,
    event: StripeEventEnvelope,
    sent: StripePaymentIntentView,
  ): Promise<void> {
    const why = `${event.type} ${event.id}`;
    if (!(await this.recordFirst(manager, event, why))) return;
    const orderId = sent.metadata?.orderId;
    if (typeof orderId !== 'string' || !UUID.test(orderId)) {
      this.logger.warn(
        `PaymentIntent ${sent.id} names no order (metadata.orderId ${JSON.stringify(orderId) ?? 'missing'}, ${why})`,
      );
      return;
    }
    const order = await this.orders.lockForPayment(manager, orderId);
    if (!order) {
      this.logger.warn(`PaymentIntent ${sent.id} names unknown order ${orderId} (${why})`);
      return;
    }
    const intent = await this.current(stripe, sent.id, why);
    if (!intent) return;
    // The event's own time when it announces the state applied; else (it came late) the time it is read.
    const at = followed[event.type] === intent.status ? new Date(event.created * 1000) : new Date();
    await this.outcomes.apply(manager, order, intent, { at, why });
  }

  /** As `apply`, for a refund event: recorded once, the refund read back from Stripe, then followed. */
  private async applyRefund(
    manager: EntityManager,
    stripe: Stripe,
    event: StripeEventEnvelope,
    refundId: string,
  ): Promise<void> {
    const why = `${event.type} ${event.id}`;
    if (!(await this.recordFirst(manager, event, why))) return;
    let refund: Stripe.Refund;
    try {
      refund = await stripe.refunds.retrieve(refundId);
    } catch (error) {
      if (isUnknownAtStripe(error)) {
        this.logger.warn(`refund ${refundId} is unknown to Stripe (${why})`);
        return;
      }
      if (!(error instanceof Stripe.errors.StripeError)) throw error;
      throw new ServiceUnavailableException('Stripe could not be reached; deliver the event again');
    }
    await this.refunds.apply(manager, refund, { at: new Date(event.created * 1000), why });
  }

  /** Records the event's id in `stripe_events`; false (logged) for one handled already. */
  private async recordFirst(
    manager: EntityManager,
    event: StripeEventEnvelope,
    why: string,
  ): Promise<boolean> {
    const fresh: unknown[] = await manager.query(
      'INSERT INTO stripe_events (id, type) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING id',
      [event.id, event.type],
    );
    if (fresh.length === 0) this.logger.log(`Stripe event ${why} already handled`);
    return fresh.length > 0;
  }

  /** The PaymentIntent as Stripe has it now; undefined (logged) when Stripe knows no such PaymentIntent. */
  private async current(stripe: Stripe, id: string, why: string): Promise<Stripe.PaymentIntent | undefined> {
    try {
      return await stripe.paymentIntents.retrieve(id);
    } catch (error) {
      if (isUnknownAtStripe(error)) {
        this.logger.warn(`PaymentIntent ${id} is unknown to Stripe (${why})`);
        return undefined;
      }
      if (!(error instanceof Stripe.errors.StripeError)) throw error;
      this.logger.warn(
        `PaymentIntent ${id} could not be read from Stripe, ${why} left for a retry: ${error.type} ${error.message}`,
      );
      throw new ServiceUnavailableException('Stripe could not be reached; deliver the event again');
    }
  }
}
