import { commerceMessages, subjects } from '@portal/contracts';
import { closedPort, startForSuite } from '@portal/testing';
import { catalog } from '../packages/catalog.seed';
import { UnpaidOrdersSweep } from '../payments/unpaid-orders-sweep.service';
import {
  createPaymentIntent,
  line,
  postSignedEvent,
  postStripeWebhook,
  startCommerce,
} from '../test/commerce-harness';

describe('without Stripe settings', () => {
  const stack = startForSuite(() =>
    startCommerce({ stripe: { secretKey: undefined, webhookSecret: undefined } }),
  );

  it('answers checkout 503 and writes no order and no event', async () => {
    const customer = await stack().signIn();
    const response = await createPaymentIntent(
      stack(),
      customer,
      { items: [line(catalog[0].id)] },
      'cart-0001',
    );
    expect(response.body).toEqual({ statusCode: 503, message: commerceMessages.paymentsNotConfigured });
    const [{ orders, events }] = await stack().service.dataSource.query(
      `SELECT (SELECT count(*)::int FROM orders) AS orders,
              (SELECT count(*)::int FROM outbox WHERE subject <> $1) AS events`,
      [subjects.catalogChanged],
    );
    expect({ orders, events }).toEqual({ orders: 0, events: 0 });
  });

  it('answers the webhook 503, so Stripe retries once it is configured', async () => {
    const response = await postStripeWebhook(
      stack(),
      '{"id":"evt_1","object":"event"}',
      'application/json',
      't=1,v1=abc',
    );
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ statusCode: 503, message: 'Stripe webhooks are not configured' });
  });
});

describe('with a webhook secret but no secret key', () => {
  const stack = startForSuite(() => startCommerce({ stripe: { secretKey: undefined } }));

  it('answers the webhook 503: it could not read the PaymentIntent the event is about', async () => {
    const status = await postSignedEvent(stack(), 'payment_intent.succeeded', {
      id: 'pi_1',
      amount: 100,
      currency: 'usd',
    });
    expect(status).toBe(503);
    expect(await stack().service.dataSource.query('SELECT id FROM stripe_events')).toEqual([]);
  });
});

describe('with Stripe unreachable', () => {
  const stack = startForSuite(async () =>
    startCommerce({ stripe: { apiUrl: `http://127.0.0.1:${await closedPort()}` } }),
  );

  it('answers 502 and leaves the order pending without a PaymentIntent', async () => {
    const customer = await stack().signIn();
    const response = await createPaymentIntent(stack(), customer, { items: [line(catalog[1].id)] });
    expect(response.body).toEqual({ statusCode: 502, message: commerceMessages.paymentProviderFailed });
    const orders = await stack().service.dataSource.query(
      'SELECT status, stripe_payment_intent_id FROM orders WHERE user_id = $1',
      [customer.id],
    );
    expect(orders).toEqual([{ status: 'pending', stripe_payment_intent_id: null }]);
  });

  it('keeps the attempt when no answer came, so the next request reuses its idempotency key', async () => {
    const customer = await stack().signIn();
    for (let i = 0; i < 2; i += 1) {
      const response = await createPaymentIntent(
        stack(),
        customer,
        { items: [line(catalog[2].id)] },
        'cart-0002',
      );
      expect(response.status).toBe(502);
    }
    const orders = await stack().service.dataSource.query(
      'SELECT payment_attempt, stripe_payment_intent_id FROM orders WHERE user_id = $1',
      [customer.id],
    );
    expect(orders).toEqual([{ payment_attempt: 0, stripe_payment_intent_id: null }]);
  });

  describe('an unpaid order past its window, whose PaymentIntent Stripe cannot be asked about', () => {
    let orderId: string;
    beforeAll(async () => {
      [{ id: orderId }] = await stack().service.dataSource.query(
        `INSERT INTO orders (user_id, status, total, stripe_payment_intent_id, payment_attempt, created_at)
         VALUES (gen_random_uuid(), 'pending', 1499.00, 'pi_unreachable', 1, now() - interval '2 days')
         RETURNING id`,
      );
    });
    const statusOf = async () =>
      (await stack().service.dataSource.query('SELECT status FROM orders WHERE id = $1', [orderId]))[0]
        .status;

    it('is left pending for the next sweep', async () => {
      expect(await stack().service.app.get(UnpaidOrdersSweep).sweep()).toBe(0);
      expect(await statusOf()).toBe('pending');
    });

    it('answers its webhook 503 and records nothing, so Stripe delivers it again', async () => {
      const status = await postSignedEvent(stack(), 'payment_intent.canceled', {
        id: 'pi_unreachable',
        amount: 149900,
        currency: 'usd',
        metadata: { orderId },
      });
      expect(status).toBe(503);
      expect(await stack().service.dataSource.query('SELECT id FROM stripe_events')).toEqual([]);
      expect(await statusOf()).toBe('pending');
    });
  });
});
