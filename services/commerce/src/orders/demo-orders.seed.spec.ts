import { orderListResponseSchema } from '@portal/contracts';
import { demoCustomer } from '@portal/db';
import { request, startForSuite } from '@portal/testing';
import { startCommerce } from '../test/commerce-harness';
import { pdfText } from '../test/pdf-text';
import { seedDemoOrders } from './demo-orders.seed';

describe("the demo customer's orders", () => {
  const stack = startForSuite(startCommerce);

  it('are added once, priced from the catalog, and listed to the demo customer only', async () => {
    expect(await seedDemoOrders(stack().service.dataSource)).toBe(3);
    expect(await seedDemoOrders(stack().service.dataSource)).toBe(0);

    const demo = await stack().signIn();
    const { token } = await stack().signIn('customer', {
      sub: demoCustomer.userId,
      org: demoCustomer.organizationId,
    });
    const response = await request(stack().service.baseUrl, 'GET', '/api/user/orders', { token });
    const orders = orderListResponseSchema.parse(response.body);
    expect(orders.map(({ status, total }) => [status, total])).toEqual([
      ['failed', '1299.00'],
      ['completed', '3998.00'],
      ['completed', '2498.00'],
    ]);
    expect(orders[2].items.map(({ name, quantity }) => [name, quantity])).toEqual([
      ['AI Automation', 1],
      ['Inbound Support', 1],
    ]);
    expect(
      (await request(stack().service.baseUrl, 'GET', '/api/user/orders', { token: demo.token })).body,
    ).toEqual([]);
    // identity seeds the organization without an event: its invoices name it all the same.
    const invoice = await fetch(`${stack().service.baseUrl}/api/user/orders/${orders[2].id}/invoice`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pdfText(Buffer.from(await invoice.arrayBuffer()))).toContain(demoCustomer.organizationName);
  });
});
