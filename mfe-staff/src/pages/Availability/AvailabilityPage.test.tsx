import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffBooking, StaffSlot } from '@portal/contracts';
import { renderPage, stubFetch } from '@portal/web-testing';
import { signedInAsStaff } from '../../testing/staff-fixtures';
import { loadAvailabilityApi } from './availability-api';
import AvailabilityPage from './AvailabilityPage';
import { formatSlot } from './slot-time';

const FREE_ID = '1a1a1a1a-1111-4111-8111-111111111111';
const BOOKED_ID = '2b2b2b2b-2222-4222-8222-222222222222';
const BOOKING_ID = '3c3c3c3c-3333-4333-8333-333333333333';
const inDays = (days: number, minutes = 0) =>
  new Date(Date.now() + days * 86_400_000 + minutes * 60_000).toISOString();

const slot = (id: string, booking: StaffSlot['booking'] = null): StaffSlot => ({
  id,
  startsAt: inDays(id === FREE_ID ? 2 : 3),
  endsAt: inDays(id === FREE_ID ? 2 : 3, 30),
  durationMinutes: 30,
  booking,
});
const booking: StaffBooking = {
  id: BOOKING_ID,
  status: 'confirmed',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Analytical Engines',
  phone: null,
  note: 'About 2,000 calls a day.',
  startsAt: inDays(3),
  endsAt: inDays(3, 30),
  createdAt: inDays(0),
  cancelledAt: null,
};

describe('the availability page', () => {
  beforeAll(() => loadAvailabilityApi());
  afterEach(() => jest.restoreAllMocks());

  it('lists the slots, open or booked (a booked one cannot be removed), beside the bookings', async () => {
    stubFetch({
      'GET /api/crm/staff/availability': {
        status: 200,
        body: {
          slots: [
            slot(FREE_ID),
            slot(BOOKED_ID, { id: BOOKING_ID, name: 'Ada Lovelace', email: 'ada@example.com' }),
          ],
        },
      },
      'GET /api/crm/staff/bookings': { status: 200, body: { bookings: [booking] } },
    });
    renderPage(<AvailabilityPage />, { route: '/staff/availability', state: signedInAsStaff });
    const slots = await screen.findByRole('table', { name: 'Slots' });
    const [, free, booked] = within(slots).getAllByRole('row');
    expect(free).toHaveTextContent('Open');
    expect(within(free).getByRole('button', { name: /^Remove the slot / })).toBeEnabled();
    expect(booked).toHaveTextContent('BookedAda Lovelace');
    expect(within(booked).queryByRole('button')).toBeNull();
    const bookings = await screen.findByRole('table', { name: 'Bookings' });
    const [, row] = within(bookings).getAllByRole('row');
    expect(row).toHaveTextContent(formatSlot(booking.startsAt, booking.endsAt));
    expect(row).toHaveTextContent('Ada Lovelace');
    expect(row).toHaveTextContent('ada@example.com · Analytical Engines');
    expect(row).toHaveTextContent('Confirmed');
    expect(screen.getByText(/^Times are in your time zone, /)).toBeInTheDocument();
  });

  it('adds a slot at the day and time typed in the staff member’s time zone, then lists it', async () => {
    const user = userEvent.setup();
    const slots: StaffSlot[] = [];
    const calls = stubFetch({
      'GET /api/crm/staff/availability': () => ({ status: 200, body: { slots } }),
      'GET /api/crm/staff/bookings': { status: 200, body: { bookings: [] } },
      'POST /api/crm/staff/availability': () => {
        const body = calls.at(-1)!.body as { startsAt: string; durationMinutes: number };
        const created = {
          ...slot(FREE_ID),
          startsAt: body.startsAt,
          endsAt: new Date(Date.parse(body.startsAt) + 45 * 60_000).toISOString(),
          durationMinutes: 45,
        };
        slots.push(created);
        return { status: 201, body: created };
      },
    });
    renderPage(<AvailabilityPage />, { route: '/staff/availability', state: signedInAsStaff });
    expect(await screen.findByText(/No upcoming slots/)).toBeInTheDocument();
    expect(screen.getByText('No upcoming bookings yet.')).toBeInTheDocument();
    const day = new Date(Date.now() + 7 * 86_400_000);
    const typedDay = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    const form = within(screen.getByRole('form', { name: 'Add slot' }));
    // jsdom has no date or time picker to type into: the value is set as the picker sets it.
    fireEvent.change(form.getByLabelText(/^Day/), { target: { value: typedDay } });
    fireEvent.change(form.getByLabelText(/^Start time/), { target: { value: '10:30' } });
    await user.click(form.getByRole('combobox', { name: 'Length' }));
    await user.click(await screen.findByRole('option', { name: '45 minutes' }));
    await user.click(form.getByRole('button', { name: 'Add slot' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      startsAt: new Date(`${typedDay}T10:30`).toISOString(),
      durationMinutes: 45,
    });
    expect(await screen.findByRole('table', { name: 'Slots' })).toHaveTextContent('45 min');
  });

  it('says why a slot could not be removed, in the server’s words', async () => {
    const user = userEvent.setup();
    stubFetch({
      'GET /api/crm/staff/availability': { status: 200, body: { slots: [slot(FREE_ID)] } },
      'GET /api/crm/staff/bookings': { status: 200, body: { bookings: [] } },
      [`DELETE /api/crm/staff/availability/${FREE_ID}`]: {
        status: 409,
        body: {
          statusCode: 409,
          message: 'This slot is booked: it stays until the visitor cancels or moves the call',
        },
      },
    });
    renderPage(<AvailabilityPage />, { route: '/staff/availability', state: signedInAsStaff });
    await user.click(await screen.findByRole('button', { name: /^Remove the slot / }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '409: This slot is booked: it stays until the visitor cancels or moves the call',
    );
  });
});
