import { randomUUID } from 'node:crypto';
import {
  commerceMessages,
  INVOICE_TAX_NOTE,
  orderDetailMessages,
  orderDetailSchema,
  orderPageSchema,
} from '@portal/contracts';
import { request, startForSuite } from '@portal/testing';
import { OrganizationNames } from '../organizations/organization-names.service';
import { catalog } from '../packages/catalog.seed';
import {
  createPaymentIntent,
  type Customer,
  line,
  payWithCard,
  startCommerce,
} from '../test/commerce-harness';
import { pdfPageCount, pdfText } from '../test/pdf-text';

const GOOD_CARD = '4242424242424242';
const DECLINED_CARD = '4000000000000002';

describe('order detail, history, pages and invoices', () => {
  const stack = startForSuite(startCommerce);
  const [inbound, outbound, automation] = catalog;
  const get = (path: string, who?: Customer) =>
    request(stack().service.baseUrl, 'GET', path, { token: who?.token });
  const download = (path: string, who: Customer) =>
    fetch(`${stack().service.baseUrl}${path}`, { headers: { authorization: `Bearer ${who.token}` } });
  const place = async (who: Customer, items = [line(inbound.id)]) => {
    const placed = await createPaymentIntent(stack(), who, { items });
    expect(placed.status).toBe(201);
    return placed.body;
  };
  const paid = async (who: Customer, items = [line(inbound.id)]) => {
    const { orderId, clientSecret } = await place(who, items);
    expect(await payWithCard(stack(), clientSecret, GOOD_CARD)).toBe(200);
    return orderId;
  };
  const detail = async (id: string, who: Customer) => {
    const response = await get(`/api/user/orders/${id}`, who);
    expect(response.status).toBe(200);
    return orderDetailSchema.parse(response.body);
  };

  it('shows a paid order with its items, totals, paid date, invoice and history', async () => {
    const owner = await stack().signIn('customer', { orgRole: 'owner' });
    const id = await paid(owner, [line(inbound.id, 2), line(automation.id)]);
    const order = await detail(id, owner);
    expect(order).toMatchObject({
      id,
      status: 'completed',
      total: '3997.00',
      subtotal: '3997.00',
      tax: '0.00',
      paymentStatus: 'paid',
      amountPaid: '3997.00',
      amountRefunded: '0.00',
      refundable: '3997.00',
      invoice: { number: 'INV-000001', issuedAt: expect.any(String) },
    });
    expect(order.paidAt).not.toBeNull();
    expect(order.items.map((item) => [item.name, item.quantity, item.price])).toEqual([
      ['AI Automation', 1, '999.00'],
      ['Inbound Support', 2, '1499.00'],
    ]);
    expect(order.history.map((step) => [step.kind, step.amount])).toEqual([
      ['created', '3997.00'],
      ['paid', '3997.00'],
    ]);
    expect(Date.parse(order.history[1].at)).toBeGreaterThanOrEqual(Date.parse(order.history[0].at));
  });

  it('tells a declined payment in the history, and an unpaid order has no invoice', async () => {
    const owner = await stack().signIn('customer', { orgRole: 'owner' });
    const { orderId, clientSecret } = await place(owner);
    expect(await payWithCard(stack(), clientSecret, DECLINED_CARD)).toBe(402);
    const order = await detail(orderId, owner);
    expect(order).toMatchObject({
      status: 'failed',
      paymentStatus: 'failed',
      paidAt: null,
      invoice: null,
      amountPaid: '0.00',
    });
    expect(order.history).toEqual([
      expect.objectContaining({ kind: 'created', amount: '1499.00', note: null }),
      expect.objectContaining({ kind: 'failed', amount: null, note: 'Your card was declined.' }),
    ]);
    expect(await get(`/api/user/orders/${orderId}/invoice`, owner)).toMatchObject({
      status: 404,
      body: { statusCode: 404, message: orderDetailMessages.invoiceNotAvailable },
    });
  });

  it('numbers each organization’s invoices 1, 2, 3… in the order they were paid, without gaps', async () => {
    const orgA = randomUUID();
    const [ownerA, billingA, ownerB] = await Promise.all([
      stack().signIn('customer', { org: orgA, orgRole: 'owner' }),
      stack().signIn('customer', { org: orgA, orgRole: 'billing' }),
      stack().signIn('customer', { orgRole: 'owner' }),
    ]);
    const unpaid = await place(ownerA);
    const first = await paid(ownerA);
    const declined = await place(billingA);
    expect(await payWithCard(stack(), declined.clientSecret, DECLINED_CARD)).toBe(402);
    const elsewhere = await paid(ownerB);
    // Two paid at once still take two numbers, one each.
    const [second, third] = await Promise.all([paid(billingA, [line(outbound.id)]), paid(ownerA)]);
    const numbers = await Promise.all(
      [first, second, third].map(async (id) => (await detail(id, ownerA)).invoice?.number),
    );
    expect(numbers[0]).toBe('INV-000001');
    expect(numbers.slice(1).sort()).toEqual(['INV-000002', 'INV-000003']);
    expect((await detail(unpaid.orderId, ownerA)).invoice).toBeNull();
    expect((await detail(elsewhere, ownerB)).invoice?.number).toBe('INV-000001');
  });

  it('downloads the invoice as a PDF with the seller, the lines, the tax line and the paid date', async () => {
    const owner = await stack().signIn('customer', { orgRole: 'owner' });
    const id = await paid(owner, [line(inbound.id, 3), line(outbound.id)]);
    const order = await detail(id, owner);
    const response = await download(`/api/user/orders/${id}/invoice`, owner);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="INV-000001.pdf"');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const expected of [
      'Millstone CX',
      'Millstone, New Jersey',
      'INVOICE',
      'INV-000001',
      id,
      'Inbound Support',
      'Outbound Sales',
      '$4,497.00',
      '$1,999.00',
      '$6,496.00',
      'Sales tax (0%)',
      '$0.00',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text.replace(/\n/g, ' ')).toContain(INVOICE_TAX_NOTE.slice(0, 40));
    const paidOn = new Date(order.paidAt!).toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    expect(text).toContain(paidOn);

    const a4 = await download(`/api/user/orders/${id}/invoice?paper=a4`, owner);
    expect(a4.status).toBe(200);
    const a4Pdf = Buffer.from(await a4.arrayBuffer());
    expect(a4Pdf.toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]');
    expect(pdfPageCount(a4Pdf)).toBe(1);
    expect(await get(`/api/user/orders/${id}/invoice?paper=legal`, owner)).toMatchObject({ status: 400 });
  });

  it('bills the organization by its name once identity announced it, by its id until then', async () => {
    const owner = await stack().signIn('customer', { orgRole: 'owner' });
    const id = await paid(owner);
    const invoiceText = async () =>
      pdfText(Buffer.from(await (await download(`/api/user/orders/${id}/invoice`, owner)).arrayBuffer()));
    const before = await invoiceText();
    expect(before).toContain('Customer organization');
    expect(before).toContain(owner.organizationId);

    // As the consumer of `portal.organizations.created` records it. The standard fonts draw
    // Windows-1252 only: an accent outside it is dropped, a letter outside it is a question mark.
    await stack()
      .service.app.get(OrganizationNames)
      .rememberIfNew(owner.organizationId!, 'Łódź Café & Bäckerei 東京');
    const after = await invoiceText();
    expect(after).toContain('?ódz Café & Bäckerei ??');
    expect(after).toContain(owner.organizationId);
    expect(after).not.toContain('Customer organization');
  });

  it('answers another organization’s order, its invoice and an unknown id with the same 404', async () => {
    const [owner, outsider] = await Promise.all([
      stack().signIn('customer', { orgRole: 'owner' }),
      stack().signIn('customer', { orgRole: 'owner' }),
    ]);
    const id = await paid(owner);
    for (const path of [
      `/api/user/orders/${id}`,
      `/api/user/orders/${id}/invoice`,
      `/api/user/orders/${randomUUID()}/invoice`,
      '/api/user/orders/not-a-uuid/invoice',
    ]) {
      expect(await get(path, outsider)).toMatchObject({
        status: 404,
        body: { statusCode: 404, message: commerceMessages.orderNotFound },
      });
    }
    // A member whose role does not read orders, and staff, are refused.
    const member = await stack().signIn('customer', { org: owner.organizationId!, orgRole: 'member' });
    expect((await get(`/api/user/orders/${id}/invoice`, member)).status).toBe(403);
    expect((await get(`/api/user/orders/${id}`, await stack().signIn('admin'))).status).toBe(403);
    expect((await get(`/api/user/orders/${id}/invoice`)).status).toBe(401);
  });

  it('pages the organization’s orders newest first with a cursor, and refuses a bad cursor or limit', async () => {
    const [owner, outsider] = await Promise.all([
      stack().signIn('customer', { orgRole: 'owner' }),
      stack().signIn('customer', { orgRole: 'owner' }),
    ]);
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1) ids.push((await place(owner)).orderId);
    await place(outsider);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
      const response = await get(`/api/user/orders/page${query}`, owner);
      expect(response.status).toBe(200);
      const page = orderPageSchema.parse(response.body);
      expect(page.orders.length).toBeLessThanOrEqual(2);
      seen.push(...page.orders.map((order) => order.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());
    const all = orderPageSchema.parse((await get('/api/user/orders/page', owner)).body);
    expect(all).toEqual({ orders: expect.any(Array), nextCursor: null });
    expect(all.orders).toHaveLength(5);

    for (const [query, message] of [
      ['?cursor=nope', orderDetailMessages.cursorInvalid],
      ['?limit=0', orderDetailMessages.limitInvalid],
      ['?limit=101', orderDetailMessages.limitInvalid],
    ]) {
      expect(await get(`/api/user/orders/page${query}`, owner)).toMatchObject({
        status: 400,
        body: { statusCode: 400, message },
      });
    }
    expect((await get('/api/user/orders/page?organizationId=x', owner)).status).toBe(400);
    expect((await get('/api/user/orders/page')).status).toBe(401);
  });
});
