import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Incident } from '@portal/contracts';
import { renderPage, stubFetch } from '@portal/web-testing';
import { signedInAsStaff } from '../../testing/staff-fixtures';
import { loadIncidentsApi } from './incidents-api';
import IncidentsPage from './IncidentsPage';

const ID = '4d4d4d4d-4444-4444-8444-444444444444';
const incident = (overrides: Partial<Incident> = {}): Incident => ({
  id: ID,
  title: 'API calls time out',
  impact: 'outage',
  status: 'investigating',
  services: ['api'],
  startedAt: '2026-11-28T02:00:00.000Z',
  resolvedAt: null,
  updates: [
    {
      id: '5e5e5e5e-5555-4555-8555-555555555555',
      status: 'investigating',
      message: 'Looking into it.',
      createdAt: '2026-11-28T02:00:00.000Z',
    },
  ],
  ...overrides,
});

describe('the incidents page', () => {
  beforeAll(() => loadIncidentsApi());
  afterEach(() => jest.restoreAllMocks());

  it('checks the form, opens an incident with its services and impact, then lists it', async () => {
    const user = userEvent.setup();
    const incidents: Incident[] = [];
    const calls = stubFetch({
      'GET /api/support/staff/incidents': () => ({ status: 200, body: { incidents } }),
      'POST /api/support/staff/incidents': () => {
        const created = incident({ ...(calls.at(-1)!.body as object) });
        incidents.unshift(created);
        return { status: 201, body: { incident: created } };
      },
    });
    renderPage(<IncidentsPage />, { route: '/staff/incidents', state: signedInAsStaff });
    expect(await screen.findByText(/No open incident/)).toBeInTheDocument();
    const form = within(screen.getByRole('form', { name: 'Open an incident' }));
    await user.click(form.getByRole('button', { name: 'Open incident' }));
    expect(form.getByText('Title is required')).toBeInTheDocument();
    expect(form.getByText('Choose at least one affected service')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(form.getByRole('textbox', { name: /Title/ }), 'API calls time out');
    await user.click(form.getByRole('checkbox', { name: 'API' }));
    await user.click(form.getByRole('radio', { name: 'Outage' }));
    await user.type(form.getByRole('textbox', { name: /Message/ }), 'Looking into it.');
    await user.click(form.getByRole('button', { name: 'Open incident' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      title: 'API calls time out',
      services: ['api'],
      impact: 'outage',
      message: 'Looking into it.',
    });
    const card = await screen.findByRole('article', { name: 'API calls time out' });
    expect(within(card).getByText(/Looking into it\./)).toBeInTheDocument();
  });

  it('posts an update that resolves the incident, and shows the server refusing one', async () => {
    const user = userEvent.setup();
    let current = incident();
    let answer: { status: number; body: unknown } | null = null;
    const calls = stubFetch({
      'GET /api/support/staff/incidents': () => ({ status: 200, body: { incidents: [current] } }),
      [`POST /api/support/staff/incidents/${ID}/updates`]: () => {
        if (answer) return answer;
        current = incident({ status: 'resolved', resolvedAt: '2026-11-28T03:00:00.000Z' });
        return { status: 201, body: { incident: current } };
      },
    });
    renderPage(<IncidentsPage />, { route: '/staff/incidents', state: signedInAsStaff });
    const form = within(await screen.findByRole('form', { name: 'Update "API calls time out"' }));
    answer = { status: 409, body: { statusCode: 409, message: 'This incident is resolved' } };
    await user.type(form.getByRole('textbox', { name: /Update message/ }), 'Still on it.');
    await user.click(form.getByRole('button', { name: 'Post update' }));
    expect(await form.findByRole('alert')).toHaveTextContent('409: This incident is resolved');

    answer = null;
    await user.click(form.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Resolved' }));
    await user.click(form.getByRole('button', { name: 'Resolve incident' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
        status: 'resolved',
        message: 'Still on it.',
      }),
    );
    const card = await screen.findByRole('article', { name: 'API calls time out' });
    await waitFor(() => expect(within(card).queryByRole('form')).toBeNull());
    expect(within(card).getByText('Resolved')).toBeInTheDocument();
  });

  it('says so when the incidents cannot be loaded', async () => {
    stubFetch({
      'GET /api/support/staff/incidents': {
        status: 500,
        body: { statusCode: 500, message: 'Internal server error' },
      },
    });
    renderPage(<IncidentsPage />, { route: '/staff/incidents', state: signedInAsStaff });
    expect(await screen.findByText('We could not load the incidents.')).toBeInTheDocument();
  });
});
