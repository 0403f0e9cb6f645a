import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, type StubbedAnswer } from '@portal/web-testing';
import { loadDashboardApi } from '../../../api/dashboard-api';
import {
  anOrder,
  aTicket,
  metricsWith,
  errorToast,
  serverError,
  signedInAs,
  signedInCustomer,
  stubDashboardApi,
} from '../dashboard-fixtures';
import { Overview } from './Overview';

const EVENT_URI = 'https://api.calendly.com/scheduled_events/GBGBDCAADAEDCRZ2';

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
      'GET /api/crm/integrations/summary': { status: 200, body: { configured: 3, active: 2 } },
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
      'GET /api/crm/integrations/summary',
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
        body: route.includes('metrics')
          ? metricsWith({ calls: 3, leads: 1, conversions: 0 })
          : route.includes('summary')
            ? { configured: 0, active: 0 }
            : [],
      };
      await userEvent.click(within(card(label)).getByRole('button', { name: 'Try again' }));
      expect(await within(card(label)).findByTestId('stat-value')).toBeInTheDocument();
      const [method, path] = route.split(' ');
      expect(calls.filter((call) => call.method === method && call.path === path)).toHaveLength(2);
    },
  );

  const paidFor = (...names: string[]) =>
    anOrder({
      items: names.map((name, index) => ({
        id: `0b6f7c1e-2a3d-4e5f-8a9b-0c1d2e3f4a5${index}`,
        packageId: `6f1d2c3a-4b5e-4c7d-8e9f-0a1b2c3d4e0${index}`,
        name,
        quantity: 1,
        price: '1499.00',
      })),
    });
  const serviceStatus = async () =>
    within(await screen.findByRole('list', { name: 'Service Status' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
  const checklist = async () =>
    within(await screen.findByRole('list', { name: 'Getting Started' }))
      .getAllByRole('listitem')
      .map((item) => [
        within(item).getByRole('heading').textContent,
        within(item).queryByText('Done') ? 'Done' : 'To do',
      ]);

  it('lists the services of paid orders, active once an integration is connected', async () => {
    stubDashboardApi({
      'GET /api/user/orders': {
        status: 200,
        body: [
          { ...paidFor('Outbound Sales'), id: '10000000-0000-4000-8000-000000000001', status: 'pending' },
          { ...paidFor('Inbound Support', 'AI Automation'), id: '10000000-0000-4000-8000-000000000002' },
          { ...paidFor('Inbound Support'), id: '10000000-0000-4000-8000-000000000003' },
        ],
      },
      'GET /api/crm/integrations/summary': { status: 200, body: { configured: 1, active: 1 } },
    });
    renderOverview();
    expect(await serviceStatus()).toEqual(['Inbound SupportActive', 'AI AutomationActive']);
    expect(screen.queryByRole('list', { name: 'Getting Started' })).not.toBeInTheDocument();
  });

  it("shows a billing member the services' status without their integrations", async () => {
    const calls = stubDashboardApi({
      'GET /api/user/orders': { status: 200, body: [paidFor('Inbound Support')] },
      'GET /api/crm/integrations/summary': { status: 200, body: { configured: 2, active: 1 } },
    });
    renderPage(<Overview />, { route: '/dashboard', state: signedInAs('billing') });
    expect(await serviceStatus()).toEqual(['Inbound SupportActive']);
    expect(screen.queryByRole('group', { name: 'Active Integrations' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Getting Started' })).not.toBeInTheDocument();
    expect(calls.map((call) => call.path)).not.toContain('/api/crm/integrations');
  });

  it('asks a member, who sees no orders, for neither the orders nor the integrations', async () => {
    const calls = stubDashboardApi();
    renderPage(<Overview />, { route: '/dashboard', state: signedInAs('member') });
    expect(await cardText('Open Tickets')).toEqual(['0', '0 total']);
    expect(screen.queryByRole('heading', { name: 'Service Status' })).not.toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(
      expect.not.arrayContaining(['/api/user/orders', '/api/crm/integrations', '/api/crm/integrations/summary']),
    );
  });

  it('says a paid service needs setup while no integration is connected', async () => {
    stubDashboardApi({
      'GET /api/user/orders': { status: 200, body: [paidFor('Outbound Sales')] },
      'GET /api/crm/integrations/summary': { status: 200, body: { configured: 1, active: 0 } },
    });
    renderOverview();
    expect(await serviceStatus()).toEqual(['Outbound SalesSetup Required']);
  });

  it('shows a new customer no service as active, but the onboarding checklist', async () => {
    stubDashboardApi({
      'GET /api/user/orders': { status: 200, body: [{ ...paidFor('Outbound Sales'), status: 'failed' }] },
    });
    renderOverview();
    expect(await checklist()).toEqual([
      ['Connect an integration', 'To do'],
      ['Book the kickoff call', 'To do'],
      ['Open a first ticket', 'To do'],
    ]);
    expect(screen.queryByText('Active')).not.toBeInTheDocument();
    expect(screen.getByText('No service is active yet.')).toBeInTheDocument();
  });

  it("ticks each step from the customer's own data", async () => {
    stubDashboardApi({
      'GET /api/crm/integrations/summary': { status: 200, body: { configured: 1, active: 0 } },
      'GET /api/support/tickets': { status: 200, body: [aTicket({ status: 'closed' })] },
      'GET /api/crm/kickoff': {
        status: 200,
        body: { kickoff: { bookedAt: '2026-11-24T15:30:00.000Z', eventUri: null } },
      },
    });
    renderOverview();
    expect(await screen.findByText(/Requested on Nov 24, 2026/)).toBeInTheDocument();
    expect(await checklist()).toEqual([
      ['Connect an integration', 'Done'],
      ['Book the kickoff call', 'Done'],
      ['Open a first ticket', 'Done'],
    ]);
  });

  it('opens the Integrations and Support tabs from their steps', async () => {
    stubDashboardApi();
    const onOpenTab = jest.fn();
    renderPage(<Overview onOpenTab={onOpenTab} />, { route: '/dashboard', state: signedInCustomer });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Integration' }));
    await userEvent.click(screen.getByRole('button', { name: 'New Ticket' }));
    expect(onOpenTab.mock.calls).toEqual([['Integrations'], ['Support']]);
  });

  it('books the kickoff call for the organisation when no scheduling widget is configured', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    let kickoff: unknown = null;
    const calls = stubDashboardApi({
      'GET /api/crm/kickoff': () => ({ status: 200, body: { kickoff } }),
      'POST /api/crm/kickoff': () => {
        kickoff = { bookedAt: '2026-11-25T09:00:00.000Z', eventUri: null };
        return { status: 200, body: { kickoff } };
      },
    });
    const { store } = renderOverview();
    await userEvent.click(await screen.findByRole('button', { name: 'Book Kickoff Call' }));

    expect(await screen.findByText(/Requested on Nov 25, 2026/)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({});
    expect(store.getState().toast.current).toMatchObject({
      title: 'Kickoff call requested',
      severity: 'success',
    });
  });

  it('records the Calendly event a booking through the widget scheduled', async () => {
    let kickoff: unknown = null;
    const calls = stubDashboardApi({
      'GET /api/crm/kickoff': () => ({ status: 200, body: { kickoff } }),
      'POST /api/crm/kickoff': () => {
        kickoff = { bookedAt: '2026-11-25T09:00:00.000Z', eventUri: EVENT_URI };
        return { status: 200, body: { kickoff } };
      },
    });
    renderOverview();
    await screen.findByRole('button', { name: 'Book Kickoff Call' });
    const scheduled = { event: 'calendly.event_scheduled', payload: { event: { uri: EVENT_URI } } };
    window.dispatchEvent(
      new MessageEvent('message', { origin: 'https://evil.example.com', data: scheduled }),
    );
    window.dispatchEvent(new MessageEvent('message', { origin: 'https://calendly.com', data: scheduled }));

    await screen.findByText(/Booked on Nov 25, 2026/);
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { eventUri: EVENT_URI },
    ]);
  });
});
