import { randomUUID } from 'node:crypto';
import {
  commerceMessages,
  MAX_CART_LINES,
  orderClosedResponseSchema,
  orderCreatedDataSchema,
  subjects,
  teamMessages,
} from '@portal/contracts';
import { authMessages } from '@portal/auth';
import { expectJsonError, postRawBody, startForSuite } from '@portal/testing';
import { catalog } from '../packages/catalog.seed';
import {
  createPaymentIntent,
  type Customer,
  line,
  payWithCard,
  startCommerce,
  stripeClientOf,
  TEST_PAYMENT_WINDOW_MINUTES,
} from '../test/commerce-harness';
import { UnpaidOrdersSweep } from './unpaid-orders-sweep.service';

const GOOD_CARD = '4242424242424242';
const THREE_D_SECURE_CARD = '4000002500003155';
/** The fake Stripe's own card that stays processing until settled (libs/testing). */
const PROCESSING_CARD = '4000000000007726';

describe('POST /api/create-payment-intent', () => {
  const stack = startForSuite(startCommerce);
  let customer: Customer;
  const [inbound, outbound, automation] = catalog;

  const rows = (sql: string, params: unknown[] = []) => stack().service.dataSource.query(sql, params);
  const count = async (sql: string, params: unknown[] = []) =>
    ((await rows(sql, params)) as { n: number }[])[0].n;
  const ordersOf = (user: Customer) =>
    count('SELECT count(*)::int AS n FROM orders WHERE user_id = $1', [user.id]);
  const createdEventsOf = (user: Customer) =>
    count(`SELECT count(*)::int AS n FROM outbox WHERE subject = $1 AND data->>'userId' = $2`, [
      subjects.orderCreated,
      user.id,
    ]);
  const checkout = (body: unknown, key?: string, who: Customer | undefined = customer) =>
    createPaymentIntent(stack(), who, body, key);

  beforeEach(async () => {
    customer = await stack().signIn();
  });

  it('places a pending order priced from the catalog, with its items, its event and a PaymentIntent', async () => {
    const response = await checkout({ items: [line(inbound.id, 2), line(automation.id)] });
    expect(response.status).toBe(201);
    const { orderId, clientSecret } = response.body;

    const [order] = await rows('SELECT * FROM orders WHERE id = $1', [orderId]);
    expect(order).toMatchObject({
      user_id: customer.id,
      organization_id: customer.organizationId,
      status: 'pending',
      total: '3997.00',
      idempotency_key: null,
    });
    const intent = stack().stripe.paymentIntents.get(order.stripe_payment_intent_id)!;
    expect(intent).toMatchObject({
      amount: 399700,
      currency: 'usd',
      client_secret: clientSecret,
      metadata: { orderId, userId: customer.id },
      automatic_payment_methods: { enabled: true },
    });

    const items = await rows(
      'SELECT package_id, package_name, quantity, price FROM order_items WHERE order_id = $1 ORDER BY package_name',
      [orderId],
    );
    expect(items).toEqual([
      { package_id: automation.id, package_name: 'AI Automation', quantity: 1, price: '999.00' },
      { package_id: inbound.id, package_name: 'Inbound Support', quantity: 2, price: '1499.00' },
    ]);

    const [event] = await rows('SELECT * FROM outbox WHERE subject = $1 AND data->>$2 = $3', [
      subjects.orderCreated,
      'orderId',
      orderId,
    ]);
    expect(event).toMatchObject({ type: 'order.created', version: 1, published_at: null });
    expect(orderCreatedDataSchema.parse(event.data)).toEqual({
      orderId,
      userId: customer.id,
      organizationId: customer.organizationId,
      total: '3997.00',
      currency: 'usd',
      items: [
        { packageId: inbound.id, name: 'Inbound Support', quantity: 2, price: '1499.00' },
        { packageId: automation.id, name: 'AI Automation', quantity: 1, price: '999.00' },
      ],
      createdAt: new Date(order.created_at).toISOString(),
    });
  });

  describe('prices come from the catalog only', () => {
    it('refuses a price or a total sent by the client, and stores nothing', async () => {
      const withPrice = await checkout({ items: [{ ...line(inbound.id), price: '0.01' }] });
      expect(withPrice).toMatchObject({
        status: 400,
        body: { statusCode: 400, message: expect.stringContaining('"price"') },
      });
      const withTotal = await checkout({ items: [line(inbound.id)], total: '0.01' });
      expect(withTotal.body).toEqual({ statusCode: 400, message: 'Unrecognized key: "total"' });
      expect(await ordersOf(customer)).toBe(0);
    });

    it('keeps what an order cost when the catalog price changes afterwards', async () => {
      const before = await checkout({ items: [line(outbound.id, 3)] });
      await rows('UPDATE packages SET price = 1.00 WHERE id = $1', [outbound.id]);
      try {
        const after = await checkout({ items: [line(outbound.id, 3)] });
        const totals = await rows('SELECT id, total FROM orders WHERE id = ANY($1)', [
          [before.body.orderId, after.body.orderId],
        ]);
        expect(
          Object.fromEntries(totals.map((row: { id: string; total: string }) => [row.id, row.total])),
        ).toEqual({
          [before.body.orderId]: '5997.00',
          [after.body.orderId]: '3.00',
        });
        const [item] = await rows('SELECT price FROM order_items WHERE order_id = $1', [before.body.orderId]);
        expect(item.price).toBe('1999.00');
      } finally {
        await rows('UPDATE packages SET price = $2 WHERE id = $1', [outbound.id, outbound.price]);
      }
    });

    it('refuses an order larger than a card payment can take', async () => {
      const [{ id }] = await rows(
        `INSERT INTO packages (name, price, features) VALUES ('Enterprise Floor', 20000.00, '[]') RETURNING id`,
      );
      const response = await checkout({ items: [line(id, 50)] });
      expect(response.body).toEqual({ statusCode: 400, message: commerceMessages.orderTooLarge });
      expect(await ordersOf(customer)).toBe(0);
    });
  });

  describe('refuses every malformed cart with its message, storing nothing', () => {
    const unknownId = randomUUID();
    let inactiveId: string;
    beforeAll(async () => {
      [{ id: inactiveId }] = await rows(
        `INSERT INTO packages (name, price, features, is_active) VALUES ('Retired Plan', 10.00, '[]', false) RETURNING id`,
      );
    });

    it.each([
      [
        'an unknown package',
        () => ({ items: [line(inbound.id), line(unknownId)] }),
        () => `${commerceMessages.unknownPackage}: ${unknownId}`,
      ],
      [
        'a package no longer sold',
        () => ({ items: [line(inactiveId)] }),
        () => `${commerceMessages.unknownPackage}: ${inactiveId}`,
      ],
      ['a quantity of 0', () => ({ items: [line(inbound.id, 0)] }), () => commerceMessages.quantityInvalid],
      [
        'a quantity of 101',
        () => ({ items: [line(inbound.id, 101)] }),
        () => commerceMessages.quantityInvalid,
      ],
      [
        'a quantity of 1.5',
        () => ({ items: [line(inbound.id, 1.5)] }),
        () => commerceMessages.quantityInvalid,
      ],
      [
        'a quantity as text',
        () => ({ items: [{ packageId: inbound.id, quantity: '2' }] }),
        () => commerceMessages.quantityInvalid,
      ],
      [
        'a missing quantity',
        () => ({ items: [{ packageId: inbound.id }] }),
        () => commerceMessages.quantityInvalid,
      ],
      [
        'a package id that is not one',
        () => ({ items: [line('inbound-support')] }),
        () => commerceMessages.packageIdInvalid,
      ],
      [
        'the same package twice',
        () => ({ items: [line(inbound.id), line(inbound.id.toUpperCase(), 2)] }),
        () => commerceMessages.duplicatePackage,
      ],
      ['no items', () => ({ items: [] }), () => commerceMessages.emptyCart],
      ['no items field', () => ({}), () => commerceMessages.emptyCart],
      [
        `more than ${MAX_CART_LINES} lines`,
        () => ({ items: Array.from({ length: MAX_CART_LINES + 1 }, () => line(randomUUID())) }),
        () => commerceMessages.tooManyLines,
      ],
    ])('%s', async (_, body, message) => {
      const response = await checkout(body());
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ statusCode: 400, message: message() });
      expect(await ordersOf(customer)).toBe(0);
    });

    it('answers JSON errors to a body that is not JSON, or not well-formed', async () => {
      const post = (body: string, contentType: string) =>
        postRawBody(`${stack().service.baseUrl}/api/create-payment-intent`, body, contentType, {
          authorization: `Bearer ${customer.token}`,
        });
      await expectJsonError(await post('items=1', 'text/plain'), 415);
      await expectJsonError(await post('{"items": [', 'application/json'), 400);
    });
  });

  it('answers 401 without a valid token, and lets only members who may pay check out', async () => {
    const anonymous = await createPaymentIntent(stack(), undefined, { items: [line(inbound.id)] });
    expect(anonymous).toMatchObject({
      status: 401,
      body: { statusCode: 401, message: 'Authentication required' },
    });
    const forged = await checkout({ items: [line(inbound.id)] }, undefined, {
      ...customer,
      token: `${customer.token}x`,
    });
    expect(forged.status).toBe(401);
    const organizationId = randomUUID();
    for (const orgRole of ['owner', 'admin', 'billing'] as const) {
      const payer = await stack().signIn('customer', { org: organizationId, orgRole });
      const response = await checkout({ items: [line(inbound.id)] }, undefined, payer);
      expect(response.status).toBe(201);
      const [order] = await rows('SELECT user_id, organization_id FROM orders WHERE id = $1', [
        response.body.orderId,
      ]);
      expect(order).toEqual({ user_id: payer.id, organization_id: organizationId });
    }
    for (const orgRole of ['crm_manager', 'member'] as const) {
      const other = await stack().signIn('customer', { org: organizationId, orgRole });
      expect(await checkout({ items: [line(inbound.id)] }, undefined, other)).toMatchObject({
        status: 403,
        body: { statusCode: 403, message: teamMessages.notAllowed },
      });
      expect(await ordersOf(other)).toBe(0);
    }
    const staff = await stack().signIn('billing', { org: null, orgRole: null });
    expect(await checkout({ items: [line(inbound.id)] }, undefined, staff)).toMatchObject({
      status: 403,
      body: { statusCode: 403, message: authMessages.forbidden },
    });
  });

  it('writes the order, its items and its event together or not at all', async () => {
    // A trigger makes this customer's order.created fail after the order and its items are written.
    await rows(`
      CREATE FUNCTION refuse_event() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.data->>'userId' = '${customer.id}' THEN RAISE EXCEPTION 'outbox unavailable'; END IF;
        RETURN NEW;
      END $$`);
    await rows(
      'CREATE TRIGGER refuse_event BEFORE INSERT ON outbox FOR EACH ROW EXECUTE FUNCTION refuse_event()',
    );
    try {
      const response = await checkout({ items: [line(inbound.id), line(outbound.id)] });
      expect(response.body).toEqual({ statusCode: 500, message: 'Internal server error' });
      expect(await ordersOf(customer)).toBe(0);
      expect(
        await count(
          'SELECT count(*)::int AS n FROM order_items i LEFT JOIN orders o ON o.id = i.order_id WHERE o.id IS NULL',
        ),
      ).toBe(0);
      expect(await createdEventsOf(customer)).toBe(0);
    } finally {
      await rows('DROP TRIGGER refuse_event ON outbox');
      await rows('DROP FUNCTION refuse_event');
    }
    expect((await checkout({ items: [line(inbound.id)] })).status).toBe(201);
  });

  describe('with an Idempotency-Key', () => {
    const cart = () => ({ items: [line(inbound.id), line(automation.id, 2)] });
    const key = () => `cart-${randomUUID()}`;

    it('answers a repeat of the same cart with the same order and client secret', async () => {
      const idempotencyKey = key();
      const first = await checkout(cart(), idempotencyKey);
      // The same cart with its lines in another order is the same cart.
      const again = await checkout({ items: [...cart().items].reverse() }, idempotencyKey);
      expect(first.status).toBe(201);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(await ordersOf(customer)).toBe(1);
      expect(await createdEventsOf(customer)).toBe(1);
    });

    it('refuses the key with a different cart', async () => {
      const idempotencyKey = key();
      await checkout(cart(), idempotencyKey);
      for (const other of [
        { items: [line(inbound.id)] },
        { items: [line(inbound.id), line(automation.id, 3)] },
      ]) {
        const response = await checkout(other, idempotencyKey);
        expect(response.body).toEqual({ statusCode: 422, message: commerceMessages.idempotencyKeyReused });
      }
      expect(await ordersOf(customer)).toBe(1);
    });

    it('makes one order however many identical requests race', async () => {
      const idempotencyKey = key();
      const answers = await Promise.all(Array.from({ length: 8 }, () => checkout(cart(), idempotencyKey)));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
      expect(new Set(answers.map((answer) => answer.body.orderId)).size).toBe(1);
      expect(new Set(answers.map((answer) => answer.body.clientSecret)).size).toBe(1);
      expect(await ordersOf(customer)).toBe(1);
      expect(await createdEventsOf(customer)).toBe(1);
      const intents = [...stack().stripe.paymentIntents.values()].filter(
        (intent) => intent.metadata.orderId === answers[0].body.orderId,
      );
      expect(intents).toHaveLength(1);
    });

    it('keeps keys apart per user', async () => {
      const idempotencyKey = key();
      const other = await stack().signIn();
      const mine = await checkout(cart(), idempotencyKey);
      const theirs = await checkout(cart(), idempotencyKey, other);
      expect(theirs.status).toBe(201);
      expect(theirs.body.orderId).not.toBe(mine.body.orderId);
    });

    it("keeps a member's keys apart per organization", async () => {
      const idempotencyKey = key();
      const mine = await checkout(cart(), idempotencyKey);
      // The same user, acting in another organization with a token scoped to it.
      const elsewhere = { ...(await stack().signIn('customer', { sub: customer.id })), id: customer.id };
      const theirs = await checkout(cart(), idempotencyKey, elsewhere);
      expect(theirs.status).toBe(201);
      expect(theirs.body.orderId).not.toBe(mine.body.orderId);
      const again = await checkout(cart(), idempotencyKey, elsewhere);
      expect(again).toMatchObject({ status: 200, body: { orderId: theirs.body.orderId } });
      expect((await checkout(cart(), idempotencyKey)).body.orderId).toBe(mine.body.orderId);
      const owners = await rows('SELECT organization_id FROM orders WHERE user_id = $1 ORDER BY created_at', [
        customer.id,
      ]);
      expect(owners).toEqual([
        { organization_id: customer.organizationId },
        { organization_id: elsewhere.organizationId },
      ]);
    });

    it('refuses a malformed key', async () => {
      for (const bad of ['short', 'has spaces in it', 'x'.repeat(256)]) {
        const response = await checkout(cart(), bad);
        expect(response.body).toEqual({ statusCode: 400, message: commerceMessages.idempotencyKeyInvalid });
      }
      expect(await ordersOf(customer)).toBe(0);
    });
  });

  describe('payment attempts', () => {
    const cart = () => ({ items: [line(outbound.id)] });
    const key = () => `cart-${randomUUID()}`;
    const orderRow = async (orderId: string) =>
      (
        await rows(
          'SELECT status, payment_attempt, stripe_payment_intent_id, canceled_at FROM orders WHERE id = $1',
          [orderId],
        )
      )[0];
    const paymentEventsOf = async (orderId: string) =>
      (
        await rows(`SELECT subject FROM outbox WHERE data->>'orderId' = $1 AND subject <> $2 ORDER BY seq`, [
          orderId,
          subjects.orderCreated,
        ])
      ).map((row: { subject: string }) => row.subject);
    const closed = (
      orderId: string,
      orderStatus: 'processing' | 'completed' | 'canceled',
      message: string,
    ) => ({
      statusCode: 409,
      message,
      orderId,
      orderStatus,
    });

    afterEach(async () => {
      await stack().stripe.webhooks.release();
      await stack().stripe.settled();
    });

    it('answers 502 when Stripe fails the first attempt, and the retry succeeds with a new attempt and key', async () => {
      const idempotencyKey = key();
      stack().stripe.failNext();
      const failed = await checkout(cart(), idempotencyKey);
      expect(failed.body).toEqual({ statusCode: 502, message: commerceMessages.paymentProviderFailed });
      const [pending] = await rows('SELECT * FROM orders WHERE user_id = $1', [customer.id]);
      expect(pending).toMatchObject({
        status: 'pending',
        stripe_payment_intent_id: null,
        payment_attempt: 1,
        total: '1999.00',
      });

      // Stripe saved the 500 under the first attempt's key; the retry is the second attempt.
      const retried = await checkout(cart(), idempotencyKey);
      expect(retried.status).toBe(200);
      expect(retried.body.orderId).toBe(pending.id);
      const order = await orderRow(pending.id);
      expect(order).toMatchObject({ status: 'pending', payment_attempt: 2 });
      expect(stack().stripe.paymentIntents.get(order.stripe_payment_intent_id)).toMatchObject({
        client_secret: retried.body.clientSecret,
        metadata: { orderId: pending.id, userId: customer.id, attempt: '2' },
      });
      expect(await ordersOf(customer)).toBe(1);
    });

    it('serialises two tabs paying one cart at once: one creation at Stripe, the same client secret', async () => {
      const idempotencyKey = key();
      const creations = stack().stripe.createRequests;
      // A slow Stripe: the first creation is still in flight when the second tab asks.
      stack().stripe.latencyMs = 300;
      let tabs;
      try {
        tabs = await Promise.all([checkout(cart(), idempotencyKey), checkout(cart(), idempotencyKey)]);
      } finally {
        stack().stripe.latencyMs = 0;
      }
      expect(tabs.map((tab) => tab.status).sort()).toEqual([200, 201]);
      expect(tabs[1].body).toEqual(tabs[0].body);
      expect(stack().stripe.createRequests - creations).toBe(1);
      expect(await orderRow(tabs[0].body.orderId)).toMatchObject({ payment_attempt: 1 });
    });

    it('hands out no client secret for a paid order: 409 completed', async () => {
      const idempotencyKey = key();
      const first = await checkout(cart(), idempotencyKey);
      expect(await payWithCard(stack(), first.body.clientSecret, GOOD_CARD)).toBe(200);
      const again = await checkout(cart(), idempotencyKey);
      expect(again.status).toBe(409);
      expect(orderClosedResponseSchema.parse(again.body)).toEqual(
        closed(first.body.orderId, 'completed', commerceMessages.orderAlreadyPaid),
      );
      expect(again.body).not.toHaveProperty('clientSecret');
    });

    it('completes an order Stripe was paid for before its webhook came, as the webhook would, once', async () => {
      const idempotencyKey = key();
      const first = await checkout(cart(), idempotencyKey);
      stack().stripe.webhooks.hold();
      expect(await payWithCard(stack(), first.body.clientSecret, GOOD_CARD)).toBe(200);
      const again = await checkout(cart(), idempotencyKey);
      expect(again.body).toEqual(closed(first.body.orderId, 'completed', commerceMessages.orderAlreadyPaid));
      expect(await orderRow(first.body.orderId)).toMatchObject({ status: 'completed' });
      await stack().stripe.webhooks.release();
      await stack().stripe.settled();
      expect(await paymentEventsOf(first.body.orderId)).toEqual([subjects.orderPaid]);
    });

    it('answers 409 processing while the bank has not answered, and takes no second payment', async () => {
      const idempotencyKey = key();
      const first = await checkout(cart(), idempotencyKey);
      expect(await payWithCard(stack(), first.body.clientSecret, PROCESSING_CARD)).toBe(200);
      const again = await checkout(cart(), idempotencyKey);
      expect(again.body).toEqual(
        closed(first.body.orderId, 'processing', commerceMessages.paymentProcessing),
      );
      expect(await orderRow(first.body.orderId)).toMatchObject({ status: 'processing', payment_attempt: 1 });
    });

    it('hands out the same client secret while 3-D Secure waits for the customer', async () => {
      const idempotencyKey = key();
      const first = await checkout(cart(), idempotencyKey);
      expect(await payWithCard(stack(), first.body.clientSecret, THREE_D_SECURE_CARD)).toBe(200);
      const again = await checkout(cart(), idempotencyKey);
      expect(again).toMatchObject({ status: 200, body: first.body });
    });

    it('answers 409 canceled for an order not paid in time; a new Idempotency-Key starts a new order', async () => {
      const idempotencyKey = key();
      const first = await checkout(cart(), idempotencyKey);
      await rows(`UPDATE orders SET created_at = now() - make_interval(mins => $2) WHERE id = $1`, [
        first.body.orderId,
        TEST_PAYMENT_WINDOW_MINUTES + 1,
      ]);
      await stack().service.app.get(UnpaidOrdersSweep).sweep();
      const again = await checkout(cart(), idempotencyKey);
      expect(again.body).toEqual(closed(first.body.orderId, 'canceled', commerceMessages.orderCanceled));
      const fresh = await checkout(cart(), key());
      expect(fresh.status).toBe(201);
      expect(fresh.body.orderId).not.toBe(first.body.orderId);
    });

    it('makes a new attempt when the PaymentIntent was canceled at Stripe before its webhook came', async () => {
      const idempotencyKey = key();
      const first = await checkout(cart(), idempotencyKey);
      const { stripe_payment_intent_id: canceledId } = await orderRow(first.body.orderId);
      stack().stripe.webhooks.hold();
      await stripeClientOf(stack()).paymentIntents.cancel(canceledId);
      const again = await checkout(cart(), idempotencyKey);
      expect(again.status).toBe(200);
      expect(again.body.clientSecret).not.toBe(first.body.clientSecret);
      const order = await orderRow(first.body.orderId);
      expect(order).toMatchObject({ status: 'pending', payment_attempt: 2 });
      expect(order.stripe_payment_intent_id).not.toBe(canceledId);
      // The late event is about a PaymentIntent the order no longer pays with.
      await stack().stripe.webhooks.release();
      await stack().stripe.settled();
      expect(await orderRow(first.body.orderId)).toMatchObject({ status: 'pending', canceled_at: null });
      expect(await paymentEventsOf(first.body.orderId)).toEqual([]);
    });
  });
});
