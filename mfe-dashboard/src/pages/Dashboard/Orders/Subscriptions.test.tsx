import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Subscription } from '@portal/contracts';
import { renderPage } from '@portal/web-testing';
import { serverError, signedInCustomer, stubDashboardApi } from '../dashboard-fixtures';
import { Subscriptions } from './Subscriptions';
import { loadSubscriptionsApi } from './subscriptions-api';

const INBOUND = '6f1d2c3a-4b5e-4c7d-8e9f-0a1b2c3d4e01';
const OUTBOUND = '6f1d2c3a-4b5e-4c7d-8e9f-0a1b2c3d4e02';
const inTenDays = new Date(Date.now() + 10 * 86_400_000).toISOString();

function aSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: '44444444-4444-4444-8444-444444444444',
    orderId: '3f2a9c1b-5d4e-4f60-8a7b-1c2d3e4f5a6b',
    packageId: INBOUND,
    packageName: 'Inbound Support',
    unitPrice: '1499.00',
    quantity: 2,
    status: 'active',
    startedAt: '2026-11-10T15:00:00.000Z',
    currentPeriodStart: '2026-11-10T15:00:00.000Z',
    currentPeriodEnd: '2026-12-10T15:00:00.000Z',
    nextBillingDate: '2026-12-10T15:00:00.000Z',
    pendingChange: null,
    cancelRequestedAt: null,
    endsAt: null,
    cancellationWouldEnd: '2027-01-10T15:00:00.000Z',
    refundableUntil: inTenDays,
    refundAmount: '2998.00',
    refundRequest: null,
    ...overrides,
  };
}

const catalog = [INBOUND, OUTBOUND].map((id, index) => ({
  id,
  name: index ? 'Outbound Sales' : 'Inbound Support',
  price: index ? '1999.00' : '1499.00',
  description: '',
  features: [],
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
}));

const path = '/api/user/subscriptions/44444444-4444-4444-8444-444444444444';
const render = () => renderPage(<Subscriptions />, { route: '/dashboard/orders', state: signedInCustomer });

describe('Subscriptions', () => {
  beforeAll(() => loadSubscriptionsApi());
  afterEach(() => jest.restoreAllMocks());

  it('shows each subscription with its price, period and next billing date', async () => {
    stubDashboardApi({
      'GET /api/user/subscriptions': { status: 200, body: { subscriptions: [aSubscription()] } },
    });
    render();
    const card = await screen.findByRole('listitem', { name: 'Inbound Support' });
    expect(card).toHaveTextContent('Inbound Support × 2');
    expect(card).toHaveTextContent('Active');
    expect(card).toHaveTextContent('$2,998.00 a month');
    expect(card).toHaveTextContent('Next billing dateDec 10, 2026');
  });

  it('says when there are none, and when the list could not be read', async () => {
    stubDashboardApi();
    const { unmount } = render();
    expect(await screen.findByText(/No subscriptions yet/)).toBeVisible();
    unmount();
    jest.restoreAllMocks();
    stubDashboardApi({ 'GET /api/user/subscriptions': serverError('boom') });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your subscriptions.');
  });

  it('schedules a change for the next cycle after saying when it takes effect', async () => {
    let current = aSubscription();
    const calls = stubDashboardApi({
      'GET /api/user/subscriptions': () => ({ status: 200, body: { subscriptions: [current] } }),
      'GET /api/packages': { status: 200, body: catalog },
      [`PUT ${path}/pending-change`]: () => {
        current = aSubscription({
          pendingChange: {
            packageId: OUTBOUND,
            packageName: 'Outbound Sales',
            unitPrice: '1999.00',
            quantity: 3,
            effectiveAt: '2026-12-10T15:00:00.000Z',
          },
        });
        return { status: 200, body: current };
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Change plan' }));
    const dialog = screen.getByRole('dialog', { name: 'Change Inbound Support' });
    expect(dialog).toHaveTextContent('The change takes effect on Dec 10, 2026, at your next billing cycle.');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Package' }));
    await userEvent.click(await screen.findByRole('option', { name: /Outbound Sales/ }));
    await userEvent.clear(within(dialog).getByLabelText('Quantity'));
    await userEvent.type(within(dialog).getByLabelText('Quantity'), '3');
    expect(dialog).toHaveTextContent('From Dec 10, 2026: $5,997.00 a month');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule change' }));
    const card = await screen.findByRole('listitem', { name: 'Inbound Support' });
    await waitFor(() =>
      expect(card).toHaveTextContent(
        'Scheduled change: from Dec 10, 2026, Outbound Sales × 3 ($5,997.00 a month)',
      ),
    );
    expect(calls).toContainEqual(
      expect.objectContaining({ method: 'PUT', body: { packageId: OUTBOUND, quantity: 3 } }),
    );
  });

  it('cancels only after confirming the exact end date', async () => {
    let current = aSubscription();
    const calls = stubDashboardApi({
      'GET /api/user/subscriptions': () => ({ status: 200, body: { subscriptions: [current] } }),
      [`POST ${path}/cancellation`]: () => {
        current = aSubscription({
          status: 'canceling',
          cancelRequestedAt: '2026-11-20T15:00:00.000Z',
          endsAt: '2027-01-10T15:00:00.000Z',
          cancellationWouldEnd: null,
        });
        return { status: 200, body: current };
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel Inbound Support?' });
    expect(dialog).toHaveTextContent('your subscription ends on Jan 10, 2027');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    const card = await screen.findByRole('listitem', { name: 'Inbound Support' });
    await waitFor(() => expect(card).toHaveTextContent('Ends Jan 10, 2027'));
    expect(within(card).queryByRole('button', { name: 'Change plan' })).toBeNull();
  });

  it('requests the money-back refund with a reason, and shows its outcome', async () => {
    let current = aSubscription();
    const calls = stubDashboardApi({
      'GET /api/user/subscriptions': () => ({ status: 200, body: { subscriptions: [current] } }),
      [`POST ${path}/refund-request`]: () => {
        current = aSubscription({
          refundRequest: {
            id: '77777777-7777-4777-8777-777777777777',
            status: 'requested',
            amount: '2998.00',
            reason: 'Volumes dropped',
            requestedAt: '2026-11-20T15:00:00.000Z',
            decidedAt: null,
            declineReason: null,
            refundStatus: null,
          },
        });
        return { status: 201, body: current };
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Request refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Request a refund' });
    expect(dialog).toHaveTextContent('refunds $2,998.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request refund' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please tell us why');
    await userEvent.type(within(dialog).getByLabelText(/Why are you asking/), 'Volumes dropped');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request refund' }));
    const card = await screen.findByRole('listitem', { name: 'Inbound Support' });
    await waitFor(() => expect(card).toHaveTextContent('Refund of $2,998.00 requested on Nov 20, 2026'));
    expect(within(card).queryByRole('button', { name: 'Request refund' })).toBeNull();
    expect(calls).toContainEqual(expect.objectContaining({ body: { reason: 'Volumes dropped' } }));
  });

  it('offers no refund once the window has closed', async () => {
    stubDashboardApi({
      'GET /api/user/subscriptions': {
        status: 200,
        body: { subscriptions: [aSubscription({ refundableUntil: '2026-01-01T00:00:00.000Z' })] },
      },
    });
    render();
    expect(await screen.findByRole('button', { name: 'Change plan' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Request refund' })).toBeNull();
  });
});
