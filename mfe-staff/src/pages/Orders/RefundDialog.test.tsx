import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffOrderDetail } from '@portal/contracts';
import { renderPage, stubFetch } from '@portal/web-testing';
import { loadStaffApi } from '../../api/staff-api';
import { signedInAsStaff } from '../../testing/staff-fixtures';
import { RefundDialog } from './RefundDialog';

const order: StaffOrderDetail = {
  id: '55555555-5555-4555-8555-555555555555',
  status: 'completed',
  total: '1998.00',
  createdAt: '2026-11-20T15:00:00.000Z',
  updatedAt: '2026-11-20T15:01:00.000Z',
  items: [
    {
      id: '66666666-6666-4666-8666-666666666666',
      packageId: '77777777-7777-4777-8777-777777777777',
      name: 'Scale',
      quantity: 2,
      price: '999.00',
    },
  ],
  subtotal: '1998.00',
  tax: '0.00',
  paymentStatus: 'partially_refunded',
  paidAt: '2026-11-20T15:01:00.000Z',
  amountPaid: '1998.00',
  amountRefunded: '100.00',
  refundable: '1898.00',
  invoice: { number: 'INV-000001', issuedAt: '2026-11-20T15:01:00.000Z' },
  history: [],
  organizationId: null,
  userId: null,
  refunds: [],
};

const refundPath = `POST /api/commerce/staff/orders/${order.id}/refunds`;
const refunded = (amount: string) => ({
  status: 201,
  body: {
    refund: {
      id: '88888888-8888-4888-8888-888888888888',
      stripeRefundId: 're_1',
      amount,
      status: 'succeeded',
      reason: 'requested_by_customer',
      failureReason: null,
      requestedBy: null,
      createdAt: '2026-11-26T10:00:00.000Z',
      updatedAt: '2026-11-26T10:00:00.000Z',
    },
    order,
  },
});

describe('RefundDialog', () => {
  beforeAll(() => loadStaffApi());
  afterEach(() => jest.restoreAllMocks());

  it('refunds everything left by default, with one idempotency key, and closes', async () => {
    const keys: (string | null)[] = [];
    const calls = stubFetch({
      [refundPath]: (request) => {
        keys.push(request.headers.get('idempotency-key'));
        return refunded('1898.00');
      },
    });
    const onClose = jest.fn();
    renderPage(<RefundDialog order={order} onClose={onClose} />, { state: signedInAsStaff });
    const dialog = screen.getByRole('dialog', { name: 'Refund order 55555555' });
    expect(dialog).toHaveTextContent('$1,898.00 left');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toEqual([expect.objectContaining({ body: { reason: 'requested_by_customer' } })]);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a part above what is left before asking, then sends the amount as the API writes it', async () => {
    const calls = stubFetch({ [refundPath]: refunded('25.50') });
    renderPage(<RefundDialog order={order} onClose={() => {}} />, { state: signedInAsStaff });
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByLabelText('Part of it'));
    await userEvent.type(within(dialog).getByLabelText('Amount (USD)'), '1898.01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('At most $1,898.00 is left to refund');
    expect(calls).toEqual([]);
    await userEvent.clear(within(dialog).getByLabelText('Amount (USD)'));
    await userEvent.type(within(dialog).getByLabelText('Amount (USD)'), '25.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() =>
      expect(calls).toEqual([
        expect.objectContaining({ body: { amount: '25.50', reason: 'requested_by_customer' } }),
      ]),
    );
  });

  it("shows the server's refusal in the dialog", async () => {
    stubFetch({
      [refundPath]: {
        status: 502,
        body: { statusCode: 502, message: 'Stripe could not make the refund: Stripe: card expired' },
      },
    });
    const onClose = jest.fn();
    renderPage(<RefundDialog order={order} onClose={onClose} />, { state: signedInAsStaff });
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '502: Stripe could not make the refund: Stripe: card expired',
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
