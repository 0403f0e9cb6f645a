import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, stubFetch } from '@portal/web-testing';
import { loadStaffApi } from '../api/staff-api';
import OrdersPage from '../pages/Orders/OrdersPage';
import TicketQueue from '../pages/Tickets/TicketQueue';
import { aStaffOrder, signedInAsStaff, staffTicket, users } from '../testing/staff-fixtures';

const { refunds: _refunds, items: _items, history: _history, invoice: _invoice, ...detail } = aStaffOrder;
const order = { ...detail, invoiceNumber: 'INV-000001' };

/** A phone: every `max-width` query (MUI's `down`) matches. */
function phone() {
  jest.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        addEventListener() {},
        removeEventListener() {},
      }) as unknown as MediaQueryList,
  );
}

const orderRoutes = {
  'GET /api/commerce/staff/orders': { status: 200, body: { orders: [order], nextCursor: 'page-2' } },
  [`GET /api/commerce/staff/orders/${order.id}`]: { status: 200, body: aStaffOrder },
};

describe('the staff lists', () => {
  beforeAll(() => loadStaffApi());
  afterEach(() => jest.restoreAllMocks());

  it('are tables with a header on a wide screen', async () => {
    stubFetch(orderRoutes);
    renderPage(<OrdersPage />, { route: '/staff/orders', state: signedInAsStaff });
    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Order', 'Date', 'Total', 'Status', 'Payment', 'Refunded', 'Invoice']);
    const row = await within(table).findByRole('row', { name: /55555555/ });
    expect(row).toHaveTextContent('$1,998.00');
  });

  it('are cards on a phone: the item’s button heads its card, the other columns named under it; it opens in the list’s place', async () => {
    phone();
    stubFetch(orderRoutes);
    renderPage(<OrdersPage />, { route: '/staff/orders', state: signedInAsStaff });
    const list = await screen.findByRole('list', { name: 'Orders' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = (await within(list).findAllByRole('listitem'))[0]!;
    const terms = within(card)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual(['Date', 'Total', 'Status', 'Payment', 'Refunded', 'Invoice']);
    expect(card).toHaveTextContent('Total$1,998.00');
    expect(card).toHaveTextContent('InvoiceINV-000001');
    expect(within(list).getByRole('button', { name: 'Load more' })).toBeVisible();

    await userEvent.click(within(card).getByRole('button', { name: 'Order 55555555' }));
    expect(await screen.findByRole('region', { name: 'Order 55555555' })).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Orders' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to the orders' }));
    expect(await screen.findByRole('list', { name: 'Orders' })).toBeVisible();
  });

  it('leave a card’s empty cells out', async () => {
    phone();
    stubFetch({
      'GET /api/support/staff/tickets': {
        status: 200,
        body: { tickets: [staffTicket({ breaching: false, priority: 'low' })], nextCursor: null },
      },
      'GET /api/identity/staff/users': users,
      'GET /api/support/staff/deflections': { status: 404, body: {} },
      'GET /api/support/staff/stream': { status: 403, body: {} },
    });
    renderPage(<TicketQueue />, { route: '/staff', state: signedInAsStaff });
    const list = await screen.findByRole('list', { name: 'Tickets' });
    const card = within(list).getByRole('listitem');
    expect(within(card).getByRole('button', { name: 'Calls drop after 30 seconds' })).toBeVisible();
    expect(await within(card).findByText('Ann Lee')).toBeVisible();
    expect(
      within(card)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Customer', 'Priority', 'Status', 'Due', 'Assignee', 'Last activity']);
  });
});
