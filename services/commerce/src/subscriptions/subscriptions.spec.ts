import { randomUUID } from 'node:crypto';
import { authMessages } from '@portal/auth';
import {
  addMonths,
  MONEY_BACK_DAYS,
  orderDetailSchema,
  SUBSCRIPTION_NOTICE_DAYS,
  type Subscription,
  subscriptionListSchema,
  subscriptionMessages,
  subscriptionSchema,
  staffRefundRequestListSchema,
  unstorableTextMessage,
  staffRefundRequestSchema,
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
const DAY_MS = 86_400_000;

describe('subscriptions', () => {
  const stack = startForSuite(startCommerce);
  const [inbound, outbound] = catalog;
  let staff: Customer;

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const call = (method: Method, path: string, who?: Customer, body?: unknown) =>
    request(stack().service.baseUrl, method, path, { token: who?.token, body });
  const rows = (sql: string, params: unknown[] = []) => stack().service.dataSource.query(sql, params);

  const list = async (who: Customer) => {
    const response = await call('GET', '/api/user/subscriptions', who);
    expect(response.status).toBe(200);
    return subscriptionListSchema.parse(response.body).subscriptions;
  };
  const one = async (who: Customer, packageName = inbound.name): Promise<Subscription> => {
    const found = (await list(who)).find((each) => each.packageName === packageName);
    if (!found) throw new Error(`no ${packageName} subscription`);
    return found;
  };
  const scheduleChange = (who: Customer, id: string, body: unknown) =>
    call('PUT', `/api/user/subscriptions/${id}/pending-change`, who, body);
  const cancel = (who: Customer, id: string) =>
    call('POST', `/api/user/subscriptions/${id}/cancellation`, who);
  const askRefund = (who: Customer, id: string, reason: unknown = 'Not what we needed') =>
    call('POST', `/api/user/subscriptions/${id}/refund-request`, who, { reason });

  /** A new organization's owner. */
  const newCustomer = (orgRole: Customer['orgRole'] = 'owner') => stack().signIn('customer', { orgRole });

  /** Pays an order of `who`: 2 × Inbound Support ($2,998.00) and 1 × Outbound Sales ($1,999.00) unless `items` say. */
  async function paidOrder(who: Customer, items = [line(inbound.id, 2), line(outbound.id)]): Promise<string> {
    const { body } = await createPaymentIntent(stack(), who, { items });
    expect(await payWithCard(stack(), body.clientSecret, GOOD_CARD)).toBe(200);
    return body.orderId;
  }

  /** Moves the subscription's first payment (and its periods, and its order's payment) to `startedAt`. */
  async function startedAt(id: string, start: Date): Promise<void> {
    await rows(
      `UPDATE subscriptions SET started_at = $2, current_period_start = $2, current_period_end = $3 WHERE id = $1`,
      [id, start, addMonths(start, 1)],
    );
    await rows(
      'UPDATE orders SET paid_at = $2 WHERE id = (SELECT order_id FROM subscriptions WHERE id = $1)',
      [id, start],
    );
  }

  beforeAll(async () => {
    staff = await stack().signIn('admin');
  });

  it('opens a subscription per package when the order is paid, billed monthly from the payment', async () => {
    const owner = await newCustomer();
    const unpaid = await createPaymentIntent(stack(), owner, { items: [line(inbound.id)] });
    expect(unpaid.status).toBe(201);
    expect(await list(owner)).toEqual([]);

    const orderId = await paidOrder(owner);
    const subscriptions = await list(owner);
    expect(
      subscriptions.map((each) => [each.packageName, each.quantity, each.unitPrice, each.status]),
    ).toEqual(
      expect.arrayContaining([
        ['Inbound Support', 2, '1499.00', 'active'],
        ['Outbound Sales', 1, '1999.00', 'active'],
      ]),
    );
    expect(subscriptions).toHaveLength(2);
    const [{ paid_at: paidAt }]: { paid_at: Date }[] = await rows(
      'SELECT paid_at FROM orders WHERE id = $1',
      [orderId],
    );
    const subscription = await one(owner);
    expect(subscription).toMatchObject({
      orderId,
      startedAt: paidAt.toISOString(),
      currentPeriodStart: paidAt.toISOString(),
      currentPeriodEnd: addMonths(paidAt, 1).toISOString(),
      nextBillingDate: addMonths(paidAt, 1).toISOString(),
      pendingChange: null,
      endsAt: null,
      refundAmount: '2998.00',
      refundableUntil: new Date(paidAt.getTime() + MONEY_BACK_DAYS * DAY_MS).toISOString(),
      refundRequest: null,
    });
  });

  it('schedules a change for the next cycle, validated, undoable, and applies it when the period ends', async () => {
    const owner = await newCustomer();
    await paidOrder(owner);
    const before = await one(owner);

    for (const [body, message] of [
      [{ packageId: inbound.id, quantity: 0 }, subscriptionMessages.quantityInvalid],
      [{ packageId: inbound.id, quantity: 101 }, subscriptionMessages.quantityInvalid],
      [{ packageId: inbound.id, quantity: 1.5 }, subscriptionMessages.quantityInvalid],
      [{ packageId: randomUUID(), quantity: 1 }, subscriptionMessages.unknownPackage],
      [{ packageId: 'inbound', quantity: 1 }, subscriptionMessages.packageIdInvalid],
      [{ packageId: inbound.id, quantity: 2 }, subscriptionMessages.noChange],
      [{ packageId: inbound.id, quantity: 3, price: '1.00' }, undefined],
    ] as const) {
      const response = await scheduleChange(owner, before.id, body);
      expect(response.status).toBe(400);
      if (message) expect(response.body).toMatchObject({ message });
    }

    const scheduled = subscriptionSchema.parse(
      (await scheduleChange(owner, before.id, { packageId: outbound.id, quantity: 3 })).body,
    );
    // The current cycle is untouched; the change waits for the period's end.
    expect(scheduled).toMatchObject({
      packageName: 'Inbound Support',
      quantity: 2,
      pendingChange: {
        packageId: outbound.id,
        packageName: 'Outbound Sales',
        unitPrice: '1999.00',
        quantity: 3,
        effectiveAt: before.currentPeriodEnd,
      },
    });

    const undone = await call('DELETE', `/api/user/subscriptions/${before.id}/pending-change`, owner);
    expect(undone).toMatchObject({ status: 200, body: { pendingChange: null, quantity: 2 } });
    expect(await call('DELETE', `/api/user/subscriptions/${before.id}/pending-change`, owner)).toMatchObject({
      status: 409,
      body: { message: subscriptionMessages.noPendingChange },
    });

    expect((await scheduleChange(owner, before.id, { packageId: inbound.id, quantity: 5 })).status).toBe(200);
    // 40 days after the first payment: the first period has ended, the second has begun with the change.
    const start = new Date(Date.now() - 40 * DAY_MS);
    await startedAt(before.id, start);
    const renewed = await one(owner);
    expect(renewed).toMatchObject({
      quantity: 5,
      pendingChange: null,
      status: 'active',
      currentPeriodStart: addMonths(start, 1).toISOString(),
      currentPeriodEnd: addMonths(start, 2).toISOString(),
      nextBillingDate: addMonths(start, 2).toISOString(),
    });
  });

  it('cancels with 30 days’ notice: served until the end of the period the notice runs out in, then ended', async () => {
    const owner = await newCustomer();
    await paidOrder(owner);
    const subscription = await one(owner);
    const asked = Date.now();
    const response = await cancel(owner, subscription.id);
    expect(response.status).toBe(200);
    const canceling = subscriptionSchema.parse(response.body);
    expect(canceling.status).toBe('canceling');
    const endsAt = new Date(canceling.endsAt!).getTime();
    const noticeEnds = new Date(canceling.cancelRequestedAt!).getTime() + SUBSCRIPTION_NOTICE_DAYS * DAY_MS;
    expect(new Date(canceling.cancelRequestedAt!).getTime()).toBeGreaterThanOrEqual(asked - 1000);
    // Never before the notice has run, and at a period's end: the one the notice runs out in.
    expect(endsAt).toBeGreaterThanOrEqual(noticeEnds);
    const start = new Date(canceling.startedAt);
    const boundaries = [1, 2, 3].map((months) => addMonths(start, months).getTime());
    expect(boundaries).toContain(endsAt);
    expect(boundaries.filter((boundary) => boundary >= noticeEnds)[0]).toBe(endsAt);
    expect(canceling.endsAt).toBe(subscription.cancellationWouldEnd);
    expect(canceling.nextBillingDate).toBe(
      endsAt > new Date(canceling.currentPeriodEnd).getTime() ? canceling.currentPeriodEnd : null,
    );

    expect(await cancel(owner, subscription.id)).toMatchObject({
      status: 409,
      body: { message: subscriptionMessages.alreadyCanceling },
    });
    expect(
      await scheduleChange(owner, subscription.id, { packageId: inbound.id, quantity: 3 }),
    ).toMatchObject({
      status: 409,
      body: { message: subscriptionMessages.ending },
    });

    // Its end has passed: ended, never billed again.
    await rows(
      `UPDATE subscriptions SET started_at = started_at - interval '3 months',
         current_period_start = current_period_start - interval '3 months',
         current_period_end = current_period_end - interval '3 months',
         cancel_requested_at = cancel_requested_at - interval '3 months', ends_at = ends_at - interval '3 months'
       WHERE id = $1`,
      [subscription.id],
    );
    expect(await one(owner)).toMatchObject({ status: 'canceled', nextBillingDate: null });
    expect(await cancel(owner, subscription.id)).toMatchObject({
      status: 409,
      body: { message: subscriptionMessages.ended },
    });
  });

  it('takes a money-back request within 30 days of the first payment, not a second later, once per subscription', async () => {
    const owner = await newCustomer();
    await paidOrder(owner);
    const [first, second] = await list(owner);

    // 30 days less a minute ago: still in time.
    await startedAt(first.id, new Date(Date.now() - MONEY_BACK_DAYS * DAY_MS + 60_000));
    expect(await askRefund(owner, first.id, '   ')).toMatchObject({
      status: 400,
      body: { message: subscriptionMessages.reasonRequired },
    });
    expect((await askRefund(owner, first.id, 'x'.repeat(1001))).status).toBe(400);
    expect(await askRefund(owner, first.id, 'null \u0000 byte')).toMatchObject({
      status: 400,
      body: { message: unstorableTextMessage },
    });
    const asked = await askRefund(owner, first.id, '  Our volumes dropped  ');
    expect(asked.status).toBe(201);
    expect(subscriptionSchema.parse(asked.body).refundRequest).toMatchObject({
      status: 'requested',
      amount: first.refundAmount,
      reason: 'Our volumes dropped',
      refundStatus: null,
    });
    expect(await askRefund(owner, first.id)).toMatchObject({
      status: 409,
      body: { message: subscriptionMessages.refundAlreadyRequested },
    });

    // 30 days and a minute ago: too late.
    await startedAt(second.id, new Date(Date.now() - MONEY_BACK_DAYS * DAY_MS - 60_000));
    expect(await askRefund(owner, second.id)).toMatchObject({
      status: 409,
      body: { message: subscriptionMessages.refundWindowClosed },
    });
    expect((await one(owner, second.packageName)).refundRequest).toBeNull();
  });

  it('applies the guarantee to the organization’s first order only', async () => {
    const owner = await newCustomer();
    await paidOrder(owner, [line(inbound.id)]);
    await paidOrder(owner, [line(outbound.id)]);
    const later = await one(owner, outbound.name);
    expect(later.refundableUntil).toBeNull();
    expect(await askRefund(owner, later.id)).toMatchObject({
      status: 409,
      body: { message: subscriptionMessages.refundFirstOrderOnly },
    });
    expect((await one(owner, inbound.name)).refundableUntil).not.toBeNull();
  });

  it('keeps each organization’s subscriptions to itself, and to the roles that may buy', async () => {
    const owner = await newCustomer();
    await paidOrder(owner);
    const subscription = await one(owner);
    const stranger = await newCustomer();
    expect(await list(stranger)).toEqual([]);
    for (const response of [
      await scheduleChange(stranger, subscription.id, { packageId: outbound.id, quantity: 1 }),
      await call('DELETE', `/api/user/subscriptions/${subscription.id}/pending-change`, stranger),
      await cancel(stranger, subscription.id),
      await askRefund(stranger, subscription.id),
    ]) {
      expect(response).toMatchObject({ status: 404, body: { message: subscriptionMessages.notFound } });
    }
    // A member of the same organization without the billing roles: 403, for reading and changing.
    const member = await stack().signIn('customer', { org: owner.organizationId, orgRole: 'member' });
    expect((await call('GET', '/api/user/subscriptions', member)).status).toBe(403);
    expect((await cancel(member, subscription.id)).status).toBe(403);
    expect((await call('GET', '/api/user/subscriptions')).status).toBe(401);
    // A billing member may manage it.
    const billing = await stack().signIn('customer', { org: owner.organizationId, orgRole: 'billing' });
    expect((await cancel(billing, subscription.id)).status).toBe(200);
    // Nothing of the stranger's calls changed it.
    expect(await one(owner)).toMatchObject({ pendingChange: null, refundRequest: null, status: 'canceling' });
  });

  describe('staff decisions', () => {
    const requests = async (status = 'requested') => {
      const response = await call('GET', `/api/commerce/staff/refund-requests?status=${status}`, staff);
      expect(response.status).toBe(200);
      return staffRefundRequestListSchema.parse(response.body).requests;
    };
    const approve = (id: string, who = staff) =>
      call('POST', `/api/commerce/staff/refund-requests/${id}/approve`, who);
    const decline = (id: string, reason: unknown, who = staff) =>
      call('POST', `/api/commerce/staff/refund-requests/${id}/decline`, who, { reason });

    async function requested(owner: Customer, items?: ReturnType<typeof line>[]) {
      const orderId = await paidOrder(owner, items);
      const subscription = await one(owner);
      expect((await askRefund(owner, subscription.id, 'Switching providers')).status).toBe(201);
      const request = (await requests()).find((each) => each.subscriptionId === subscription.id)!;
      return { orderId, subscription, request };
    }

    it('approves: refunds the package’s part of the payment through Stripe, and the customer sees it refunded', async () => {
      const owner = await newCustomer();
      const { orderId, subscription, request } = await requested(owner);
      expect(request).toMatchObject({
        organizationId: owner.organizationId,
        orderId,
        amount: '2998.00',
        reason: 'Switching providers',
        packageName: 'Inbound Support',
        quantity: 2,
        requestedBy: owner.id,
        status: 'requested',
      });
      // Only the staff roles that move money decide; customers never see the staff list.
      const manager = await stack().signIn('crm_manager');
      expect(await approve(request.id, manager)).toMatchObject({
        status: 403,
        body: { message: authMessages.forbidden },
      });
      expect((await call('GET', '/api/commerce/staff/refund-requests', owner)).status).toBe(403);

      const approved = await approve(request.id);
      expect(approved.status).toBe(200);
      const decided = staffRefundRequestSchema.parse(approved.body);
      expect(decided).toMatchObject({ status: 'approved', decidedBy: staff.id, refundStatus: 'succeeded' });
      const atStripe = stack().stripe.refunds.get(decided.stripeRefundId!)!;
      expect(atStripe).toMatchObject({
        amount: 299_800,
        reason: 'requested_by_customer',
        status: 'succeeded',
      });
      // Approving again (a retry) answers it as it stands and refunds nothing more; declining it is too late.
      expect(await approve(request.id)).toMatchObject({
        status: 200,
        body: { status: 'approved', stripeRefundId: decided.stripeRefundId },
      });
      expect(
        [...stack().stripe.refunds.values()].filter((each) => each.charge === atStripe.charge),
      ).toHaveLength(1);
      expect(await decline(request.id, 'Too late')).toMatchObject({
        status: 409,
        body: { message: subscriptionMessages.refundAlreadyDecided },
      });

      await stack().stripe.settled();
      expect(await one(owner)).toMatchObject({
        status: 'refunded',
        nextBillingDate: null,
        refundRequest: { status: 'approved', refundStatus: 'succeeded', amount: '2998.00' },
      });
      expect((await one(owner)).endsAt).not.toBeNull();
      expect(await cancel(owner, subscription.id)).toMatchObject({ status: 409 });
      // Recorded with the order's refunds: its payment history shows the money that went back.
      const order = orderDetailSchema.parse((await call('GET', `/api/user/orders/${orderId}`, owner)).body);
      expect(order).toMatchObject({ paymentStatus: 'partially_refunded', amountRefunded: '2998.00' });
      expect(order.history.at(-1)).toMatchObject({ kind: 'refunded', amount: '2998.00' });
      expect((await requests('approved')).map((each) => each.id)).toContain(request.id);
    });

    it('declines with a reason the customer reads, moving no money', async () => {
      const owner = await newCustomer();
      const { request } = await requested(owner);
      expect(await decline(request.id, ' ')).toMatchObject({
        status: 400,
        body: { message: subscriptionMessages.declineReasonRequired },
      });
      const declined = await decline(request.id, 'The service was used in full');
      expect(declined).toMatchObject({ status: 200, body: { status: 'declined', stripeRefundId: null } });
      expect(await approve(request.id)).toMatchObject({
        status: 409,
        body: { message: subscriptionMessages.refundAlreadyDecided },
      });
      expect(await decline(request.id, 'Another reason')).toMatchObject({
        status: 200,
        body: { status: 'declined', declineReason: 'The service was used in full' },
      });
      expect(await one(owner)).toMatchObject({
        status: 'active',
        refundRequest: {
          status: 'declined',
          declineReason: 'The service was used in full',
          refundStatus: null,
        },
      });
      expect((await approve(randomUUID())).status).toBe(404);
    });

    it('keeps the request to decide when Stripe refuses the refund (the charge was refunded already)', async () => {
      const owner = await newCustomer();
      const { orderId, request } = await requested(owner, [line(inbound.id)]);
      const [{ intent }]: { intent: string }[] = await rows(
        'SELECT stripe_payment_intent_id AS intent FROM orders WHERE id = $1',
        [orderId],
      );
      // Refunded in Stripe's dashboard, its webhook not (yet) arrived.
      const webhookUrl = stack().stripe.webhookUrl;
      stack().stripe.webhookUrl = undefined;
      try {
        await stripeClientOf(stack()).refunds.create({ payment_intent: intent });
        const refused = await approve(request.id);
        expect(refused.status).toBe(502);
        expect((refused.body as { message: string }).message).toMatch(/has already been refunded/);
      } finally {
        stack().stripe.webhookUrl = webhookUrl;
      }
      expect((await requests()).find((each) => each.id === request.id)).toMatchObject({
        status: 'requested',
      });
      expect(await one(owner)).toMatchObject({ status: 'active', refundRequest: { status: 'requested' } });
    });
  });
});
