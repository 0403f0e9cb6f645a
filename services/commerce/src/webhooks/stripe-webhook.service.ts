import { BadRequestException, Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { moneyToCents } from '@portal/contracts';
import { enqueueCatalogEvent } from '@portal/events';
import Stripe from 'stripe';
import type { DataSource, EntityManager } from 'typeorm';
import { OrdersService, type PaidForOrder } from '../orders/orders.service';
import { STRIPE_WEBHOOK_SECRET } from '../stripe/stripe.module';
import {
  firstIssue,
  type StripeEventEnvelope,
  stripeEventSchema,
  stripePaymentIntentSchema,
  type StripePaymentIntentView,
} from './stripe-event';

/** Stripe's default tolerance: a signature older than five minutes is a replay. */
const SIGNATURE_TOLERANCE_SECONDS = 300;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The payment outcomes an order follows, and the status each one leads to. */
const outcomes: Record<string, 'completed' | 'failed'> = {
  'payment_intent.succeeded': 'completed',
  'payment_intent.payment_failed': 'failed',
};

@Injectable()
export class StripeWebhookService {
  private readonly logger = new Logger('StripeWebhook');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly orders: OrdersService,
    @Inject(STRIPE_WEBHOOK_SECRET) private readonly secret: string | null,
  ) {}

  /** Verifies the event's signature, then applies it once, whatever the order Stripe sends events in. */
  async handle(payload: Buffer, signature: string | undefined): Promise<void> {
    if (!this.secret) throw new ServiceUnavailableException('Stripe webhooks are not configured');
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
    const outcome = outcomes[event.data.type];
    if (!outcome) {
      this.logger.debug(`ignored Stripe event ${event.data.id} (${event.data.type})`);
      return;
    }
    const intent = stripePaymentIntentSchema.safeParse(event.data.data.object);
    if (!intent.success) {
      throw new BadRequestException(`Malformed Stripe event: data.object.${firstIssue(intent.error)}`);
    }
    await this.dataSource.transaction((manager) => this.apply(manager, event.data, intent.data, outcome));
  }

  /**
   * One transaction: the event id is recorded (a repeat stops here), then the order moves. Completed
   * is final; failed may still become completed (the customer retries with another card).
   */
  private async apply(
    manager: EntityManager,
    event: StripeEventEnvelope,
    intent: StripePaymentIntentView,
    outcome: 'completed' | 'failed',
  ): Promise<void> {
    const fresh = await manager.query(
      'INSERT INTO stripe_events (id, type) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING id',
      [event.id, event.type],
    );
    if (fresh.length === 0) {
      this.logger.log(`Stripe event ${event.id} (${event.type}) already handled`);
      return;
    }
    const order = await this.lockOrder(manager, intent);
    if (!order) return;
    const moves = outcome === 'completed' ? order.status !== 'completed' : order.status === 'pending';
    if (!moves) {
      this.logger.log(`order ${order.id} stays ${order.status} on ${event.type} (${event.id})`);
      return;
    }
    await this.orders.settlePayment(manager, order.id, outcome, intent.id);
    if (order.userId === null) {
      // The account was deleted meanwhile: the order's status stays true for accounting, but there is
      // no one left to tell (dashboard, KPIs), so nothing is announced.
      this.logger.log(`order ${order.id} of a deleted account ${outcome} by ${event.type} (${event.id})`);
      return;
    }
    const at = new Date(event.created * 1000).toISOString();
    const owner = { orderId: order.id, userId: order.userId, organizationId: order.organizationId };
    if (outcome === 'completed') {
      await enqueueCatalogEvent(manager, 'orderPaid', {
        ...owner,
        total: order.total,
        paymentIntentId: intent.id,
        paidAt: at,
      });
    } else {
      await enqueueCatalogEvent(manager, 'orderFailed', {
        ...owner,
        paymentIntentId: intent.id,
        reason: intent.last_payment_error?.message ?? null,
        failedAt: at,
      });
    }
    this.logger.log(`order ${order.id} ${outcome} by ${event.type} (${event.id})`);
  }

  /**
   * The order the PaymentIntent pays for, locked for the update, when the intent really is its
   * payment: same PaymentIntent id (or none recorded yet), amount and currency. Otherwise the event
   * is acknowledged and logged, so Stripe stops retrying something that can never apply.
   */
  private async lockOrder(
    manager: EntityManager,
    intent: StripePaymentIntentView,
  ): Promise<PaidForOrder | undefined> {
    const orderId = intent.metadata?.orderId;
    if (typeof orderId !== 'string' || !UUID.test(orderId)) {
      this.logger.warn(
        `PaymentIntent ${intent.id} names no order (metadata.orderId ${JSON.stringify(orderId) ?? 'missing'})`,
      );
      return undefined;
    }
    const order = await this.orders.lockForPayment(manager, orderId);
    if (!order) {
      this.logger.warn(`PaymentIntent ${intent.id} names unknown order ${orderId}`);
      return undefined;
    }
    const matches =
      (order.stripePaymentIntentId ?? intent.id) === intent.id &&
      intent.amount === moneyToCents(order.total) &&
      intent.currency === 'usd';
    if (!matches) {
      this.logger.warn(
        `PaymentIntent ${intent.id} (${intent.amount} ${intent.currency}) does not pay order ${order.id} ` +
          `(${order.total} usd, PaymentIntent ${order.stripePaymentIntentId})`,
      );
      return undefined;
    }
    return order;
  }
}
