import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DailyMetrics, MetricsResponse } from '@portal/contracts';
import { renderPage } from '@portal/web-testing';
import { loadDashboardApi } from '../../../api/dashboard-api';
import {
  anIntegration,
  errorToast,
  serverError,
  signedInAs,
  signedInCustomer,
  stubDashboardApi,
} from '../dashboard-fixtures';
import { KpisTab } from './KpisTab';

/** 30 days from Oct 26 to Nov 24, 2026 (oldest first) with counts that differ from day to day. */
const daily: DailyMetrics[] = Array.from({ length: 30 }, (_, index) => {
  const date = new Date(Date.UTC(2026, 9, 26 + index)).toISOString().slice(0, 10);
  return { date, calls: 20 + index, leads: 5 + (index % 7), conversions: index % 4 };
});
const today = daily[29];
const metrics: MetricsResponse = {
  timezone: 'America/New_York',
  today,
  range: { preset: '30d', from: '2026-10-26', to: '2026-11-24' },
  daily,
};
const activeIntegration = anIntegration({ isActive: true });

function renderKpis(routes: Parameters<typeof stubDashboardApi>[0] = {}) {
  const onSetupIntegration = jest.fn();
  const calls = stubDashboardApi({
    'GET /api/crm/integrations': { status: 200, body: [activeIntegration] },
    'GET /api/kpi/metrics': { status: 200, body: metrics },
    ...routes,
  });
  const view = renderPage(<KpisTab onSetupIntegration={onSetupIntegration} />, {
    route: '/dashboard/kpis',
    state: signedInCustomer,
  });
  return { onSetupIntegration, calls, ...view };
}

const card = (label: string) => within(screen.getByRole('group', { name: label }));
const tooltip = () => screen.getByTestId('chart-tooltip');

describe('KPIs tab', () => {
  const { PointerEvent } = window;
  beforeAll(() => {
    // jsdom has no PointerEvent; a MouseEvent carries the clientX the chart reads.
    window.PointerEvent ??= class extends MouseEvent {} as typeof window.PointerEvent;
    return loadDashboardApi();
  });
  afterAll(() => {
    window.PointerEvent = PointerEvent;
  });
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', 'tok-1');
  });
  afterEach(() => jest.restoreAllMocks());

  it("shows today's calls, leads and conversions in the organisation's time zone", async () => {
    renderKpis();
    expect(await screen.findByText('Today, Nov 24 (America/New_York)')).toBeInTheDocument();
    expect(card('Calls Today').getByTestId('stat-value')).toHaveTextContent('49');
    expect(card('Calls Today').getByText('48 yesterday')).toBeInTheDocument();
    expect(card('Leads Generated').getByTestId('stat-value')).toHaveTextContent('6');
    expect(card('Leads Generated').getByText('5 yesterday')).toBeInTheDocument();
    expect(card('Conversions').getByTestId('stat-value')).toHaveTextContent('1');
    // 43 conversions of 235 leads over the 30 days.
    expect(card('Conversions').getByText('18% of leads converted in 30 days')).toBeInTheDocument();
  });

  it('shows a member (who cannot list integrations) the numbers without asking for the integrations', async () => {
    const calls = stubDashboardApi({ 'GET /api/kpi/metrics': { status: 200, body: metrics } });
    renderPage(<KpisTab onSetupIntegration={jest.fn()} />, {
      route: '/dashboard/kpis',
      state: signedInAs('member'),
    });
    expect(await screen.findByRole('group', { name: 'Calls Today' })).toBeInTheDocument();
    expect(calls.map(({ path }) => path)).not.toContain('/api/crm/integrations');
  });

  it("offers 'Setup Integration' when no integration is active", async () => {
    const { onSetupIntegration } = renderKpis({
      'GET /api/crm/integrations': { status: 200, body: [anIntegration({ isActive: false })] },
    });
    expect(await screen.findByText('No KPI data yet')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Calls Today' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Setup Integration' }));
    expect(onSetupIntegration).toHaveBeenCalledTimes(1);
  });

  it('charts the 30 days of the three series with a legend, axes and a summary', async () => {
    renderKpis();
    const chart = await screen.findByRole('img', {
      name: /^Line chart of daily calls, leads and conversions/,
    });
    expect(chart).toHaveAccessibleName(
      'Line chart of daily calls, leads and conversions, Oct 26 to Nov 24. In 30 days: 1,035 calls, ' +
        '235 leads and 43 conversions. Busiest day: Nov 24 with 49 calls.',
    );
    for (const series of ['calls', 'leads', 'conversions']) {
      expect(chart.querySelectorAll(`[data-series="${series}"]`)).toHaveLength(30);
    }
    const legend = within(screen.getByRole('list', { name: 'Legend' })).getAllByRole('listitem');
    expect(legend.map((item) => item.textContent)).toEqual(['Calls', 'Leads', 'Conversions']);
    expect(chart).toHaveTextContent('count per day');
    // Round ticks up to 50 calls, and a date every 5 days back from today.
    for (const tick of ['0', '10', '20', '30', '40', '50'])
      expect(within(chart).getByText(tick)).toBeInTheDocument();
    for (const date of ['Oct 30', 'Nov 4', 'Nov 9', 'Nov 14', 'Nov 19', 'Nov 24']) {
      expect(within(chart).getByText(date)).toBeInTheDocument();
    }
  });

  it("reads out a day's numbers from the keyboard, one day per arrow key", async () => {
    const user = userEvent.setup();
    renderKpis();
    await screen.findByRole('img', { name: /^Line chart/ });
    expect(tooltip()).toBeEmptyDOMElement();

    const plot = screen.getByRole('group', { name: 'Daily calls, leads and conversions' });
    while (document.activeElement !== plot) await user.tab();
    expect(tooltip()).toHaveTextContent('Tue, Nov 24Calls49Leads6Conversions1');
    await user.keyboard('{ArrowLeft}');
    expect(tooltip()).toHaveTextContent('Mon, Nov 23Calls48Leads5Conversions0');
    await user.keyboard('{Home}');
    expect(tooltip()).toHaveTextContent('Mon, Oct 26Calls20Leads5Conversions0');
    await user.keyboard('{ArrowLeft}');
    expect(tooltip()).toHaveTextContent('Mon, Oct 26');
    await user.keyboard('{PageDown}');
    expect(tooltip()).toHaveTextContent('Mon, Nov 2Calls27Leads5Conversions3');
    await user.keyboard('{End}');
    expect(tooltip()).toHaveTextContent('Tue, Nov 24');
    await user.keyboard('{Escape}');
    expect(tooltip()).toBeEmptyDOMElement();
  });

  it('shows the day under the pointer', async () => {
    renderKpis();
    await screen.findByRole('img', { name: /^Line chart/ });
    const plot = screen.getByRole('group', { name: 'Daily calls, leads and conversions' });
    // jsdom lays nothing out: the chart is drawn at its default 720 px, from the left edge.
    fireEvent.pointerMove(plot, { clientX: 0 });
    expect(tooltip()).toHaveTextContent('Mon, Oct 26');
    fireEvent.pointerMove(plot, { clientX: 719 });
    expect(tooltip()).toHaveTextContent('Tue, Nov 24');
    fireEvent.pointerLeave(plot);
    expect(tooltip()).toBeEmptyDOMElement();
  });

  it("gives the chart's numbers as a table on request", async () => {
    renderKpis();
    const toggle = await screen.findByRole('button', { name: 'Show as table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveTextContent('Hide table');
    const table = screen.getByRole('table', {
      name: 'Calls, leads and conversions per day, Oct 26 to Nov 24 (America/New_York)',
    });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(
      within(rows[0])
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Calls', 'Leads', 'Conversions']);
    expect(rows[1]).toHaveTextContent('Mon, Oct 26205');
    expect(rows[30]).toHaveTextContent('Tue, Nov 244961');
  });

  it("says 'Failed to fetch metrics', shows the error in place and tries again", async () => {
    let fail = true;
    const { store } = renderKpis({
      'GET /api/kpi/metrics': () =>
        fail ? serverError('KPI service unavailable', 503) : { status: 200, body: metrics },
    });
    expect(await screen.findByText('We could not load your KPIs.')).toBeInTheDocument();
    expect(store.getState().toast.current).toMatchObject(
      errorToast('Failed to fetch metrics', 'KPI service unavailable'),
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Today, Nov 24 (America/New_York)')).toBeInTheDocument();
  });

  it('shows placeholders while the numbers load', async () => {
    // kpi answers once the placeholders have been seen (a quick answer would race the check).
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    renderKpis({
      'GET /api/kpi/metrics': async () => {
        await answered;
        return { status: 200, body: metrics };
      },
    });
    expect(await screen.findByRole('status', { name: 'Loading the daily chart' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Calls Today' })).toHaveAttribute('aria-busy', 'true');
    answer();
    expect(await screen.findByRole('img', { name: /^Line chart/ })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading the daily chart' })).not.toBeInTheDocument();
  });
});
