import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, type StubbedAnswer } from '@portal/web-testing';
import { loadDashboardApi } from '../../../api/dashboard-api';
import {
  anIntegration,
  anOrder,
  aTicket,
  metricsWith,
  errorToast,
  serverError,
  signedInCustomer,
  stubDashboardApi,
} from '../dashboard-fixtures';
import { Overview } from './Overview';

const renderOverview = () => renderPage(<Overview />, { route: '/dashboard', state: signedInCustomer });

const card = (label: string) => screen.getByRole('group', { name: label });

/** A card's number and its line of context, once loaded. */
async function cardText(label: string) {
  const value = await within(card(label)).findByTestId('stat-value');
  return [value.textContent, value.nextSibling?.textContent];
}

describe('Overview tab', () => {
  beforeAll(() => loadDashboardApi());
  afterEach(() => jest.restoreAllMocks());

  it('counts orders with the money spent on completed ones, active integrations, calls today and open tickets', async () => {
    stubDashboardApi({
      'GET /api/user/orders': {
        status: 200,
        body: [
          anOrder({ id: '10000000-0000-4000-8000-000000000001', status: 'completed', total: '1499.10' }),
          anOrder({ id: '10000000-0000-4000-8000-000000000002', status: 'completed', total: '3000.90' }),
          anOrder({ id: '10000000-0000-4000-8000-000000000003', status: 'pending', total: '999.00' }),
          anOrder({ id: '10000000-0000-4000-8000-000000000004', status: 'failed', total: '500.00' }),
        ],
      },
      'GET /api/crm/integrations': {
        status: 200,
        body: [
          anIntegration({ id: '20000000-0000-4000-8000-000000000001' }),
          anIntegration({ id: '20000000-0000-4000-8000-000000000002', type: 'dialpad' }),
          anIntegration({ id: '20000000-0000-4000-8000-000000000003', isActive: false }),
        ],
      },
      'GET /api/kpi/metrics': { status: 200, body: metricsWith({ calls: 1284, leads: 37, conversions: 9 }) },
      'GET /api/support/tickets': {
        status: 200,
        body: [
          aTicket({ id: '30000000-0000-4000-8000-000000000001', status: 'open' }),
          aTicket({ id: '30000000-0000-4000-8000-000000000002', status: 'open' }),
          aTicket({ id: '30000000-0000-4000-8000-000000000003', status: 'in_progress' }),
          aTicket({ id: '30000000-0000-4000-8000-000000000004', status: 'resolved' }),
          aTicket({ id: '30000000-0000-4000-8000-000000000005', status: 'closed' }),
        ],
      },
    });
    renderOverview();
    expect(await cardText('Total Orders')).toEqual(['4', '$4,500.00 spent']);
    expect(await cardText('Active Integrations')).toEqual(['2', '3 configured']);
    expect(await cardText('Calls Today')).toEqual(['1,284', '37 leads generated']);
    expect(await cardText('Open Tickets')).toEqual(['2', '5 total']);
  });

  it('shows zeros for a new customer', async () => {
    stubDashboardApi();
    renderOverview();
    expect(await cardText('Total Orders')).toEqual(['0', '$0.00 spent']);
    expect(await cardText('Active Integrations')).toEqual(['0', '0 configured']);
    expect(await cardText('Calls Today')).toEqual(['0', '0 leads generated']);
    expect(await cardText('Open Tickets')).toEqual(['0', '0 total']);
  });

  it('shows a skeleton in each card until its numbers arrive', async () => {
    stubDashboardApi({ 'GET /api/kpi/metrics': () => new Promise(() => {}) });
    renderOverview();
    expect(await cardText('Total Orders')).toEqual(['0', '$0.00 spent']);
    expect(card('Calls Today')).toHaveAttribute('aria-busy', 'true');
    expect(within(card('Calls Today')).queryByTestId('stat-value')).not.toBeInTheDocument();
    expect(card('Total Orders')).toHaveAttribute('aria-busy', 'false');
  });

  it.each([
    ['Total Orders', 'GET /api/user/orders', 'Failed to fetch orders', 'Your orders could not be loaded.'],
    [
      'Active Integrations',
      'GET /api/crm/integrations',
      'Failed to fetch integrations',
      'Your integrations could not be loaded.',
    ],
    ['Calls Today', 'GET /api/kpi/metrics', 'Failed to fetch metrics', 'Your metrics could not be loaded.'],
    [
      'Open Tickets',
      'GET /api/support/tickets',
      'Failed to fetch tickets',
      'Your tickets could not be loaded.',
    ],
  ])(
    "%s: a failed call toasts '%s', shows — with why, and 'Try again' loads it",
    async (label, route, toast, reason) => {
      let answer: StubbedAnswer = serverError('Service temporarily unavailable', 503);
      const calls = stubDashboardApi({ [route]: () => answer });
      const { store } = renderOverview();

      expect(await within(card(label)).findByText(reason)).toBeInTheDocument();
      expect(within(card(label)).getByText('—')).toBeInTheDocument();
      expect(store.getState().toast.current).toMatchObject(
        errorToast(toast, 'Service temporarily unavailable'),
      );

      answer = {
        status: 200,
        body: route.includes('metrics') ? metricsWith({ calls: 3, leads: 1, conversions: 0 }) : [],
      };
      await userEvent.click(within(card(label)).getByRole('button', { name: 'Try again' }));
      expect(await within(card(label)).findByTestId('stat-value')).toBeInTheDocument();
      const [method, path] = route.split(' ');
      expect(calls.filter((call) => call.method === method && call.path === path)).toHaveLength(2);
    },
  );

  it('lists the service status as the spec gives it', async () => {
    stubDashboardApi();
    renderOverview();
    const list = await screen.findByRole('list', { name: 'Service Status' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Inbound Contact CenterActive', 'Outbound SalesActive', 'AI AutomationSetup Required']);
  });
});
