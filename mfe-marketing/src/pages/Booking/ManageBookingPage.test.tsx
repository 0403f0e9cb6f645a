import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OpenSlot, PublicBooking } from '@portal/contracts';
import { loadBookingApi } from '@portal/leads';
import { renderPage, stubFetch } from '@portal/web-testing';
import { Route, Routes } from 'react-router-dom';
import ManageBookingPage from './ManageBookingPage';

const TOKEN = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5';
const MANAGE = `/api/crm/booking/manage/${TOKEN}`;
const at = (days: number, hour: number) => {
  const start = new Date();
  start.setDate(start.getDate() + days);
  start.setHours(hour, 0, 0, 0);
  return start.toISOString();
};
const booking = (overrides: Partial<PublicBooking> = {}): PublicBooking => ({
  status: 'confirmed',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  startsAt: at(2, 9),
  endsAt: at(2, 10),
  ...overrides,
});
const other: OpenSlot = {
  id: '00000000-0000-4000-8000-000000000311',
  startsAt: at(3, 11),
  endsAt: new Date(Date.parse(at(3, 11)) + 30 * 60_000).toISOString(),
  durationMinutes: 30,
};
const show = () =>
  renderPage(
    <Routes>
      <Route path="/booking/:token" element={<ManageBookingPage />} />
    </Routes>,
    { route: `/booking/${TOKEN}` },
  );

describe('the booking manage page (/booking/<token>)', () => {
  beforeAll(() => loadBookingApi());
  afterEach(() => jest.restoreAllMocks());

  it('shows the call and cancels it after asking', async () => {
    let current = booking();
    const calls = stubFetch({
      [`GET ${MANAGE}`]: () => ({ status: 200, body: { booking: current } }),
      [`POST ${MANAGE}/cancel`]: () => {
        current = booking({ status: 'cancelled' });
        return { status: 200, body: { booking: current } };
      },
    });
    const user = userEvent.setup();
    show();
    expect(await screen.findByText('Discovery call for Ada Lovelace (ada@example.com)')).toBeInTheDocument();
    expect(screen.getByText('Booked')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel call' }));
    expect(screen.getByText('Cancel this call?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    expect(await screen.findByText(/Your call is cancelled/)).toBeInTheDocument();
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reschedule' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `${MANAGE}/cancel`,
    ]);
  });

  it('reschedules to another open time', async () => {
    let current = booking();
    const calls = stubFetch({
      [`GET ${MANAGE}`]: () => ({ status: 200, body: { booking: current } }),
      'GET /api/crm/booking/slots': { status: 200, body: { slots: [other] } },
      [`POST ${MANAGE}/reschedule`]: () => {
        current = booking({ startsAt: other.startsAt, endsAt: other.endsAt });
        return { status: 200, body: { booking: current } };
      },
    });
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Reschedule' }));
    const times = await screen.findByRole('group', { name: 'Open times' });
    await user.click(within(times).getByRole('button'));
    await user.click(screen.getByRole('button', { name: 'Move my call' }));
    expect(await screen.findByText(/Your call is moved/)).toBeInTheDocument();
    expect(calls.find((call) => call.path === `${MANAGE}/reschedule`)?.body).toEqual({ slotId: other.id });
  });

  it('says so when the link opens no booking', async () => {
    stubFetch({
      [`GET ${MANAGE}`]: {
        status: 404,
        body: { statusCode: 404, message: 'Booking not found: the link may be incomplete' },
      },
    });
    show();
    expect(await screen.findByText(/We could not find this booking/)).toBeInTheDocument();
  });
});
