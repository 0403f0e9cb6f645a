import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type BeforeApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Stripe from 'stripe';
import type { DataSource, EntityManager } from 'typeorm';
import { COMMERCE_CONFIG, type CommerceConfig } from '../config';
import { type LockedOrder, OrdersService } from '../orders/orders.service';
import { isUnknownAtStripe } from '../stripe/stripe-errors';
import { STRIPE_CLIENT } from '../stripe/stripe.module';
import { PaymentOutcomesService } from './payment-outcomes.service';

const SWEEP_EVERY_MS = 60_000;
/** Orders locked (and their PaymentIntents canceled at Stripe) per transaction. */
const BATCH_SIZE = 20;
/** The states in which nothing was paid yet: the sweep cancels these PaymentIntents. */
const awaitingTheCustomer: readonly Stripe.PaymentIntent.Status[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
];

/**
 * Cancels the orders not paid within the payment window (`ORDER_PAYMENT_WINDOW_MINUTES` after they
 * were placed), every minute: each pending or failed order's PaymentIntent is canceled at Stripe
 * (`abandoned`), then the order (`portal.orders.canceled`, reason `payment_window_expired`). A
 * PaymentIntent Stripe will not cancel because it is processing or succeeded moves its order instead;
 * one Stripe cannot be asked about now is left for the next sweep. Orders are locked with SKIP LOCKED,
 * so replicas share the work and a checkout in progress is not waited for.
 */
@Injectable()
export class UnpaidOrdersSweep implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('UnpaidOrdersSweep');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> = Promise.resolve(0);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe | null,
    @Inject(COMMERCE_CONFIG) private readonly config: Pick<CommerceConfig, 'paymentWindowMinutes'>,
    private readonly orders: OrdersService,
    private readonly outcomes: PaymentOutcomesService,
  ) {}

  /** Without a Stripe account no order takes a payment, so there is nothing to sweep. */
  onApplicationBootstrap(): void {
    if (!this.stripe) return;
    this.timer = setInterval(() => void this.sweep().catch(() => undefined), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running.catch(() => undefined);
  }

  /** One sweep, after any sweep of this process still running; answers how many orders it canceled. */
  sweep(): Promise<number> {
    this.running = this.running
      .catch(() => 0)
      .then(() => this.cancelExpired())
      .catch((error: unknown) => {
        this.logger.warn(`sweep of unpaid orders failed: ${(error as Error).message}`);
        throw error;
      });
    return this.running;
  }

  private async cancelExpired(): Promise<number> {
    let canceled = 0;
    let after: { createdAt: Date; id: string } | undefined;
    for (;;) {
      const batch = await this.dataSource.transaction(async (manager) => {
        const orders = await this.orders.lockUnpaidOlderThan(
          manager,
          this.config.paymentWindowMinutes,
          BATCH_SIZE,
          after,
        );
        let done = 0;
        for (const order of orders) if (await this.expire(manager, order)) done += 1;
        return { orders, done };
      });
      canceled += batch.done;
      const last = batch.orders.at(-1);
      if (!last || batch.orders.length < BATCH_SIZE) break;
      after = { createdAt: last.createdAt, id: last.id };
    }
    if (canceled > 0) this.logger.log(`canceled ${canceled} orders not paid within the payment window`);
    return canceled;
  }

  /** Cancels the order and its PaymentIntent; false when it was left as it is or moved otherwise. */
  private async expire(manager: EntityManager, order: LockedOrder): Promise<boolean> {
    const why = `payment window of ${this.config.paymentWindowMinutes} minutes`;
    const cancel = (paymentIntentId: string | null) =>
      this.outcomes.cancel(manager, order, {
        paymentIntentId,
        reason: 'payment_window_expired',
        at: new Date(),
        why,
      });
    const intentId = order.stripePaymentIntentId;
    if (!intentId) {
      await cancel(null);
      return true;
    }
    const intent = await this.cancelAtStripe(intentId);
    if (!intent) return false;
    if (intent === 'unknown at Stripe' || intent.status === 'canceled') {
      await cancel(intentId);
      return true;
    }
    await this.outcomes.apply(manager, order, intent, { why: `${why}: PaymentIntent not cancelable` });
    return false;
  }

  /**
   * The PaymentIntent once canceled at Stripe, or as it is when it must not be canceled: a payment
   * already processing (Stripe would cancel some of those) or taken, or one canceled already; undefined
   * when Stripe cannot answer now; 'unknown at Stripe' when this Stripe account has no such
   * PaymentIntent (another account's, or the demo data's), which can then take no payment either. It
   * is read first, and read again when Stripe refuses the cancel because its state changed meanwhile.
   * No fixed idempotency key: Stripe would replay a failure saved under it to every later sweep for a
   * day; the SDK keys each request for its own network retry.
   */
  private async cancelAtStripe(id: string): Promise<Stripe.PaymentIntent | 'unknown at Stripe' | undefined> {
    const stripe = this.stripe;
    if (!stripe) {
      this.logger.warn(`PaymentIntent ${id} cannot be canceled: STRIPE_SECRET_KEY is not set`);
      return undefined;
    }
    try {
      const intent = await stripe.paymentIntents.retrieve(id);
      if (!awaitingTheCustomer.includes(intent.status)) return intent;
      try {
        return await stripe.paymentIntents.cancel(id, { cancellation_reason: 'abandoned' });
      } catch (error) {
        const unexpectedState =
          error instanceof Stripe.errors.StripeInvalidRequestError &&
          error.code === 'payment_intent_unexpected_state';
        if (!unexpectedState) throw error;
        return await stripe.paymentIntents.retrieve(id);
      }
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError)) throw error;
      if (isUnknownAtStripe(error)) {
        this.logger.warn(`PaymentIntent ${id} is unknown to this Stripe account: its order is canceled`);
        return 'unknown at Stripe';
      }
      this.logger.warn(
        `PaymentIntent ${id} not canceled, left for the next sweep: ${error.type} ${error.message}`,
      );
      return undefined;
    }
  }
}
