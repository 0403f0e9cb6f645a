import { randomUUID } from 'node:crypto';
import { authMessages } from '@portal/auth';
import {
  commerceMessages,
  createRefundResponseSchema,
  orderDetailMessages,
  orderDetailSchema,
  staffOrderDetailSchema,
  staffOrderListResponseSchema,
  subjects,
} from '@portal/contracts';
import { request, startForSuite } from '@portal/testing';
import { catalog } from '../packages/catalog.seed';
import {
  createPaymentIntent,
  type Customer,
  line,
  payWithCard,
  startCommerce,
  stripeClientOf,
} from '../test/commerce-harness';

const GOOD_CARD = '4242424242424242';
/** Stripe's refund test card: the refund succeeds, then fails later (expired_or_canceled_card). */
const REFUND_FAILS_LATER_CARD = '4000000000005126';

describe('staff orders and refunds', () => {
  const stack = startForSuite(startCommerce);
  const [inbound, outbound] = catalog;
  let staff: Customer;
  let owner: Customer;

  const call = (method: 'GET' | 'POST', path: string, who?: Customer, body?: unknown, headers = {}) =>
    request(stack().service.baseUrl, method, path, { token: who?.token, body, headers });
  const refund = (orderId: string, body: unknown = {}, who: Customer = staff, headers = {}) =>
    call('POST', `/api/commerce/staff/orders/${orderId}/refunds`, who, body, headers);
  const rows = (sql: string, params: unknown[] = []) => stack().service.dataSource.query(sql, params);
  const refundEvents = async (orderId: string) =>
    (
      (await rows('SELECT data FROM outbox WHERE subject = $1 AND data->>$2 = $3 ORDER BY seq', [
        subjects.orderRefunded,
        'orderId',
        orderId,
      ])) as { data: Record<string, unknown> }[]
    ).map((row) => row.data);
  const customerView = async (orderId: string, who = owner) =>
    orderDetailSchema.parse((await call('GET', `/api/user/orders/${orderId}`, who)).body);
  const staffView = async (orderId: string) =>
    staffOrderDetailSchema.parse((await call('GET', `/api/commerce/staff/orders/${orderId}`, staff)).body);

  /** A paid order of `who`: inbound ($1,499.00) and outbound ($1,999.00) = $3,498.00. */
  async function paidOrder(who = owner, card = GOOD_CARD): Promise<string> {
    const { body } = await createPaymentIntent(stack(), who, {
      items: [line(inbound.id), line(outbound.id)],
    });
    expect(await payWithCard(stack(), body.clientSecret, card)).toBe(200);
    return body.orderId;
  }

  /** A paid order confirmed with a test PaymentMethod (Stripe's `pm_card_…`), as the merchant would. */
  async function paidWith(paymentMethod: string): Promise<string> {
    const { body } = await createPaymentIntent(stack(), owner, { items: [line(inbound.id)] });
    const intentId = body.clientSecret.slice(0, body.clientSecret.indexOf('_secret_'));
    await stripeClientOf(stack()).paymentIntents.confirm(intentId, { payment_method: paymentMethod });
    await stack().stripe.settled();
    return body.orderId;
  }

  beforeAll(async () => {
    [staff, owner] = await Promise.all([
      stack().signIn('admin'),
      stack().signIn('customer', { orgRole: 'owner' }),
    ]);
  });

  it('refunds part of a paid order, then the rest, never more than was paid, announcing each refund', async () => {
    const orderId = await paidOrder();
    const part = await refund(orderId, { amount: '500.00', reason: 'requested_by_customer' });
    expect(part.status).toBe(201);
    const first = createRefundResponseSchema.parse(part.body);
    expect(first.refund).toMatchObject({
      amount: '500.00',
      status: 'succeeded',
      reason: 'requested_by_customer',
      stripeRefundId: expect.stringMatching(/^re_/),
      requestedBy: staff.id,
    });
    expect(first.order).toMatchObject({
      paymentStatus: 'partially_refunded',
      amountPaid: '3498.00',
      amountRefunded: '500.00',
      refundable: '2998.00',
    });
    // Stripe got the amount in cents, for the order's PaymentIntent, naming the order.
    const atStripe = stack().stripe.refunds.get(first.refund.stripeRefundId!)!;
    expect(atStripe).toMatchObject({ amount: 50_000, metadata: { orderId, refundId: first.refund.id } });

    expect(await refund(orderId, { amount: '2998.01' })).toMatchObject({
      status: 400,
      body: { statusCode: 400, message: `${orderDetailMessages.refundTooLarge} ($2998.00 left to refund)` },
    });
    const rest = createRefundResponseSchema.parse((await refund(orderId)).body);
    expect(rest.refund).toMatchObject({ amount: '2998.00', status: 'succeeded' });
    expect(rest.order).toMatchObject({
      paymentStatus: 'refunded',
      amountRefunded: '3498.00',
      refundable: '0.00',
    });
    expect(await refund(orderId, { amount: '1.00' })).toMatchObject({
      status: 409,
      body: { statusCode: 409, message: orderDetailMessages.nothingLeftToRefund },
    });
    expect(stack().stripe.charges.get(atStripe.charge as string)).toMatchObject({ amount_refunded: 349_800 });

    await stack().stripe.settled();
    const customer = await customerView(orderId);
    expect(customer.status).toBe('completed');
    expect(customer.paymentStatus).toBe('refunded');
    expect(customer.history.map((step) => [step.kind, step.amount])).toEqual([
      ['created', '3498.00'],
      ['paid', '3498.00'],
      ['refunded', '500.00'],
      ['refunded', '2998.00'],
    ]);
    // One event per refund, however many webhooks Stripe sent about it.
    expect(await refundEvents(orderId)).toEqual([
      expect.objectContaining({
        amount: '500.00',
        totalRefunded: '500.00',
        fullyRefunded: false,
        userId: owner.id,
      }),
      expect.objectContaining({
        amount: '2998.00',
        totalRefunded: '3498.00',
        fullyRefunded: true,
        organizationId: owner.organizationId,
        refundId: rest.refund.stripeRefundId,
      }),
    ]);
    expect((await staffView(orderId)).refunds.map((each) => each.amount)).toEqual(['2998.00', '500.00']);
  });

  it('refuses a refund of an unpaid order, of an unknown one, and a malformed request', async () => {
    const { body } = await createPaymentIntent(stack(), owner, { items: [line(inbound.id)] });
    expect(await refund(body.orderId)).toMatchObject({
      status: 409,
      body: { message: orderDetailMessages.orderNotRefundable },
    });
    for (const id of [randomUUID(), 'not-an-id']) {
      expect(await refund(id)).toMatchObject({
        status: 404,
        body: { message: commerceMessages.orderNotFound },
      });
    }
    const paid = await paidOrder();
    for (const [bad, message] of [
      [{ amount: '0.00' }, orderDetailMessages.refundAmountInvalid],
      [{ amount: 10 }, orderDetailMessages.refundAmountInvalid],
      [{ amount: '-5.00' }, orderDetailMessages.refundAmountInvalid],
      [{ reason: 'changed_mind' }, orderDetailMessages.refundReasonInvalid],
    ] as const) {
      expect(await refund(paid, bad)).toMatchObject({ status: 400, body: { statusCode: 400, message } });
    }
    expect((await refund(paid, { amount: '1.00', orderId: paid })).status).toBe(400);
    expect((await refund(paid, {}, staff, { 'idempotency-key': 'short' })).status).toBe(400);
    expect((await staffView(paid)).refunds).toEqual([]);
  });

  it('lets only staff list, read and refund orders: a customer gets 403, no token 401', async () => {
    const orderId = await paidOrder();
    for (const [method, path] of [
      ['GET', '/api/commerce/staff/orders'],
      ['GET', `/api/commerce/staff/orders/${orderId}`],
      ['GET', `/api/commerce/staff/orders/${orderId}/invoice`],
      ['POST', `/api/commerce/staff/orders/${orderId}/refunds`],
    ] as const) {
      expect((await call(method, path, owner, method === 'POST' ? {} : undefined)).status).toBe(403);
      expect((await call(method, path, undefined, method === 'POST' ? {} : undefined)).status).toBe(401);
    }
    expect((await customerView(orderId)).paymentStatus).toBe('paid');
  });

  it('lets billing refund, and refuses a CRM manager with 403, moving no money', async () => {
    const orderId = await paidOrder();
    const manager = await stack().signIn('crm_manager');
    expect((await call('GET', `/api/commerce/staff/orders/${orderId}`, manager)).status).toBe(200);
    expect(await refund(orderId, { amount: '1.00' }, manager)).toMatchObject({
      status: 403,
      body: { statusCode: 403, message: authMessages.forbidden },
    });
    expect((await staffView(orderId)).refunds).toEqual([]);
    const billing = await stack().signIn('billing');
    expect((await refund(orderId, { amount: '1.00' }, billing)).status).toBe(201);
  });

  it('two staff refunding the whole order at once refund it once', async () => {
    const orderId = await paidOrder();
    const other = await stack().signIn('admin');
    const answers = await Promise.all([refund(orderId, {}, staff), refund(orderId, {}, other)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect((await staffView(orderId)).amountRefunded).toBe('3498.00');
    await stack().stripe.settled();
    expect(await refundEvents(orderId)).toHaveLength(1);
  });

  it('answers a retry with the same Idempotency-Key with the same refund, made once at Stripe', async () => {
    const orderId = await paidOrder();
    const key = `refund-${randomUUID()}`;
    const first = createRefundResponseSchema.parse(
      (await refund(orderId, { amount: '10.00' }, staff, { 'idempotency-key': key })).body,
    );
    const again = createRefundResponseSchema.parse(
      (await refund(orderId, { amount: '10.00' }, staff, { 'idempotency-key': key })).body,
    );
    expect(again.refund.id).toBe(first.refund.id);
    expect(again.order.amountRefunded).toBe('10.00');
    expect(
      [...stack().stripe.refunds.values()].filter((each) => each.metadata?.orderId === orderId),
    ).toHaveLength(1);
    expect(await refund(orderId, { amount: '20.00' }, staff, { 'idempotency-key': key })).toMatchObject({
      status: 409,
    });
  });

  it('follows a pending refund to succeeded through its webhook', async () => {
    const orderId = await paidWith('pm_card_pendingRefund');
    const answer = createRefundResponseSchema.parse((await refund(orderId)).body);
    expect(answer.refund.status).toBe('pending');
    expect(answer.order).toMatchObject({ paymentStatus: 'paid', amountRefunded: '0.00', refundable: '0.00' });
    expect((await customerView(orderId)).history.map((step) => step.kind)).toEqual(['created', 'paid']);
    await stack().stripe.settled();
    expect(await refundEvents(orderId)).toEqual([]);

    stack().stripe.settleRefund(answer.refund.stripeRefundId!, 'succeeded');
    await stack().stripe.settled();
    const after = await staffView(orderId);
    expect(after).toMatchObject({ paymentStatus: 'refunded', amountRefunded: '1499.00' });
    expect(after.refunds[0].status).toBe('succeeded');
    expect(after.history.map((step) => step.kind)).toEqual(['created', 'paid', 'refunded']);
    expect(await refundEvents(orderId)).toEqual([
      expect.objectContaining({ amount: '1499.00', fullyRefunded: true }),
    ]);
  });

  it('gives the amount back when a refund fails later, and tells the customer in the history', async () => {
    const orderId = await paidOrder(owner, REFUND_FAILS_LATER_CARD);
    const answer = createRefundResponseSchema.parse((await refund(orderId, { amount: '100.00' })).body);
    expect(answer.refund.status).toBe('succeeded');
    await stack().stripe.settled();
    stack().stripe.settleRefund(answer.refund.stripeRefundId!, 'failed');
    await stack().stripe.settled();
    const after = await staffView(orderId);
    expect(after).toMatchObject({ paymentStatus: 'paid', amountRefunded: '0.00', refundable: '3498.00' });
    expect(after.refunds[0]).toMatchObject({ status: 'failed', failureReason: 'expired_or_canceled_card' });
    expect((await customerView(orderId)).history).toEqual([
      expect.objectContaining({ kind: 'created' }),
      expect.objectContaining({ kind: 'paid' }),
      expect.objectContaining({ kind: 'refunded', amount: '100.00' }),
      expect.objectContaining({
        kind: 'refund_failed',
        amount: '100.00',
        note: 'The card was expired or canceled, so the refund could not reach it.',
      }),
    ]);
    // The money is refundable again.
    expect((await refund(orderId, { amount: '3498.00' })).status).toBe(201);
  });

  it('answers 502 when Stripe fails the refund, and keeps nothing reserved', async () => {
    const orderId = await paidOrder();
    stack().stripe.failNextRefunds();
    expect(await refund(orderId, { amount: '50.00' })).toMatchObject({
      status: 502,
      body: { statusCode: 502, message: expect.stringContaining(orderDetailMessages.refundProviderFailed) },
    });
    const after = await staffView(orderId);
    expect(after).toMatchObject({ refundable: '3498.00', amountRefunded: '0.00' });
    expect(after.refunds[0]).toMatchObject({ status: 'failed', stripeRefundId: null });
    expect(after.history.map((step) => step.kind)).toEqual(['created', 'paid']);
  });

  it('records a refund made in Stripe’s dashboard from its webhook', async () => {
    const orderId = await paidOrder();
    const [{ stripe_payment_intent_id: intentId }] = await rows(
      'SELECT stripe_payment_intent_id FROM orders WHERE id = $1',
      [orderId],
    );
    await stripeClientOf(stack()).refunds.create({ payment_intent: intentId, amount: 2_500 });
    await stack().stripe.settled();
    const after = await staffView(orderId);
    expect(after).toMatchObject({ amountRefunded: '25.00', paymentStatus: 'partially_refunded' });
    expect(after.refunds).toEqual([
      expect.objectContaining({ amount: '25.00', status: 'succeeded', requestedBy: null }),
    ]);
    expect(await refundEvents(orderId)).toHaveLength(1);
  });

  it('lists every organization’s orders for staff, newest first, by organization and status, a page at a time', async () => {
    const other = await stack().signIn('customer', { orgRole: 'owner' });
    const mine = await paidOrder(other);
    const { body } = await createPaymentIntent(stack(), other, { items: [line(inbound.id)] });
    const list = async (query: string) => {
      const response = await call('GET', `/api/commerce/staff/orders${query}`, staff);
      expect(response.status).toBe(200);
      return staffOrderListResponseSchema.parse(response.body);
    };
    const ofOther = await list(`?organizationId=${other.organizationId}`);
    expect(ofOther.orders.map((order) => order.id)).toEqual([body.orderId, mine]);
    expect(ofOther.orders[1]).toMatchObject({
      organizationId: other.organizationId,
      userId: other.id,
      paymentStatus: 'paid',
      invoiceNumber: 'INV-000001',
      refundable: '3498.00',
    });
    expect(
      (await list(`?organizationId=${other.organizationId}&status=pending`)).orders.map((o) => o.id),
    ).toEqual([body.orderId]);
    const first = await list('?limit=1');
    expect(first.orders).toHaveLength(1);
    const second = await list(`?limit=1&cursor=${first.nextCursor}`);
    expect(second.orders[0].id).not.toBe(first.orders[0].id);
    for (const query of ['?status=paid', '?organizationId=1', '?cursor=x', '?limit=500', '?userId=1']) {
      expect((await call('GET', `/api/commerce/staff/orders${query}`, staff)).status).toBe(400);
    }
    const invoice = await fetch(`${stack().service.baseUrl}/api/commerce/staff/orders/${mine}/invoice`, {
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(invoice.status).toBe(200);
    expect(invoice.headers.get('content-disposition')).toBe('attachment; filename="INV-000001.pdf"');
  });
});
