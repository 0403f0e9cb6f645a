import { orderCanceledDataSchema, subjects } from '@portal/contracts';
import { startForSuite } from '@portal/testing';
import { catalog } from '../packages/catalog.seed';
import {
  createPaymentIntent,
  type Customer,
  line,
  payWithCard,
  startCommerce,
  TEST_PAYMENT_WINDOW_MINUTES,
} from '../test/commerce-harness';
import { UnpaidOrdersSweep } from './unpaid-orders-sweep.service';

const GOOD_CARD = '4242424242424242';
const DECLINED_CARD = '4000000000000002';
/** The fake Stripe's own card that stays processing until settled (libs/testing). */
const PROCESSING_CARD = '4000000000007726';

describe('the sweep of orders not paid within the payment window', () => {
  const stack = startForSuite(startCommerce);
  let customer: Customer;
  const [inbound, outbound] = catalog;

  const rows = (sql: string, params: unknown[] = []) => stack().service.dataSource.query(sql, params);
  const sweep = () => stack().service.app.get(UnpaidOrdersSweep).sweep();
  const order = async (orderId: string) =>
    (
      await rows('SELECT status, canceled_at, stripe_payment_intent_id FROM orders WHERE id = $1', [orderId])
    )[0] as { status: string; canceled_at: Date | null; stripe_payment_intent_id: string | null };
  const eventsOf = async (orderId: string) =>
    (await rows(
      `SELECT subject, data FROM outbox WHERE data->>'orderId' = $1 AND subject <> $2 ORDER BY seq`,
      [orderId, subjects.orderCreated],
    )) as { subject: string; data: unknown }[];
  /** Places an order (with its PaymentIntent) and dates it `minutes` back. */
  const placedAgo = async (minutes: number) => {
    const { body } = await createPaymentIntent(stack(), customer, {
      items: [line(inbound.id), line(outbound.id)],
    });
    await rows('UPDATE orders SET created_at = now() - make_interval(mins => $2) WHERE id = $1', [
      body.orderId,
      minutes,
    ]);
    return body;
  };
  const expired = () => placedAgo(TEST_PAYMENT_WINDOW_MINUTES + 1);

  beforeEach(async () => {
    customer = await stack().signIn();
  });

  afterEach(async () => {
    await stack().stripe.webhooks.release();
    await stack().stripe.settled();
  });

  it('cancels an order past the window and its PaymentIntent at Stripe, with one portal.orders.canceled', async () => {
    const late = await expired();
    const recent = await placedAgo(TEST_PAYMENT_WINDOW_MINUTES - 1);
    expect(await sweep()).toBeGreaterThanOrEqual(1);

    const canceled = await order(late.orderId);
    expect(canceled).toMatchObject({ status: 'canceled', canceled_at: expect.any(Date) });
    expect(stack().stripe.paymentIntents.get(canceled.stripe_payment_intent_id!)).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'abandoned',
    });
    const events = await eventsOf(late.orderId);
    expect(events.map((event) => event.subject)).toEqual([subjects.orderCanceled]);
    expect(orderCanceledDataSchema.parse(events[0].data)).toEqual({
      orderId: late.orderId,
      userId: customer.id,
      organizationId: customer.organizationId,
      paymentIntentId: canceled.stripe_payment_intent_id,
      reason: 'payment_window_expired',
      canceledAt: canceled.canceled_at!.toISOString(),
    });
    // Stripe's canceled event, once delivered, changes nothing more.
    await stack().stripe.settled();
    expect(await eventsOf(late.orderId)).toHaveLength(1);

    const kept = await order(recent.orderId);
    expect(kept).toMatchObject({ status: 'pending', canceled_at: null });
    expect(stack().stripe.paymentIntents.get(kept.stripe_payment_intent_id!)?.status).toBe(
      'requires_payment_method',
    );
    // A second sweep finds nothing more to do with them.
    await sweep();
    expect(await eventsOf(late.orderId)).toHaveLength(1);
    expect((await order(recent.orderId)).status).toBe('pending');
  });

  it('cancels a failed order, and one whose PaymentIntent Stripe never made', async () => {
    const declined = await expired();
    expect(await payWithCard(stack(), declined.clientSecret, DECLINED_CARD)).toBe(402);
    stack().stripe.failNext();
    const unmade = await createPaymentIntent(stack(), customer, { items: [line(inbound.id, 3)] });
    expect(unmade.status).toBe(502);
    // TypeORM answers an UPDATE … RETURNING as [rows, affected].
    const [[{ id: unmadeId }]] = await rows(
      `UPDATE orders SET created_at = now() - interval '1 day'
       WHERE user_id = $1 AND stripe_payment_intent_id IS NULL RETURNING id`,
      [customer.id],
    );

    await sweep();
    expect((await order(declined.orderId)).status).toBe('canceled');
    expect((await eventsOf(declined.orderId)).map((event) => event.subject)).toEqual([
      subjects.orderFailed,
      subjects.orderCanceled,
    ]);
    expect(await order(unmadeId)).toMatchObject({ status: 'canceled', stripe_payment_intent_id: null });
    const [canceled] = await eventsOf(unmadeId);
    expect(orderCanceledDataSchema.parse(canceled.data)).toMatchObject({
      paymentIntentId: null,
      reason: 'payment_window_expired',
    });
  });

  it('cancels an order whose PaymentIntent this Stripe account does not know (demo data, another account)', async () => {
    const orphan = await expired();
    await rows(`UPDATE orders SET stripe_payment_intent_id = 'pi_demo_203' WHERE id = $1`, [orphan.orderId]);

    await sweep();
    expect(await order(orphan.orderId)).toMatchObject({
      status: 'canceled',
      stripe_payment_intent_id: 'pi_demo_203',
    });
    const [canceled] = await eventsOf(orphan.orderId);
    expect(orderCanceledDataSchema.parse(canceled.data)).toMatchObject({
      paymentIntentId: 'pi_demo_203',
      reason: 'payment_window_expired',
    });
  });

  it('leaves a processing payment to finish: the order follows its PaymentIntent instead', async () => {
    const processing = await expired();
    stack().stripe.webhooks.hold();
    expect(await payWithCard(stack(), processing.clientSecret, PROCESSING_CARD)).toBe(200);
    await sweep();
    const kept = await order(processing.orderId);
    expect(kept.status).toBe('processing');
    expect(stack().stripe.paymentIntents.get(kept.stripe_payment_intent_id!)?.status).toBe('processing');
    expect(await eventsOf(processing.orderId)).toEqual([]);
    // The next sweep leaves it too; the bank's answer completes it.
    await sweep();
    stack().stripe.settle(kept.stripe_payment_intent_id!, 'succeeded');
    await stack().stripe.webhooks.release();
    await stack().stripe.settled();
    expect((await order(processing.orderId)).status).toBe('completed');
    expect((await eventsOf(processing.orderId)).map((event) => event.subject)).toEqual([subjects.orderPaid]);
  });

  it('completes an order whose payment Stripe took before its webhook came, rather than cancel it', async () => {
    const paid = await expired();
    stack().stripe.webhooks.hold();
    expect(await payWithCard(stack(), paid.clientSecret, GOOD_CARD)).toBe(200);
    await sweep();
    expect((await order(paid.orderId)).status).toBe('completed');
    await stack().stripe.webhooks.release();
    await stack().stripe.settled();
    expect((await eventsOf(paid.orderId)).map((event) => event.subject)).toEqual([subjects.orderPaid]);
  });

  it('leaves orders a checkout holds to a later sweep', async () => {
    const held = await expired();
    const runner = stack().service.dataSource.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      await runner.query('SELECT id FROM orders WHERE id = $1 FOR UPDATE', [held.orderId]);
      await sweep();
      expect((await order(held.orderId)).status).toBe('pending');
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
    await sweep();
    expect((await order(held.orderId)).status).toBe('canceled');
  });
});
