import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  addCalendarDays,
  calendarDaysBetween,
  type DailyMetrics,
  kpiRangeMessages,
  type MetricsResponse,
} from '@portal/contracts';
import { renderPage } from '@portal/web-testing';
import { loadDashboardApi } from '../../../api/dashboard-api';
import {
  anIntegration,
  errorToast,
  serverError,
  signedInCustomer,
  stubDashboardApi,
} from '../dashboard-fixtures';
import { KpisTab } from './KpisTab';

const TODAY = '2026-11-24';

/** kpi's answer for a range: one row per day with 2 calls, 1 lead, no conversion. */
function metricsFor(search: URLSearchParams): MetricsResponse {
  const preset = (search.get('range') ?? '30d') as MetricsResponse['range']['preset'];
  const days = { '7d': 7, '30d': 30, '90d': 90 }[preset as '7d'];
  const from =
    preset === 'custom'
      ? search.get('from')!
      : preset === 'month'
        ? '2026-11-01'
        : addCalendarDays(TODAY, 1 - days);
  const to = preset === 'custom' ? search.get('to')! : TODAY;
  const daily: DailyMetrics[] = Array.from({ length: calendarDaysBetween(from, to) }, (_, index) => ({
    date: addCalendarDays(from, index),
    calls: 2,
    leads: 1,
    conversions: 0,
  }));
  return {
    timezone: 'America/New_York',
    today: { date: TODAY, calls: 2, leads: 1, conversions: 0 },
    range: { preset, from, to },
    daily,
  };
}

function renderKpis(route = '/dashboard/kpis', routes: Parameters<typeof stubDashboardApi>[0] = {}) {
  const asked: string[] = [];
  const calls = stubDashboardApi({
    'GET /api/crm/integrations': { status: 200, body: [anIntegration({ isActive: true })] },
    'GET /api/kpi/metrics': (request: Request) => {
      const search = new URL(request.url).searchParams;
      asked.push(search.toString());
      return { status: 200, body: metricsFor(search) };
    },
    ...routes,
  });
  const view = renderPage(<KpisTab onSetupIntegration={jest.fn()} />, { route, state: signedInCustomer });
  return { asked, calls, ...view };
}

const picker = () => screen.getByRole('combobox', { name: 'Date range' });

/**
 * Fires an event that changes the range, and waits until React has rendered the new range. The page
 * navigates, React Router renders a navigation as a transition (in slices, reading the lazily loaded
 * API with `use`), and user-event's synchronous act() may return before it is done: React then warns
 * that the act was not awaited.
 */
const rangeChange = (fire: () => void) => act(async () => void fire());

/** Picks the preset labelled `label` from the picker, as selecting it with the mouse or keyboard does. */
function pickPreset(label: string) {
  const option = within(picker()).getByRole<HTMLOptionElement>('option', { name: label });
  return rangeChange(() => fireEvent.change(picker(), { target: { value: option.value } }));
}

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 3, name });

describe('KPIs tab: the date range', () => {
  beforeAll(() => loadDashboardApi());
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', 'tok-1');
    consoleError = jest.spyOn(console, 'error');
  });
  afterEach(() => {
    // React's act() warnings: an update the test did not wait for.
    const actWarnings = consoleError.mock.calls.filter(([message]) => /\bact\b/.test(String(message)));
    jest.restoreAllMocks();
    expect(actWarnings).toEqual([]);
  });

  it('shows the last 30 days first, and a preset picked moves the chart, the table and the address', async () => {
    const user = userEvent.setup();
    const { asked } = renderKpis();
    expect(await heading('Last 30 days')).toBeInTheDocument();
    expect(asked).toEqual(['']);
    expect(picker()).toHaveValue('30d');
    expect(
      within(picker())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Last 7 days', 'Last 30 days', 'Last 90 days', 'This month', 'Custom range']);

    await pickPreset('Last 7 days');
    expect(await heading('Last 7 days')).toBeInTheDocument();
    expect(asked.at(-1)).toBe('range=7d');
    expect(window.location.search).toBe('?range=7d');
    expect(screen.getByText('Nov 18 to Nov 24 (America/New_York) · 7 days')).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: /^Line chart/ }).querySelectorAll('[data-series="calls"]'),
    ).toHaveLength(7);
    await user.click(screen.getByRole('button', { name: 'Show as table' }));
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(8);

    await pickPreset('This month');
    expect(await heading('This month')).toBeInTheDocument();
    expect(asked.at(-1)).toBe('range=month');
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(25);

    // Back to the default: the address is clean again and the Overview's entry is reused.
    await pickPreset('Last 30 days');
    expect(await heading('Last 30 days')).toBeInTheDocument();
    expect(window.location.search).toBe('');
  });

  it('opens on the range in the address, and on the default when the address names none it knows', async () => {
    const first = renderKpis('/dashboard/kpis?range=90d');
    expect(await heading('Last 90 days')).toBeInTheDocument();
    expect(picker()).toHaveValue('90d');
    first.unmount();
    jest.restoreAllMocks();
    const { asked } = renderKpis('/dashboard/kpis?range=365d');
    expect(await heading('Last 30 days')).toBeInTheDocument();
    expect(asked).toEqual(['']);
  });

  it('takes a custom range of days from the keyboard, and says why one cannot be shown', async () => {
    const user = userEvent.setup();
    const { asked } = renderKpis();
    await heading('Last 30 days');
    await user.selectOptions(picker(), 'Custom range');
    const form = screen.getByRole('form', { name: 'Custom range' });
    const from = within(form).getByLabelText('From');
    const to = within(form).getByLabelText('To');
    // Starts from the days shown; no day after today.
    expect(from).toHaveValue('2026-10-26');
    expect(to).toHaveValue(TODAY);
    expect(to).toHaveAttribute('max', TODAY);
    expect(from).toHaveAttribute('min', '2025-10-24');

    const apply = async (first: string, last: string) => {
      await user.clear(from);
      await user.type(from, first);
      await user.clear(to);
      await user.type(to, last);
      const applyButton = within(form).getByRole('button', { name: 'Apply range' });
      await rangeChange(() => fireEvent.click(applyButton));
    };
    await apply('2026-11-20', '2026-11-25');
    expect(within(form).getByRole('alert')).toHaveTextContent(kpiRangeMessages.inFuture);
    expect(from).toHaveAccessibleDescription(kpiRangeMessages.inFuture);
    await apply('2026-11-20', '2026-11-10');
    expect(within(form).getByRole('alert')).toHaveTextContent(kpiRangeMessages.fromAfterTo);
    await apply('2025-01-01', '2026-11-20');
    expect(within(form).getByRole('alert')).toHaveTextContent(kpiRangeMessages.tooLong);
    expect(asked).toEqual(['']);

    await apply('2025-12-01', '2025-12-31');
    expect(await heading('Dec 1, 2025 to Dec 31, 2025')).toBeInTheDocument();
    expect(asked.at(-1)).toBe('range=custom&from=2025-12-01&to=2025-12-31');
    expect(window.location.search).toBe('?range=custom&from=2025-12-01&to=2025-12-31');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Custom range' })).toBeInTheDocument();
    expect(picker()).toHaveValue('custom');
  });

  describe("'Export CSV'", () => {
    let saved: { filename: string; text: string; type: string }[];
    beforeEach(() => {
      saved = [];
      const blobs = new Map<string, Blob>();
      URL.createObjectURL = jest.fn((blob: Blob) => {
        const url = `blob:kpis-${blobs.size}`;
        blobs.set(url, blob);
        return url;
      });
      URL.revokeObjectURL = jest.fn();
      jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        const blob = blobs.get(this.href)!;
        // jsdom's Blob has no text(): its FileReader reads it.
        const reader = new FileReader();
        reader.onload = () =>
          saved.push({ filename: this.download, text: String(reader.result), type: blob.type });
        reader.readAsText(blob);
      });
    });

    /** The stubbed API, with kpi's CSV export answering `csv` (or `failure`) for what it is asked. */
    function withExport(answer: (search: URLSearchParams) => Response) {
      const exports: string[] = [];
      const stubbed = jest.mocked(globalThis.fetch).getMockImplementation()!;
      jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
        const request = new Request(input, init);
        const url = new URL(request.url);
        if (url.pathname !== '/api/kpi/metrics/export') return stubbed(input, init);
        exports.push(url.searchParams.toString());
        expect(request.headers.get('authorization')).toBe('Bearer tok-1');
        return answer(url.searchParams);
      });
      return exports;
    }

    it('downloads exactly the shown days as kpis-<from>-to-<to>.csv', async () => {
      const user = userEvent.setup();
      renderKpis('/dashboard/kpis?range=7d');
      await heading('Last 7 days');
      const csv = 'Date,Calls,Leads,Conversions\r\n2026-11-18,2,1,0\r\n';
      const exports = withExport(
        () => new Response(csv, { headers: { 'content-type': 'text/csv; charset=utf-8' } }),
      );
      await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(exports).toEqual(['range=custom&from=2026-11-18&to=2026-11-24']);
      expect(saved[0]).toEqual({
        filename: 'kpis-2026-11-18-to-2026-11-24.csv',
        text: csv,
        type: 'text/csv;charset=utf-8',
      });
      expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeEnabled();
    });

    it("says 'Failed to export metrics' with kpi's message, and saves nothing", async () => {
      const user = userEvent.setup();
      const { store } = renderKpis();
      await heading('Last 30 days');
      withExport(() => {
        const { status, body } = serverError('KPI service unavailable', 503);
        return new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      });
      await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
      await waitFor(() =>
        expect(store.getState().toast.current).toMatchObject(
          errorToast('Failed to export metrics', 'KPI service unavailable'),
        ),
      );
      expect(saved).toEqual([]);
    });
  });
});
