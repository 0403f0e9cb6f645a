import { act, screen, waitFor } from '@testing-library/react';
import type { Incident, StatusPage } from '@portal/contracts';
import { renderPage, stubFetch } from '@portal/web-testing';
import { IncidentBanner } from './IncidentBanner';
import { loadIncidentBannerApi } from './incident-banner-api';

const incident = (overrides: Partial<Incident> = {}): Incident => ({
  id: '00000000-0000-4000-8000-000000000001',
  title: 'API calls time out',
  impact: 'outage',
  status: 'identified',
  services: ['api', 'integrations-ingest'],
  startedAt: '2026-11-28T02:00:00.000Z',
  resolvedAt: null,
  updates: [
    {
      id: '00000000-0000-4000-8000-000000000011',
      status: 'identified',
      message: 'A bad deploy; rolling back.',
      createdAt: '2026-11-28T02:10:00.000Z',
    },
  ],
  ...overrides,
});
const status = (incidents: Incident[]): StatusPage => ({
  generatedAt: '2026-11-28T03:00:00.000Z',
  overall: 'operational',
  uptime: 100,
  services: [],
  incidents,
});

describe('the incident banner of the dashboard', () => {
  beforeAll(() => loadIncidentBannerApi());
  afterEach(() => jest.restoreAllMocks());

  it('shows an open incident with what it affects and a link to the status page', async () => {
    stubFetch({ 'GET /api/status': { status: 200, body: status([incident()]) } });
    renderPage(<IncidentBanner />, { route: '/dashboard' });
    const banner = await screen.findByRole('status', { name: 'Service incident' });
    expect(banner).toHaveTextContent('API calls time out');
    expect(banner).toHaveTextContent(
      'Identified · affects API, Integrations ingest — A bad deploy; rolling back.',
    );
    expect(screen.getByRole('link', { name: 'View status page' })).toHaveAttribute('href', '/status');
  });

  it.each([
    [
      'only resolved incidents',
      {
        status: 200,
        body: status([incident({ status: 'resolved', resolvedAt: '2026-11-28T03:00:00.000Z' })]),
      },
    ],
    [
      'a status that cannot be read',
      { status: 503, body: { statusCode: 503, message: 'Service unavailable' } },
    ],
  ])('shows nothing with %s', async (_case, answer) => {
    const calls = stubFetch({ 'GET /api/status': answer });
    renderPage(<IncidentBanner />, { route: '/dashboard' });
    await waitFor(() => expect(calls.map((call) => call.path)).toEqual(['/api/status']));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('status', { name: 'Service incident' })).toBeNull();
  });
});
