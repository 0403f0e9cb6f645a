import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, stubFetch } from '@portal/web-testing';
import { loadStaffApi } from '../../api/staff-api';
import { aStaffOrder, signedInAsStaff } from '../../testing/staff-fixtures';
import { RefundDialog } from './RefundDialog';

const order = aStaffOrder;

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
