import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Incident, StatusPage as StatusPageData, UptimeDay } from '@portal/contracts';
import { renderPage, stubFetch } from '@portal/web-testing';
import StatusPage from './StatusPage';
import { loadStatusApi } from './status-api';

const days = (uptime: (index: number) => number | null): UptimeDay[] =>
  Array.from({ length: 90 }, (_, index) => {
    const date = new Date(Date.UTC(2026, 7, 31) + index * 86_400_000).toISOString().slice(0, 10);
    const value = uptime(index);
    return { date, uptime: value, sampledMinutes: value === null ? 0 : 1440, degradedMinutes: 0 };
  });
const incident = (overrides: Partial<Incident> = {}): Incident => ({
  id: '00000000-0000-4000-8000-000000000001',
  title: 'API calls time out',
  impact: 'outage',
  status: 'identified',
  services: ['api'],
  startedAt: '2026-11-28T02:00:00.000Z',
  resolvedAt: null,
  updates: [
    {
      id: '00000000-0000-4000-8000-000000000011',
      status: 'identified',
      message: 'A bad deploy; rolling back.',
      createdAt: '2026-11-28T02:10:00.000Z',
    },
    {
      id: '00000000-0000-4000-8000-000000000012',
      status: 'investigating',
      message: 'Looking into it.',
      createdAt: '2026-11-28T02:00:00.000Z',
    },
  ],
  ...overrides,
});
const page = (overrides: Partial<StatusPageData> = {}): StatusPageData => ({
  generatedAt: '2026-11-28T03:00:00.000Z',
  overall: 'operational',
  uptime: 99.95,
  services: [
    {
      id: 'website',
      name: 'Website',
      state: 'operational',
      measured: 'operational',
      uptime: 100,
      days: days(() => 100),
    },
    {
      id: 'customer-portal',
      name: 'Customer portal',
      state: 'operational',
      measured: 'operational',
      uptime: 99.99,
      days: days((i) => (i < 80 ? null : 99.9)),
    },
    {
      id: 'api',
      name: 'API',
      state: 'operational',
      measured: 'operational',
      uptime: 99.5,
      days: days((i) => (i === 89 ? 90 : 100)),
    },
    {
      id: 'integrations-ingest',
      name: 'Integrations ingest',
      state: 'operational',
      measured: 'operational',
      uptime: 100,
      days: days(() => 100),
    },
    {
      id: 'live-metrics',
      name: 'Live metrics',
      state: 'operational',
      measured: null,
      uptime: null,
      days: days(() => null),
    },
  ],
  incidents: [],
  ...overrides,
});

describe('the status page (/status)', () => {
  beforeAll(() => loadStatusApi());
  afterEach(() => jest.restoreAllMocks());

  it('shows the structure at once, then each service with its state and 90 days of uptime in words', async () => {
    stubFetch({ 'GET /api/status': { status: 200, body: page() } });
    renderPage(<StatusPage />, { route: '/status' });
    expect(screen.getByRole('heading', { level: 1, name: 'Service status' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Live metrics' })).toBeInTheDocument();
    expect(screen.getByLabelText('Loading the live status')).toBeInTheDocument();

    expect(await screen.findByText('All systems operational')).toBeInTheDocument();
    expect(screen.getByText(/99\.95% uptime over the last 90 days/)).toBeInTheDocument();
    const api = screen.getByRole('list', { name: /^API, daily uptime/ });
    expect(api).toHaveAccessibleName('API, daily uptime: 90 days, 1 with downtime');
    expect(within(api).getAllByRole('listitem')).toHaveLength(90);
    expect(within(api).getAllByRole('listitem').at(-1)).toHaveAccessibleName(/: 90% uptime$/);
    // The bar under the pointer says its day and figure; leaving the bars hides it.
    await userEvent.hover(within(api).getAllByRole('listitem').at(-1)!);
    expect(screen.getByRole('tooltip')).toHaveTextContent(/^Nov 28, 2026: 90% uptime$/);
    await userEvent.unhover(api);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: /^Live metrics, daily uptime/ })).toHaveAccessibleName(
      'Live metrics, daily uptime: 90 days, none measured yet',
    );
    expect(screen.getByText('99.5% uptime')).toBeInTheDocument();
    expect(screen.getByText('Not measured yet')).toBeInTheDocument();
    expect(screen.getByText('No incidents in the last 14 days.')).toBeInTheDocument();
  });

  it('puts an open incident on top with its updates, and names the state of the services it hits', async () => {
    const open = incident();
    const resolved = incident({
      id: '00000000-0000-4000-8000-000000000002',
      title: 'Slow dashboard',
      impact: 'degraded',
      status: 'resolved',
      services: ['customer-portal'],
      resolvedAt: '2026-11-27T10:00:00.000Z',
      updates: [
        {
          id: '00000000-0000-4000-8000-000000000021',
          status: 'resolved',
          message: 'Fixed.',
          createdAt: '2026-11-27T10:00:00.000Z',
        },
      ],
    });
    const data = page({ overall: 'outage', incidents: [open, resolved] });
    data.services[2] = { ...data.services[2], state: 'outage' };
    stubFetch({ 'GET /api/status': { status: 200, body: data } });
    renderPage(<StatusPage />, { route: '/status' });
    expect(await screen.findByText('Some systems are down')).toBeInTheDocument();
    const openSection = screen.getByRole('region', { name: 'Open incidents' });
    expect(within(openSection).getByRole('heading', { name: 'API calls time out' })).toBeInTheDocument();
    expect(within(openSection).getByText(/A bad deploy; rolling back\./)).toBeInTheDocument();
    expect(within(openSection).getByText('Affects API')).toBeInTheDocument();
    // The API's state and the incident's impact, in words.
    expect(screen.getAllByText('Outage')).toHaveLength(2);
    const past = screen.getByRole('region', { name: 'Past incidents' });
    expect(within(past).getByRole('heading', { name: 'Slow dashboard' })).toBeInTheDocument();
  });

  it('offers Retry when the status cannot be loaded', async () => {
    let answer = { status: 503, body: { statusCode: 503, message: 'Service unavailable' } } as {
      status: number;
      body: unknown;
    };
    stubFetch({ 'GET /api/status': () => answer });
    const user = userEvent.setup();
    renderPage(<StatusPage />, { route: '/status' });
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    answer = { status: 200, body: page() };
    await user.click(await screen.findByRole('button', { name: 'Retry' })).catch(() => undefined);
    expect(await screen.findByText('All systems operational')).toBeInTheDocument();
  });

  it('checks the address, subscribes, and shows the answer or the refusal', async () => {
    let answer = {
      status: 202,
      body: { message: 'Check your inbox: we sent you a link to confirm your subscription.' },
    } as {
      status: number;
      body: unknown;
    };
    const calls = stubFetch({
      'GET /api/status': { status: 200, body: page() },
      'POST /api/status/subscriptions': () => answer,
    });
    const user = userEvent.setup();
    renderPage(<StatusPage />, { route: '/status' });
    const form = within(screen.getByRole('region', { name: 'Get incident updates by email' }));
    await user.type(form.getByLabelText(/Email address/), 'not-an-email');
    await user.click(form.getByRole('button', { name: 'Subscribe' }));
    expect(await form.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(form.getByLabelText(/Email address/));
    await user.type(form.getByLabelText(/Email address/), 'ada@example.com');
    await user.click(form.getByRole('button', { name: 'Subscribe' }));
    expect(await form.findByText(/Check your inbox/)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ email: 'ada@example.com' });

    answer = {
      status: 429,
      body: {
        statusCode: 429,
        message: 'Too many subscription requests for this email. Please try again in 60 minutes.',
      },
    };
    await user.type(form.getByLabelText(/Email address/), 'ada@example.com');
    await user.click(form.getByRole('button', { name: 'Subscribe' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Too many subscription requests for this email');
  });

  it("sends the mail's confirm link once and says the answer", async () => {
    const calls = stubFetch({
      'GET /api/status': { status: 200, body: page() },
      'POST /api/status/subscriptions/confirm': {
        status: 200,
        body: {
          message: 'You are subscribed: we will email you when an incident is opened, updated or resolved.',
        },
      },
    });
    renderPage(<StatusPage />, { route: '/status?confirm=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG' });
    expect(await screen.findByText(/You are subscribed/)).toBeInTheDocument();
    expect(
      calls.filter((call) => call.path === '/api/status/subscriptions/confirm').map((call) => call.body),
    ).toEqual([{ token: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG' }]);
  });
});
