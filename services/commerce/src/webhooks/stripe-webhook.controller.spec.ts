import { randomUUID } from 'node:crypto';
import {
  orderCanceledDataSchema,
  orderFailedDataSchema,
  orderPaidDataSchema,
  subjects,
} from '@portal/contracts';
import { expectJsonError, type FakePaymentIntent, startForSuite } from '@portal/testing';
import Stripe from 'stripe';
import { catalog } from '../packages/catalog.seed';
import {
  createPaymentIntent,
  type Customer,
  line,
  payWithCard,
  postSignedEvent,
  postStripeWebhook,
  startCommerce,
  stripeClientOf,
  TEST_WEBHOOK_SECRET,
} from '../test/commerce-harness';

const GOOD_CARD = '4242424242424242';
const DECLINED_CARD = '4000000000000002';
const THREE_D_SECURE_CARD = '4000002500003155';
/** The fake Stripe's own card that stays processing until settled (libs/testing). */
const PROCESSING_CARD = '4000000000007726';

describe('POST /api/stripe/webhook', () => {
  const stack = startForSuite(startCommerce);
  let customer: Customer;
  const [inbound, outbound] = catalog;

  const rows = (sql: string, params: unknown[] = []) => stack().service.dataSource.query(sql, params);
  const statusOf = async (orderId: string) =>
    (await rows('SELECT status FROM orders WHERE id = $1', [orderId]))[0].status;
  const eventsOf = async (orderId: string) =>
    (await rows(
      `SELECT subject, data FROM outbox WHERE data->>'orderId' = $1 AND subject <> $2 ORDER BY seq`,
      [orderId, subjects.orderCreated],
    )) as { subject: string; data: unknown }[];

  /** A pending order with its PaymentIntent, as checkout leaves it. */
  async function placeOrder(): Promise<{ orderId: string; clientSecret: string; intent: FakePaymentIntent }> {
    const { body } = await createPaymentIntent(stack(), customer, {
      items: [line(inbound.id), line(outbound.id, 2)],
    });
    const [{ stripe_payment_intent_id: intentId }] = await rows(
      'SELECT stripe_payment_intent_id FROM orders WHERE id = $1',
      [body.orderId],
    );
    return { ...body, intent: stack().stripe.paymentIntents.get(intentId)! };
  }

  /** Stripe's view of the intent after an outcome, for hand-made events. */
  const as = (
    intent: FakePaymentIntent,
    status: FakePaymentIntent['status'],
    changes: Partial<FakePaymentIntent> = {},
  ) => ({ ...structuredClone(intent), status, ...changes }) as FakePaymentIntent;

  const post = (payload: string, signature?: string) =>
    postStripeWebhook(stack(), payload, 'application/json', signature);

  /** The PaymentIntent as the fake Stripe holds it now. */
  const atStripe = (intent: FakePaymentIntent) =>
    structuredClone(stack().stripe.paymentIntents.get(intent.id)!);

  beforeEach(async () => {
    customer = await stack().signIn();
  });

  afterEach(async () => {
    await stack().stripe.webhooks.release();
    await stack().stripe.settled();
  });

  it('completes the order when the card is paid, with one portal.orders.paid', async () => {
    const { orderId, clientSecret, intent } = await placeOrder();
    expect(await payWithCard(stack(), clientSecret, GOOD_CARD)).toBe(200);
    expect(stack().stripe.deliveries.at(-1)).toMatchObject({
      status: 200,
      event: { type: 'payment_intent.succeeded' },
    });

    const polled = await fetch(`${stack().service.baseUrl}/api/user/orders/${orderId}`, {
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(await polled.json()).toMatchObject({ id: orderId, status: 'completed', total: '5497.00' });

    const events = await eventsOf(orderId);
    expect(events.map((event) => event.subject)).toEqual([subjects.orderPaid]);
    expect(orderPaidDataSchema.parse(events[0].data)).toEqual({
      orderId,
      userId: customer.id,
      organizationId: customer.organizationId,
      total: '5497.00',
      paymentIntentId: intent.id,
      paidAt: expect.any(String),
    });
  });

  it('fails the order on a declined card; another card then completes it; each event once', async () => {
    const { orderId, clientSecret, intent } = await placeOrder();
    expect(await payWithCard(stack(), clientSecret, DECLINED_CARD)).toBe(402);
    expect(await statusOf(orderId)).toBe('failed');
    // A second declined attempt changes nothing more.
    expect(await payWithCard(stack(), clientSecret, DECLINED_CARD)).toBe(402);
    expect(await payWithCard(stack(), clientSecret, GOOD_CARD)).toBe(200);
    expect(await statusOf(orderId)).toBe('completed');

    const events = await eventsOf(orderId);
    expect(events.map((event) => event.subject)).toEqual([subjects.orderFailed, subjects.orderPaid]);
    expect(orderFailedDataSchema.parse(events[0].data)).toEqual({
      orderId,
      userId: customer.id,
      organizationId: customer.organizationId,
      paymentIntentId: intent.id,
      reason: 'Your card was declined.',
      failedAt: expect.any(String),
    });
  });

  it('applies an event once however often Stripe repeats it', async () => {
    const { orderId, clientSecret, intent } = await placeOrder();
    stack().stripe.webhooks.hold();
    expect(await payWithCard(stack(), clientSecret, GOOD_CARD)).toBe(200);
    const paid = atStripe(intent);
    const id = `evt_${randomUUID().replace(/-/g, '')}`;
    for (let i = 0; i < 3; i += 1) {
      expect(await postSignedEvent(stack(), 'payment_intent.succeeded', paid, id)).toBe(200);
    }
    // Concurrent repeats too.
    const repeats = await Promise.all(
      [1, 2, 3].map(() => postSignedEvent(stack(), 'payment_intent.succeeded', paid, id)),
    );
    expect(repeats).toEqual([200, 200, 200]);
    expect(await statusOf(orderId)).toBe('completed');
    expect(await rows('SELECT id FROM stripe_events WHERE id = $1', [id])).toHaveLength(1);
    // Stripe's own delivery of the same outcome (another event id) changes nothing more.
    await stack().stripe.webhooks.release();
    await stack().stripe.settled();
    expect((await eventsOf(orderId)).map((event) => event.subject)).toEqual([subjects.orderPaid]);
  });

  it('keeps a completed order completed when a failure arrives late', async () => {
    const { orderId, clientSecret, intent } = await placeOrder();
    expect(await payWithCard(stack(), clientSecret, GOOD_CARD)).toBe(200);
    const late = await postSignedEvent(stack(), 'payment_intent.payment_failed', {
      ...atStripe(intent),
      status: 'requires_payment_method',
      last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    expect(late).toBe(200);
    expect(await statusOf(orderId)).toBe('completed');
    expect((await eventsOf(orderId)).map((event) => event.subject)).toEqual([subjects.orderPaid]);
  });

  it('applies the state Stripe gives the PaymentIntent now, not the one an event carries', async () => {
    const { orderId, intent } = await placeOrder();
    // A correctly signed event claiming a payment that Stripe never took.
    expect(
      await postSignedEvent(stack(), 'payment_intent.succeeded', {
        ...atStripe(intent),
        status: 'succeeded',
      }),
    ).toBe(200);
    expect(await statusOf(orderId)).toBe('pending');
    expect(await eventsOf(orderId)).toEqual([]);
  });

  describe('every PaymentIntent state', () => {
    it('processing: the order is processing until the bank answers, then completed', async () => {
      const { orderId, clientSecret, intent } = await placeOrder();
      expect(await payWithCard(stack(), clientSecret, PROCESSING_CARD)).toBe(200);
      expect(await statusOf(orderId)).toBe('processing');
      expect(await eventsOf(orderId)).toEqual([]);
      stack().stripe.settle(intent.id, 'succeeded');
      await stack().stripe.settled();
      expect(await statusOf(orderId)).toBe('completed');
      expect((await eventsOf(orderId)).map((event) => event.subject)).toEqual([subjects.orderPaid]);
    });

    it('processing then declined: the order fails, and the customer can pay it again', async () => {
      const { orderId, clientSecret, intent } = await placeOrder();
      expect(await payWithCard(stack(), clientSecret, PROCESSING_CARD)).toBe(200);
      expect(await statusOf(orderId)).toBe('processing');
      stack().stripe.settle(intent.id, 'failed');
      await stack().stripe.settled();
      expect(await statusOf(orderId)).toBe('failed');
      expect(await payWithCard(stack(), clientSecret, GOOD_CARD)).toBe(200);
      expect(await statusOf(orderId)).toBe('completed');
      expect((await eventsOf(orderId)).map((event) => event.subject)).toEqual([
        subjects.orderFailed,
        subjects.orderPaid,
      ]);
    });

    it('requires_action (3-D Secure): the order waits, still pending', async () => {
      const { orderId, clientSecret, intent } = await placeOrder();
      expect(await payWithCard(stack(), clientSecret, THREE_D_SECURE_CARD)).toBe(200);
      expect(atStripe(intent).status).toBe('requires_action');
      expect(stack().stripe.deliveries.at(-1)).toMatchObject({
        status: 200,
        event: { type: 'payment_intent.requires_action' },
      });
      expect(await statusOf(orderId)).toBe('pending');
      expect(await eventsOf(orderId)).toEqual([]);
    });

    it('canceled at Stripe: the order is canceled, with one portal.orders.canceled', async () => {
      const { orderId, intent } = await placeOrder();
      await stripeClientOf(stack()).paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' });
      await stack().stripe.settled();
      const [order] = await rows('SELECT status, canceled_at FROM orders WHERE id = $1', [orderId]);
      expect(order).toEqual({ status: 'canceled', canceled_at: expect.any(Date) });
      const events = await eventsOf(orderId);
      expect(events.map((event) => event.subject)).toEqual([subjects.orderCanceled]);
      expect(orderCanceledDataSchema.parse(events[0].data)).toEqual({
        orderId,
        userId: customer.id,
        organizationId: customer.organizationId,
        paymentIntentId: intent.id,
        reason: 'payment_intent_canceled',
        canceledAt: order.canceled_at.toISOString(),
      });
    });

    it('a payment taken all the same completes a canceled order', async () => {
      const { orderId, clientSecret } = await placeOrder();
      stack().stripe.webhooks.hold();
      expect(await payWithCard(stack(), clientSecret, GOOD_CARD)).toBe(200);
      // The order was canceled meanwhile (not paid in time as far as commerce knew).
      await rows(`UPDATE orders SET status = 'canceled', canceled_at = now() WHERE id = $1`, [orderId]);
      await stack().stripe.webhooks.release();
      await stack().stripe.settled();
      expect(await rows('SELECT status, canceled_at FROM orders WHERE id = $1', [orderId])).toEqual([
        { status: 'completed', canceled_at: null },
      ]);
      expect((await eventsOf(orderId)).map((event) => event.subject)).toEqual([subjects.orderPaid]);
    });
  });

  describe('events twice, late or out of order', () => {
    /** Every event id Stripe delivered is recorded once (a repeat stops there). */
    const expectRecordedOnce = async (deliveries: { event: { id: string } }[]) => {
      const ids = [...new Set(deliveries.map((delivery) => delivery.event.id))];
      const recorded = await rows('SELECT id FROM stripe_events WHERE id = ANY($1)', [ids]);
      expect(recorded.map((row: { id: string }) => row.id).sort()).toEqual(ids.sort());
    };

    it('a succeeded seen before processing stays completed, each transition announced once', async () => {
      const { orderId, clientSecret, intent } = await placeOrder();
      stack().stripe.webhooks.hold();
      expect(await payWithCard(stack(), clientSecret, PROCESSING_CARD)).toBe(200);
      stack().stripe.settle(intent.id, 'succeeded');
      const deliveries = await stack().stripe.webhooks.release({ order: 'reverse', duplicate: true });
      await stack().stripe.settled();
      expect(deliveries.map((delivery) => [delivery.event.type, delivery.status])).toEqual([
        ['payment_intent.succeeded', 200],
        ['payment_intent.succeeded', 200],
        ['payment_intent.processing', 200],
        ['payment_intent.processing', 200],
      ]);
      await expectRecordedOnce(deliveries);
      expect(await statusOf(orderId)).toBe('completed');
      expect((await eventsOf(orderId)).map((event) => event.subject)).toEqual([subjects.orderPaid]);
    });

    it('a decline then a payment, reversed, ends completed; the late decline changes nothing', async () => {
      const { orderId, clientSecret } = await placeOrder();
      stack().stripe.webhooks.hold();
      expect(await payWithCard(stack(), clientSecret, DECLINED_CARD)).toBe(402);
      expect(await payWithCard(stack(), clientSecret, GOOD_CARD)).toBe(200);
      await stack().stripe.webhooks.release({ order: 'reverse', duplicate: true });
      await stack().stripe.settled();
      expect(await statusOf(orderId)).toBe('completed');
      expect((await eventsOf(orderId)).map((event) => event.subject)).toEqual([subjects.orderPaid]);
    });

    it('a processing event that comes after the payment failed leaves the order failed', async () => {
      const { orderId, clientSecret, intent } = await placeOrder();
      stack().stripe.webhooks.hold();
      expect(await payWithCard(stack(), clientSecret, PROCESSING_CARD)).toBe(200);
      stack().stripe.settle(intent.id, 'failed');
      const deliveries = await stack().stripe.webhooks.release({ order: 'reverse' });
      await stack().stripe.settled();
      await expectRecordedOnce(deliveries);
      expect(await statusOf(orderId)).toBe('failed');
      expect((await eventsOf(orderId)).map((event) => event.subject)).toEqual([subjects.orderFailed]);
    });
  });

  it('acknowledges, and ignores, events for no order of ours, for another amount or another PaymentIntent', async () => {
    const { orderId, intent } = await placeOrder();
    const strangers = [
      as(intent, 'succeeded', { metadata: { orderId: randomUUID(), userId: customer.id } }),
      as(intent, 'succeeded', { metadata: {} }),
      as(intent, 'succeeded', { amount: 100 }),
      as(intent, 'succeeded', { id: 'pi_someoneelse' }),
    ];
    for (const stranger of strangers) {
      expect((await stack().stripe.sendEvent('payment_intent.succeeded', stranger)).status).toBe(200);
    }
    expect((await stack().stripe.sendEvent('charge.refunded', as(intent, 'succeeded'))).status).toBe(200);
    expect(await statusOf(orderId)).toBe('pending');
    expect(await eventsOf(orderId)).toEqual([]);
  });

  it('refuses a missing, wrong or expired signature with 400 and changes nothing', async () => {
    const { orderId, clientSecret, intent } = await placeOrder();
    stack().stripe.webhooks.hold();
    expect(await payWithCard(stack(), clientSecret, GOOD_CARD)).toBe(200);
    const payload = JSON.stringify({
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: { object: atStripe(intent) },
    });
    const sign = (secret: string, timestamp?: number) =>
      Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;

    const refused = [
      await post(payload),
      await post(payload, sign('whsec_someoneelse')),
      await post(payload, sign(TEST_WEBHOOK_SECRET, tenMinutesAgo)),
      await post(payload.replace('"succeeded"', '"succeeded" '), sign(TEST_WEBHOOK_SECRET)),
      await post(payload, 'garbage'),
    ];
    for (const response of refused) {
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        statusCode: 400,
        message: expect.stringMatching(/Stripe-Signature|signature/),
      });
    }
    expect(await statusOf(orderId)).toBe('pending');
    expect(await eventsOf(orderId)).toEqual([]);

    // The very same bytes, correctly signed, are taken.
    const accepted = await post(payload, sign(TEST_WEBHOOK_SECRET));
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ received: true });
    expect(await statusOf(orderId)).toBe('completed');
  });

  it('refuses a correctly signed event it cannot read with a 400 naming the field, and changes nothing', async () => {
    const { orderId, intent } = await placeOrder();
    const event = {
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: { object: as(intent, 'succeeded') },
    };
    const malformed: [Record<string, unknown>, string][] = [
      [{ ...event, data: 16 }, 'data'],
      [{ ...event, data: { object: 'pi_123' } }, 'data.object'],
      [{ ...event, id: ['evt_1'] }, 'id'],
      [{ ...event, id: 'evt_\u0000' }, 'id'],
      [{ ...event, created: 1e300 }, 'created'],
      [{ ...event, type: null }, 'type'],
      [{ ...event, data: { object: { ...as(intent, 'succeeded'), id: 'pi 1' } } }, 'data.object.id'],
      [{ ...event, data: { object: { ...as(intent, 'succeeded'), metadata: 7 } } }, 'data.object.metadata'],
    ];
    for (const [body, field] of malformed) {
      const payload = JSON.stringify(body);
      const response = await post(
        payload,
        Stripe.webhooks.generateTestHeaderString({ payload, secret: TEST_WEBHOOK_SECRET }),
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        statusCode: 400,
        message: expect.stringContaining(`Malformed Stripe event: ${field}`),
      });
    }
    expect(await statusOf(orderId)).toBe('pending');
    expect(await eventsOf(orderId)).toEqual([]);
  });

  it('answers JSON errors to a body that is not JSON', async () => {
    await expectJsonError(await postStripeWebhook(stack(), 'hello', 'text/plain', 't=1,v1=x'), 415);
  });
});
