import { randomUUID } from 'node:crypto';
import { authMessages, MembershipVersions } from '@portal/auth';
import { commerceMessages, orderListResponseSchema, orderSchema, teamMessages } from '@portal/contracts';
import { request, startForSuite } from '@portal/testing';
import { catalog } from '../packages/catalog.seed';
import { createPaymentIntent, type Customer, line, startCommerce } from '../test/commerce-harness';

describe('GET /api/user/orders', () => {
  const stack = startForSuite(startCommerce);
  let alice: Customer;
  let bob: Customer;
  const [inbound, outbound, automation, marketing] = catalog;
  const get = (path: string, who?: Customer) =>
    request(stack().service.baseUrl, 'GET', path, { token: who?.token });
  const order = async (who: Customer, items: ReturnType<typeof line>[]) =>
    (await createPaymentIntent(stack(), who, { items })).body.orderId;

  beforeAll(async () => {
    [alice, bob] = await Promise.all([stack().signIn(), stack().signIn()]);
  });

  it("lists only the caller's organization's orders, newest first, with their items", async () => {
    const first = await order(alice, [line(inbound.id, 2), line(marketing.id)]);
    const second = await order(alice, [line(automation.id)]);
    const bobs = await order(bob, [line(outbound.id)]);

    const response = await get('/api/user/orders', alice);
    expect(response.status).toBe(200);
    const orders = orderListResponseSchema.parse(response.body);
    expect(orders.map((each) => each.id)).toEqual([second, first]);
    expect(orders[1]).toEqual({
      id: first,
      status: 'pending',
      total: '4297.00',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      items: [
        {
          id: expect.any(String),
          packageId: marketing.id,
          name: 'Digital Marketing',
          quantity: 1,
          price: '1299.00',
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

    const bobsList = await get('/api/user/orders', bob);
    expect((bobsList.body as unknown as { id: string }[]).map((each) => each.id)).toEqual([bobs]);
    expect((await get('/api/user/orders', await stack().signIn())).body).toEqual([]);
  });

  it('answers one order to its organization, and 404 to anyone else, for an unknown id or a malformed one', async () => {
    const id = await order(alice, [line(outbound.id, 4)]);
    const mine = await get(`/api/user/orders/${id}`, alice);
    expect(mine.status).toBe(200);
    expect(orderSchema.parse(mine.body)).toMatchObject({ id, status: 'pending', total: '7996.00' });

    for (const [path, who] of [
      [`/api/user/orders/${id}`, bob],
      [`/api/user/orders/${randomUUID()}`, alice],
      ['/api/user/orders/42', alice],
      ["/api/user/orders/1'%20or%20'1'='1", alice],
    ] as const) {
      const response = await get(path, who);
      expect(response).toMatchObject({
        status: 404,
        body: { statusCode: 404, message: commerceMessages.orderNotFound },
      });
    }
  });

  it('answers 401 without a token', async () => {
    for (const path of ['/api/user/orders', `/api/user/orders/${randomUUID()}`]) {
      expect(await get(path)).toMatchObject({
        status: 401,
        body: { statusCode: 401, message: 'Authentication required' },
      });
    }
  });

  describe('in an organization of several members', () => {
    const orgA = randomUUID();
    let owner: Customer;
    let admin: Customer;
    let billing: Customer;
    let member: Customer;
    let crmManager: Customer;
    let outsider: Customer;

    beforeAll(async () => {
      [owner, admin, billing, member, crmManager, outsider] = await Promise.all([
        stack().signIn('customer', { org: orgA, orgRole: 'owner' }),
        stack().signIn('customer', { org: orgA, orgRole: 'admin' }),
        stack().signIn('customer', { org: orgA, orgRole: 'billing' }),
        stack().signIn('customer', { org: orgA, orgRole: 'member' }),
        stack().signIn('customer', { org: orgA, orgRole: 'crm_manager' }),
        // The owner of organization B.
        stack().signIn('customer', { orgRole: 'owner' }),
      ]);
    });

    it('shows every member who may read orders the same orders, whoever of them placed them', async () => {
      const ownersOrder = await order(owner, [line(inbound.id)]);
      const billingsOrder = await order(billing, [line(outbound.id, 2)]);
      const elsewhere = await order(outsider, [line(automation.id)]);
      for (const who of [owner, admin, billing]) {
        const response = await get('/api/user/orders', who);
        expect(response.status).toBe(200);
        expect(orderListResponseSchema.parse(response.body).map((each) => each.id)).toEqual([
          billingsOrder,
          ownersOrder,
        ]);
        expect((await get(`/api/user/orders/${ownersOrder}`, who)).status).toBe(200);
        expect(await get(`/api/user/orders/${elsewhere}`, who)).toMatchObject({
          status: 404,
          body: { statusCode: 404, message: commerceMessages.orderNotFound },
        });
      }
      // The order stays the member's who placed it.
      const [row] = (await stack().service.dataSource.query(
        'SELECT user_id, organization_id FROM orders WHERE id = $1',
        [billingsOrder],
      )) as { user_id: string; organization_id: string }[];
      expect(row).toEqual({ user_id: billing.id, organization_id: orgA });
      // Organization B sees only its own, and none of A's.
      expect((await get('/api/user/orders', outsider)).body).toEqual([
        expect.objectContaining({ id: elsewhere }),
      ]);
      for (const id of [ownersOrder, billingsOrder]) {
        expect(await get(`/api/user/orders/${id}`, outsider)).toMatchObject({
          status: 404,
          body: { statusCode: 404, message: commerceMessages.orderNotFound },
        });
      }
    });

    it("follows a role change on the member's next request: the old token is refused, the new one has the new role's rights", async () => {
      const changing = await stack().signIn('customer', { org: orgA, orgRole: 'billing', mv: 1 });
      expect((await get('/api/user/orders', changing)).status).toBe(200);
      stack().service.app.get(MembershipVersions).record({
        organizationId: orgA,
        userId: changing.id,
        version: 2,
        changedAt: new Date().toISOString(),
      });
      expect(await get('/api/user/orders', changing)).toMatchObject({
        status: 401,
        body: { statusCode: 401, message: teamMessages.membershipChanged },
      });
      const demoted = await stack().signIn('customer', {
        sub: changing.id,
        org: orgA,
        orgRole: 'member',
        mv: 2,
      });
      expect(await get('/api/user/orders', demoted)).toMatchObject({
        status: 403,
        body: { statusCode: 403, message: teamMessages.notAllowed },
      });
    });

    it('answers 403 to members whose role does not read orders, to staff, and to a customer outside any organization', async () => {
      const id = await order(owner, [line(marketing.id)]);
      for (const who of [member, crmManager]) {
        for (const path of ['/api/user/orders', `/api/user/orders/${id}`]) {
          expect(await get(path, who)).toMatchObject({
            status: 403,
            body: { statusCode: 403, message: teamMessages.notAllowed },
          });
        }
      }
      const staff = await stack().signIn('billing', { org: null, orgRole: null });
      expect(await get('/api/user/orders', staff)).toMatchObject({
        status: 403,
        body: { statusCode: 403, message: authMessages.forbidden },
      });
      const alone = await stack().signIn('customer', { org: null, orgRole: null });
      expect(await get('/api/user/orders', alone)).toMatchObject({
        status: 403,
        body: { statusCode: 403, message: teamMessages.noOrganization },
      });
    });
  });
});
