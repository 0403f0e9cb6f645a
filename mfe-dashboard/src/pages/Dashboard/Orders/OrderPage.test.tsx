import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderDetail } from '@portal/contracts';
import { renderPage, type StubbedAnswer } from '@portal/web-testing';
import { anOrder, errorToast, serverError, signedInCustomer, stubDashboardApi } from '../dashboard-fixtures';
import { OrdersTab } from './OrdersTab';
import { loadOrdersApi } from './orders-api';

const ID = '3f2a9c1b-5d4e-4f60-8a7b-1c2d3e4f5a6b';

function anOrderDetail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  const order = anOrder({
    id: ID,
    status: 'completed',
    total: '4497.00',
    items: [
      {
        id: '11111111-1111-4111-8111-111111111111',
        packageId: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
        name: 'Inbound Support',
        quantity: 2,
        price: '1499.00',
      },
      {
        id: '22222222-2222-4222-8222-222222222222',
        packageId: '8c7b6a5f-4e3d-4c2b-9a1f-0e9d8c7b6a5f',
        name: 'AI Automation',
        quantity: 1,
        price: '1499.00',
      },
    ],
  });
  return {
    ...order,
    subtotal: '4497.00',
    tax: '0.00',
    paymentStatus: 'partially_refunded',
    paidAt: '2026-11-24T15:02:00.000Z',
    amountPaid: '4497.00',
    amountRefunded: '500.00',
    refundable: '3997.00',
    invoice: { number: 'INV-000007', issuedAt: '2026-11-24T15:02:00.000Z' },
    history: [
      { kind: 'created', at: '2026-11-24T15:00:00.000Z', amount: '4497.00', note: null },
      { kind: 'failed', at: '2026-11-24T15:01:00.000Z', amount: null, note: 'Your card was declined.' },
      { kind: 'paid', at: '2026-11-24T15:02:00.000Z', amount: '4497.00', note: null },
      { kind: 'refunded', at: '2026-11-25T10:00:00.000Z', amount: '500.00', note: null },
    ],
    ...overrides,
  };
}

const renderOrder = (id = ID) =>
  renderPage(<OrdersTab listPath="/dashboard/orders" orderId={id} />, {
    route: `/dashboard/orders/${id}`,
    state: signedInCustomer,
  });

describe('an order’s page', () => {
  beforeAll(() => loadOrdersApi());
  afterEach(() => {
    jest.restoreAllMocks();
    localStorage.clear();
  });

  it('shows the items, totals, payment status and history, oldest first', async () => {
    stubDashboardApi({ [`GET /api/user/orders/${ID}`]: { status: 200, body: anOrderDetail() } });
    renderOrder();
    const article = await screen.findByRole('article', { name: 'Order 3f2a9c1b…' });
    expect(within(article).getByText('completed')).toBeInTheDocument();
    expect(within(article).getByText('Partially refunded')).toBeInTheDocument();
    const items = within(article).getByRole('region', { name: 'Items' });
    expect(items).toHaveTextContent('Inbound Support');
    expect(items).toHaveTextContent('2 × $1,499.00 per month');
    expect(items).toHaveTextContent('$2,998.00');
    const totals = within(items)
      .getAllByRole('term')
      .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
    expect(totals).toEqual([
      'Subtotal $4,497.00',
      'Sales tax $0.00',
      'Total $4,497.00',
      'Paid $4,497.00',
      'Refunded to your card −$500.00',
    ]);
    const history = within(article).getByRole('list', { name: 'Payment history' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((step) => step.firstElementChild?.nextElementSibling?.firstElementChild?.textContent),
    ).toEqual(['Order placed', 'Payment failed', 'Payment received · $4,497.00', 'Refunded · $500.00']);
    expect(history).toHaveTextContent('Your card was declined.');
    expect(screen.getByRole('link', { name: 'All orders' })).toHaveAttribute('href', '/dashboard/orders');
  });

  it('downloads the invoice with the member’s token, as INV-….pdf', async () => {
    const calls = stubDashboardApi({
      [`GET /api/user/orders/${ID}`]: { status: 200, body: anOrderDetail() },
      [`GET /api/user/orders/${ID}/invoice`]: {
        status: 200,
        body: '%PDF-1.7',
        headers: { 'content-type': 'application/pdf' },
      },
    });
    const created = jest.fn(() => 'blob:invoice');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() });
    const saved: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    localStorage.setItem('token', 'member-token');
    renderOrder();
    const invoice = await screen.findByRole('region', { name: 'Invoice' });
    expect(invoice).toHaveTextContent('INV-000007');
    await userEvent.click(within(invoice).getByRole('button', { name: 'Download invoice INV-000007 (PDF)' }));
    await waitFor(() => expect(saved).toEqual(['INV-000007.pdf']));
    const download = calls.find((call) => call.path === `/api/user/orders/${ID}/invoice`);
    expect(download?.authorization).toBe('Bearer member-token');
    await userEvent.click(
      within(invoice).getByRole('button', { name: 'Download invoice INV-000007 on A4 paper (PDF)' }),
    );
    await waitFor(() => expect(saved).toEqual(['INV-000007.pdf', 'INV-000007-A4.pdf']));
  });

  it('says an unpaid order has no invoice yet', async () => {
    stubDashboardApi({
      [`GET /api/user/orders/${ID}`]: {
        status: 200,
        body: anOrderDetail({
          status: 'pending',
          paymentStatus: 'unpaid',
          paidAt: null,
          amountPaid: '0.00',
          amountRefunded: '0.00',
          refundable: '0.00',
          invoice: null,
          history: [{ kind: 'created', at: '2026-11-24T15:00:00.000Z', amount: '4497.00', note: null }],
        }),
      },
    });
    renderOrder();
    const invoice = await screen.findByRole('region', { name: 'Invoice' });
    expect(invoice).toHaveTextContent('The invoice is available once the order is paid.');
    expect(within(invoice).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('Awaiting payment')).toBeInTheDocument();
  });

  it('answers another organization’s order or an unknown one with “Order not found”, without a toast', async () => {
    stubDashboardApi({ [`GET /api/user/orders/${ID}`]: serverError('Order not found', 404) });
    const { store } = renderOrder();
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(store.getState().toast.current).toBeNull();
  });

  it("toasts 'Failed to fetch order' and offers 'Try again'", async () => {
    let answer: StubbedAnswer = serverError('Commerce is down');
    stubDashboardApi({ [`GET /api/user/orders/${ID}`]: () => answer });
    const { store } = renderOrder();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load this order.');
    expect(store.getState().toast.current).toMatchObject(
      errorToast('Failed to fetch order', 'Commerce is down'),
    );
    answer = { status: 200, body: anOrderDetail() };
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Order 3f2a9c1b…' })).toBeInTheDocument();
  });

  it('shows placeholders while the order loads', async () => {
    stubDashboardApi({ [`GET /api/user/orders/${ID}`]: () => new Promise(() => {}) });
    renderOrder();
    expect(await screen.findByRole('status', { name: 'Loading order' })).toBeInTheDocument();
  });
});
