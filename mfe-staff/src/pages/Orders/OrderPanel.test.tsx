import { screen } from '@testing-library/react';
import { renderPage, stubFetch } from '@portal/web-testing';
import { loadStaffApi } from '../../api/staff-api';
import { aStaffOrder, signedInAsStaff, staffMe } from '../../testing/staff-fixtures';
import { OrderPanel } from './OrderPanel';

const asRole = (role: 'admin' | 'billing' | 'crm_manager') => ({
  session: { hasToken: true, user: { ...staffMe, role }, checking: false },
});

describe('OrderPanel', () => {
  beforeAll(() => loadStaffApi());
  afterEach(() => jest.restoreAllMocks());

  const show = (state: object) => {
    stubFetch({ [`GET /api/commerce/staff/orders/${aStaffOrder.id}`]: { status: 200, body: aStaffOrder } });
    renderPage(<OrderPanel orderId={aStaffOrder.id} onClose={() => undefined} />, {
      route: '/staff/orders',
      state,
    });
  };

  it.each([
    ['an admin', signedInAsStaff],
    ['billing staff', asRole('billing')],
  ])('offers %s the refund of what is left', async (_, state) => {
    show(state);
    expect(await screen.findByRole('button', { name: 'Refund' })).toBeEnabled();
  });

  it('shows a CRM manager the order without a way to refund it', async () => {
    show(asRole('crm_manager'));
    expect(await screen.findByText('Refunds are made by billing or admin staff.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Order 55555555/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });
});
