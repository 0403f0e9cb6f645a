import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, type StubbedAnswer } from '@portal/web-testing';
import type { Order } from '@portal/contracts';
import { loadDashboardApi } from '../../../api/dashboard-api';
import { anOrder, errorToast, serverError, signedInCustomer, stubDashboardApi } from '../dashboard-fixtures';
import { OrdersTab } from './OrdersTab';
import { loadOrdersApi } from './orders-api';

/** One page of the list, the last one unless a cursor is given. */
const page = (orders: Order[], nextCursor: string | null = null) => ({ orders, nextCursor });

const completed = anOrder({
  id: '3f2a9c1b-5d4e-4f60-8a7b-1c2d3e4f5a6b',
  status: 'completed',
  total: '4497.00',
  items: [
    {
      id: '11111111-1111-4111-8111-111111111111',
      packageId: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
      name: 'Growth Package',
      quantity: 2,
      price: '1499.00',
    },
    {
      id: '22222222-2222-4222-8222-222222222222',
      packageId: '8c7b6a5f-4e3d-4c2b-9a1f-0e9d8c7b6a5f',
      name: 'AI Automation Add-on',
      quantity: 1,
      price: '1499.00',
    },
  ],
});
const pending = anOrder({ id: 'b7e4d2a0-9c8b-4a7f-8e6d-5c4b3a291807', status: 'pending', total: '999.99' });
const failed = anOrder({ id: 'e1d2c3b4-a5f6-4e7d-8c9b-0a1f2e3d4c5b', status: 'failed', total: '250.00' });
const processing = anOrder({
  id: 'c4d5e6f7-0a1b-4c2d-9e3f-4a5b6c7d8e9f',
  status: 'processing',
  total: '120.00',
});
const canceled = anOrder({ id: 'd9e8f7a6-b5c4-4d3e-8f2a-1b0c9d8e7f6a', status: 'canceled', total: '75.00' });

const renderOrders = () => renderPage(<OrdersTab />, { route: '/dashboard/orders', state: signedInCustomer });

describe('Orders tab', () => {
  beforeAll(() => Promise.all([loadDashboardApi(), loadOrdersApi()]));
  afterEach(() => jest.restoreAllMocks());

  it('lists orders in a table of Order ID, Total, Status, Date and Actions', async () => {
    stubDashboardApi({
      'GET /api/user/orders/page': { status: 200, body: page([completed, pending, failed]) },
    });
    renderOrders();
    const table = await screen.findByRole('table', { name: 'Your orders' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Order ID', 'Total', 'Status', 'Date', 'Actions']);
    const [, first, second, third] = within(table).getAllByRole('row');
    const cells = within(first!).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      '3f2a9c1b…',
      '$4,497.00',
      'completed',
      'Nov 24, 2026',
      'View items',
    ]);
    expect(within(first!).getByTitle(completed.id)).toHaveTextContent('3f2a9c1b…');
    expect(within(second!).getAllByRole('cell')[1]).toHaveTextContent('$999.99');
    expect(within(third!).getAllByRole('cell')[1]).toHaveTextContent('$250.00');
  });

  it("badges 'completed' with the default colour and every other status with the secondary one", async () => {
    stubDashboardApi({
      'GET /api/user/orders/page': { status: 200, body: page([completed, pending, failed]) },
    });
    renderOrders();
    await screen.findByRole('table', { name: 'Your orders' });
    // The default badge is the solid one; the secondary badge is the quieter, outlined one.
    const chip = (status: string) => screen.getByText(status).closest('.MuiChip-root');
    expect(chip('completed')).toHaveClass('MuiChip-filled');
    expect(chip('pending')).toHaveClass('MuiChip-outlined');
    expect(chip('failed')).toHaveClass('MuiChip-outlined');
  });

  it('badges processing and canceled as secondary, and a canceled order says why in its row', async () => {
    stubDashboardApi({
      'GET /api/user/orders/page': { status: 200, body: page([processing, canceled, completed]) },
    });
    renderOrders();
    const table = await screen.findByRole('table', { name: 'Your orders' });
    const chip = (status: string) => within(table).getByText(status).closest('.MuiChip-root');
    expect(chip('processing')).toHaveClass('MuiChip-outlined');
    expect(chip('canceled')).toHaveClass('MuiChip-outlined');
    const [, processingRow, canceledRow, completedRow] = within(table).getAllByRole('row');
    expect(within(canceledRow!).getAllByRole('cell')[2]).toHaveTextContent(
      'canceledNot paid in time. Nothing was charged.',
    );
    expect(processingRow).not.toHaveTextContent('Nothing was charged');
    expect(completedRow).not.toHaveTextContent('Nothing was charged');
  });

  it('says why an order was canceled on its phone card and in its items too', async () => {
    jest.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          addEventListener() {},
          removeEventListener() {},
        }) as unknown as MediaQueryList,
    );
    stubDashboardApi({ 'GET /api/user/orders/page': { status: 200, body: page([canceled]) } });
    renderOrders();
    const [card] = within(await screen.findByRole('list', { name: 'Your orders' })).getAllByRole('listitem');
    expect(card).toHaveTextContent('canceled');
    expect(card).toHaveTextContent('Not paid in time. Nothing was charged.');
    await userEvent.click(within(card!).getByRole('button', { name: 'View items of order d9e8f7a6' }));
    expect(screen.getByRole('dialog', { name: 'Order items' })).toHaveTextContent(
      'Not paid in time. Nothing was charged.',
    );
  });

  it("shows an order's items with quantity, monthly price and line total in 'View items'", async () => {
    stubDashboardApi({ 'GET /api/user/orders/page': { status: 200, body: page([completed, pending]) } });
    renderOrders();
    await userEvent.click(await screen.findByRole('button', { name: 'View items of order 3f2a9c1b' }));

    const dialog = screen.getByRole('dialog', { name: 'Order items' });
    expect(within(dialog).getByText(`Order ID: ${completed.id}`)).toBeInTheDocument();
    const growth = within(dialog).getByRole('listitem', { name: 'Growth Package' });
    expect(growth).toHaveTextContent('2 × $1,499.00 per month');
    expect(within(growth).getByTestId('line-total')).toHaveTextContent('$2,998.00');
    const addOn = within(dialog).getByRole('listitem', { name: 'AI Automation Add-on' });
    expect(addOn).toHaveTextContent('1 × $1,499.00 per month');
    expect(within(addOn).getByTestId('line-total')).toHaveTextContent('$1,499.00');
    expect(within(dialog).getByTestId('order-total')).toHaveTextContent('$4,497.00');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says there are no orders yet and leads to pricing', async () => {
    stubDashboardApi({ 'GET /api/user/orders/page': { status: 200, body: page([]) } });
    renderOrders();
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Pricing' })).toHaveAttribute('href', '/pricing');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows placeholder rows while the orders load', async () => {
    stubDashboardApi({ 'GET /api/user/orders/page': () => new Promise(() => {}) });
    renderOrders();
    expect(await screen.findByRole('status', { name: 'Loading orders' })).toBeInTheDocument();
  });

  it("toasts 'Failed to fetch orders' and offers 'Try again', which loads them", async () => {
    let answer: StubbedAnswer = serverError('Orders are unavailable right now');
    const calls = stubDashboardApi({ 'GET /api/user/orders/page': () => answer });
    const { store } = renderOrders();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load your orders.');
    expect(store.getState().toast.current).toMatchObject(
      errorToast('Failed to fetch orders', 'Orders are unavailable right now'),
    );

    answer = { status: 200, body: page([completed]) };
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Your orders' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/user/orders/page')).toHaveLength(2);
  });

  it('turns the table into a list of cards on phones', async () => {
    jest.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          addEventListener() {},
          removeEventListener() {},
        }) as unknown as MediaQueryList,
    );
    stubDashboardApi({ 'GET /api/user/orders/page': { status: 200, body: page([completed, pending]) } });
    renderOrders();
    const list = await screen.findByRole('list', { name: 'Your orders' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [first] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('3f2a9c1b…');
    expect(first).toHaveTextContent('$4,497.00');
    expect(first).toHaveTextContent('completed');
    expect(first).toHaveTextContent('Nov 24, 2026');
    await userEvent.click(within(first!).getByRole('button', { name: 'View items of order 3f2a9c1b' }));
    expect(screen.getByRole('dialog', { name: 'Order items' })).toBeInTheDocument();
  });

  it('reloads the list when a checkout elsewhere on the page changes the orders', async () => {
    let answered = 0;
    stubDashboardApi({
      'GET /api/user/orders/page': () => ({ status: 200, body: page(answered++ === 0 ? [] : [completed]) }),
    });
    const { store } = renderOrders();
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    // What the checkout section dispatches once an order is placed or paid.
    store.dispatch((await loadOrdersApi()).util.invalidateTags(['Orders']));
    expect(await screen.findByRole('table', { name: 'Your orders' })).toBeInTheDocument();
  });

  it("pages with the cursor: 'Show more orders' adds the next page below, and each order links to its page", async () => {
    const calls = stubDashboardApi({
      'GET /api/user/orders/page': (request) =>
        new URL(request.url).searchParams.get('cursor') === 'next-1'
          ? { status: 200, body: page([failed]) }
          : { status: 200, body: page([completed, pending], 'next-1') },
    });
    renderOrders();
    const table = await screen.findByRole('table', { name: 'Your orders' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Order 3f2a9c1b, details' })).toHaveAttribute(
      'href',
      `/dashboard/orders/${completed.id}`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show more orders' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(within(table).getAllByRole('row')[3]).toHaveTextContent('$250.00');
    expect(screen.queryByRole('button', { name: 'Show more orders' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/user/orders/page')).toHaveLength(2);
  });
});
