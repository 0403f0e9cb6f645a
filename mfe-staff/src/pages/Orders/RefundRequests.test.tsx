import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffRefundRequest } from '@portal/contracts';
import { renderPage, stubFetch } from '@portal/web-testing';
import { loadStaffApi } from '../../api/staff-api';
import { signedInAsStaff, staffMe } from '../../testing/staff-fixtures';
import { RefundRequests } from './RefundRequests';

const request: StaffRefundRequest = {
  id: '77777777-7777-4777-8777-777777777777',
  status: 'requested',
  amount: '2998.00',
  reason: 'Our volumes dropped',
  requestedAt: '2026-11-26T10:00:00.000Z',
  decidedAt: null,
  declineReason: null,
  refundStatus: null,
  subscriptionId: '66666666-6666-4666-8666-666666666666',
  orderId: '55555555-5555-4555-8555-555555555555',
  organizationId: '0d7e8f5a-1b2c-4d3e-8f9a-0b1c2d3e4f5a',
  organizationName: 'Acme Freight',
  packageName: 'Inbound Support',
  quantity: 2,
  requestedBy: null,
  decidedBy: null,
  stripeRefundId: null,
};

const listPath = 'GET /api/commerce/staff/refund-requests';
const approvePath = `POST /api/commerce/staff/refund-requests/${request.id}/approve`;
const declinePath = `POST /api/commerce/staff/refund-requests/${request.id}/decline`;

describe('RefundRequests', () => {
  beforeAll(() => loadStaffApi());
  afterEach(() => jest.restoreAllMocks());

  it('lists each request with the customer, amount and reason, and approves one after confirming', async () => {
    let decided = false;
    const calls = stubFetch({
      [listPath]: () => ({ status: 200, body: { requests: decided ? [] : [request] } }),
      [approvePath]: () => {
        decided = true;
        return { status: 200, body: { ...request, status: 'approved', refundStatus: 'succeeded' } };
      },
    });
    renderPage(<RefundRequests />, { state: signedInAsStaff });
    const item = await screen.findByRole('listitem', { name: 'Refund request of Acme Freight' });
    expect(item).toHaveTextContent('Acme Freight: $2,998.00');
    expect(item).toHaveTextContent('Inbound Support × 2');
    expect(item).toHaveTextContent('“Our volumes dropped”');
    await userEvent.click(within(item).getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve the refund?' });
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund $2,998.00' }));
    expect(await screen.findByText('No refund requests are waiting for a decision.')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({ path: `/api/commerce/staff/refund-requests/${request.id}/approve` }),
    ]);
  });

  it('shows Stripe’s refusal in the dialog and keeps it open', async () => {
    stubFetch({
      [listPath]: { status: 200, body: { requests: [request] } },
      [approvePath]: {
        status: 502,
        body: {
          statusCode: 502,
          message: 'Stripe could not make the refund: Charge ch_1 has already been refunded.',
        },
      },
    });
    renderPage(<RefundRequests />, { state: signedInAsStaff });
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await userEvent.click(screen.getByRole('button', { name: 'Refund $2,998.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('has already been refunded');
    expect(screen.getByRole('dialog')).toBeVisible();
  });

  it('declines only with a reason, and sends it', async () => {
    const calls = stubFetch({
      [listPath]: { status: 200, body: { requests: [request] } },
      [declinePath]: { status: 200, body: { ...request, status: 'declined' } },
    });
    renderPage(<RefundRequests />, { state: signedInAsStaff });
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline the refund?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Tell the customer why the refund is declined',
    );
    await userEvent.type(within(dialog).getByLabelText(/Reason for the customer/), 'Used in full');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST')).toEqual([
        expect.objectContaining({ body: { reason: 'Used in full' } }),
      ]),
    );
  });

  it('shows no decision buttons to a CRM manager, and says when the list fails', async () => {
    stubFetch({ [listPath]: { status: 200, body: { requests: [request] } } });
    const crm = {
      session: { ...signedInAsStaff.session!, user: { ...staffMe, role: 'crm_manager' as const } },
    };
    const { unmount } = renderPage(<RefundRequests />, { state: crm });
    expect(await screen.findByRole('listitem')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    unmount();
    jest.restoreAllMocks();
    stubFetch({ [listPath]: { status: 500, body: { statusCode: 500, message: 'boom' } } });
    renderPage(<RefundRequests />, { state: signedInAsStaff });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the refund requests.');
  });
});
