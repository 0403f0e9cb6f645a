import { randomUUID } from 'node:crypto';
import {
  accountExportPartSchema,
  type MembershipChangedData,
  type Order,
  subjects,
  type UserDeletedData,
} from '@portal/contracts';
import {
  authenticationRequired,
  legacyOwnershipData,
  request,
  sleep,
  startForSuite,
  startOnTestEventSpace,
  userDeletedData,
  waitFor,
} from '@portal/testing';
import { catalog } from '../packages/catalog.seed';
import {
  createPaymentIntent,
  type Customer,
  line,
  payWithCard,
  startCommerce,
} from '../test/commerce-harness';

const GOOD_CARD = '4242424242424242';

describe('commerce: the account export and erasure', () => {
  const stack = startForSuite(() => startOnTestEventSpace('commerce', (events) => startCommerce({ events })));
  const [inbound, outbound, automation] = catalog;
  const rows = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    stack().commerce.service.dataSource.query(sql, params) as Promise<T[]>;

  const checkout = async (who: Customer, items = [line(inbound.id)], key?: string) => {
    const response = await createPaymentIntent(stack().commerce, who, { items }, key);
    expect(response.status).toBe(201);
    return response.body;
  };
  const exportOf = (who?: Customer) =>
    request(stack().commerce.service.baseUrl, 'GET', '/api/account/export/commerce', { token: who?.token });
  const ordersInExport = async (who: Customer) =>
    accountExportPartSchema.parse((await exportOf(who)).body).data.orders as Order[];
  const deleted = (who: Customer, organizationDeleted: boolean) =>
    userDeletedData(who, organizationDeleted, '2026-11-25T10:00:00.000Z');
  const orderRow = async (id: string) =>
    (
      await rows(
        `SELECT user_id, user_deleted_at, organization_id, idempotency_key, status, total, stripe_payment_intent_id
         FROM orders WHERE id = $1`,
        [id],
      )
    )[0];
  const anonymised = async (id: string) => (await orderRow(id)).user_id === null;

  it("answers the caller's own orders with their items as the commerce part of the export, never another's", async () => {
    const [ann, ben] = await Promise.all([stack().commerce.signIn(), stack().commerce.signIn()]);
    const first = await checkout(ann, [line(inbound.id, 2), line(automation.id)]);
    const second = await checkout(ann, [line(outbound.id)]);
    const bens = await checkout(ben);

    const response = await exportOf(ann);
    expect(response.status).toBe(200);
    const part = accountExportPartSchema.parse(response.body);
    expect(part.service).toBe('commerce');
    expect(Date.now() - Date.parse(part.exportedAt)).toBeLessThan(60_000);
    const orders = part.data.orders as Order[];
    expect(orders.map((order) => order.id)).toEqual([second.orderId, first.orderId]);
    expect(orders[1]).toEqual({
      id: first.orderId,
      status: 'pending',
      total: '3997.00',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      items: [
        {
          id: expect.any(String),
          packageId: automation.id,
          name: 'AI Automation',
          quantity: 1,
          price: '999.00',
        },
        {
          id: expect.any(String),
          packageId: inbound.id,
          name: 'Inbound Support',
          quantity: 2,
          price: '1499.00',
        },
      ],
    });
    // The same orders as the Orders tab shows, and nothing of ben's.
    const tab = await request(stack().commerce.service.baseUrl, 'GET', '/api/user/orders', {
      token: ann.token,
    });
    expect(orders).toEqual(tab.body);
    expect(JSON.stringify(part)).not.toContain(bens.orderId);
    expect((await ordersInExport(ben)).map((order) => order.id)).toEqual([bens.orderId]);
  });

  it('answers an empty list to an account without orders, and 401 without a token', async () => {
    expect(await ordersInExport(await stack().commerce.signIn())).toEqual([]);
    expect(await exportOf()).toMatchObject(authenticationRequired);
  });

  it("keeps a deleted account's orders for accounting without saying whose they were, and leaves everyone else's", async () => {
    const organizationId = randomUUID();
    const cat = await stack().commerce.signIn('customer', { org: organizationId });
    const dan = await stack().commerce.signIn('customer', { org: organizationId });
    const paid = await checkout(cat, [line(automation.id, 3)], 'checkout-of-cat-1');
    expect(await payWithCard(stack().commerce, paid.clientSecret, GOOD_CARD)).toBe(200);
    const pending = await checkout(cat);
    const dans = await checkout(dan);
    const before = await orderRow(paid.orderId);

    const event = await stack().events.publish('userDeleted', deleted(cat, false));
    await waitFor(
      async () => (await anonymised(paid.orderId)) && (await anonymised(pending.orderId)),
      'the anonymisation',
    );
    expect(await orderRow(paid.orderId)).toEqual({
      user_id: null,
      user_deleted_at: new Date('2026-11-25T10:00:00.000Z'),
      // Others of the organisation remain: the order stays the organisation's.
      organization_id: organizationId,
      idempotency_key: null,
      status: 'completed',
      total: '2997.00',
      stripe_payment_intent_id: before.stripe_payment_intent_id,
    });
    // Stripe keeps the order id and the attempt (the webhook and accounting need them), no longer the user's.
    const intentOf = (id: string | null) => stack().commerce.stripe.paymentIntents.get(id as string)!;
    expect(intentOf(before.stripe_payment_intent_id as string).metadata).toEqual({
      orderId: paid.orderId,
      attempt: '1',
    });
    expect(intentOf((await orderRow(pending.orderId)).stripe_payment_intent_id as string).metadata).toEqual({
      orderId: pending.orderId,
      attempt: '1',
    });
    expect(intentOf((await orderRow(dans.orderId)).stripe_payment_intent_id as string).metadata).toEqual({
      orderId: dans.orderId,
      userId: dan.id,
      attempt: '1',
    });
    const items = await rows('SELECT package_name, quantity, price FROM order_items WHERE order_id = $1', [
      paid.orderId,
    ]);
    expect(items).toEqual([{ package_name: 'AI Automation', quantity: 3, price: '999.00' }]);
    expect(await ordersInExport(cat)).toEqual([]);
    expect(await orderRow(dans.orderId)).toMatchObject({ user_id: dan.id, organization_id: organizationId });
    expect((await ordersInExport(dan)).map((order) => order.id)).toEqual([dans.orderId]);

    // Delivered again: handled once only, nothing changes.
    const processed = async () =>
      (await rows<{ n: number }>('SELECT count(*)::int AS n FROM processed_events'))[0].n;
    const handled = await processed();
    await stack().events.publish('userDeleted', event.data as UserDeletedData, event);
    await sleep(300);
    expect(await processed()).toBe(handled);
    expect(await orderRow(dans.orderId)).toMatchObject({ user_id: dan.id });

    // dan was the last member: the organisation goes from every order of it, cat's included.
    await stack().events.publish('userDeleted', deleted(dan, true));
    await waitFor(() => anonymised(dans.orderId), "dan's orders to be anonymised");
    expect(await orderRow(dans.orderId)).toMatchObject({ user_id: null, organization_id: null });
    expect(await orderRow(paid.orderId)).toMatchObject({ organization_id: null, status: 'completed' });
  });

  it('still settles an order paid after its account was deleted, without announcing it to anyone', async () => {
    const eve = await stack().commerce.signIn();
    const { orderId, clientSecret } = await checkout(eve);
    await stack().events.publish('userDeleted', deleted(eve, true));
    await waitFor(() => anonymised(orderId), "eve's order to be anonymised");

    expect(await payWithCard(stack().commerce, clientSecret, GOOD_CARD)).toBe(200);
    expect(stack().commerce.stripe.deliveries.at(-1)).toMatchObject({
      status: 200,
      event: { type: 'payment_intent.succeeded' },
    });
    expect(await orderRow(orderId)).toMatchObject({
      status: 'completed',
      user_id: null,
      organization_id: null,
    });
    const announced = await rows(`SELECT 1 FROM outbox WHERE subject = $1 AND data->>'orderId' = $2`, [
      subjects.orderPaid,
      orderId,
    ]);
    expect(announced).toEqual([]);
  });

  it("moves a user's orders of before organizations to the organization identity made them the owner of, once", async () => {
    const organizationId = randomUUID();
    const owner = await stack().commerce.signIn('customer', { org: organizationId, orgRole: 'owner' });
    const billing = await stack().commerce.signIn('customer', { org: organizationId, orgRole: 'billing' });
    const stranger = await stack().commerce.signIn();
    const legacy = async (userId: string, organization: string | null) =>
      (
        await rows<{ id: string }>(
          `INSERT INTO orders (user_id, organization_id, status, total) VALUES ($1, $2, 'completed', 10) RETURNING id`,
          [userId, organization],
        )
      )[0].id;
    const [first, second] = [await legacy(owner.id, null), await legacy(owner.id, null)];
    // A checkout key of before, used again since in the organization: the newer order keeps it.
    const keyed = await checkout(owner, [line(inbound.id)], 'reused-checkout-key');
    await rows(`UPDATE orders SET idempotency_key = 'reused-checkout-key' WHERE id = $1`, [first]);
    const otherOrganizations = await legacy(owner.id, stranger.organizationId);
    const strangers = await legacy(stranger.id, null);
    const tab = async (who: Customer) =>
      (
        (await request(stack().commerce.service.baseUrl, 'GET', '/api/user/orders', { token: who.token }))
          .body as unknown as Order[]
      ).map((order) => order.id);
    expect(await tab(billing)).toEqual([keyed.orderId]);

    // Another membership change claims nothing.
    await stack().events.publish('membershipChanged', {
      ...legacyOwnershipData(billing, organizationId),
      role: 'billing',
      claimsLegacyData: false,
    });
    const event = await stack().events.publish(
      'membershipChanged',
      legacyOwnershipData(owner, organizationId),
    );
    await waitFor(
      async () => (await orderRow(second)).organization_id === organizationId,
      'the legacy claim',
    );
    expect(await orderRow(first)).toMatchObject({
      user_id: owner.id,
      organization_id: organizationId,
      idempotency_key: null,
    });
    expect(await orderRow(keyed.orderId)).toMatchObject({ idempotency_key: 'reused-checkout-key' });
    expect(await orderRow(otherOrganizations)).toMatchObject({ organization_id: stranger.organizationId });
    expect(await orderRow(strangers)).toMatchObject({ organization_id: null });
    // Every member who reads orders now sees them; the export still names them the owner's.
    expect((await tab(billing)).sort()).toEqual([first, second, keyed.orderId].sort());
    expect((await ordersInExport(owner)).map((order) => order.id)).toEqual(
      expect.arrayContaining([first, second, otherOrganizations]),
    );

    // Delivered again, or claimed again: nothing moves.
    const processed = async () =>
      (await rows<{ n: number }>('SELECT count(*)::int AS n FROM processed_events'))[0].n;
    const handled = await processed();
    await stack().events.publish('membershipChanged', event.data as MembershipChangedData, event);
    await stack().events.publish('membershipChanged', legacyOwnershipData(owner, randomUUID(), 2));
    await waitFor(async () => (await processed()) === handled + 1, 'the second claim to be handled');
    expect(await orderRow(first)).toMatchObject({ organization_id: organizationId });
  });

  it("keeps the organization's orders when a member deletes their account, and lets the last member's deletion clear the organization from all of them", async () => {
    const organizationId = randomUUID();
    const [owner, billing] = await Promise.all([
      stack().commerce.signIn('customer', { org: organizationId, orgRole: 'owner' }),
      stack().commerce.signIn('customer', { org: organizationId, orgRole: 'billing' }),
    ]);
    const owners = await checkout(owner);
    const billings = await checkout(billing);
    await stack().events.publish('userDeleted', deleted(billing, false));
    await waitFor(() => anonymised(billings.orderId), "billing's orders to be anonymised");
    const tab = await request(stack().commerce.service.baseUrl, 'GET', '/api/user/orders', {
      token: owner.token,
    });
    expect((tab.body as unknown as Order[]).map((order) => order.id).sort()).toEqual(
      [owners.orderId, billings.orderId].sort(),
    );

    await stack().events.publish('userDeleted', deleted(owner, true));
    await waitFor(() => anonymised(owners.orderId), "the owner's orders to be anonymised");
    for (const id of [owners.orderId, billings.orderId]) {
      expect(await orderRow(id)).toMatchObject({ user_id: null, organization_id: null });
    }
  });
});
