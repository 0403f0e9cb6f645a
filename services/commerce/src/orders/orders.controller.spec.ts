import { randomUUID } from 'node:crypto';
import { commerceMessages, orderListResponseSchema, orderSchema } from '@portal/contracts';
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

  it("lists only the caller's orders, newest first, with their items", async () => {
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

  it('answers one order to its owner, and 404 to anyone else, for an unknown id or a malformed one', async () => {
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
});
