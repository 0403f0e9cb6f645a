import { commerceMessages } from '@portal/contracts';
import { closedPort, startForSuite } from '@portal/testing';
import { catalog } from '../packages/catalog.seed';
import { createPaymentIntent, line, postStripeWebhook, startCommerce } from '../test/commerce-harness';

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
      'SELECT (SELECT count(*)::int FROM orders) AS orders, (SELECT count(*)::int FROM outbox) AS events',
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
});
