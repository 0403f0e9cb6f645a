import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OpenSlot } from '@portal/contracts';
import { loadBookingApi } from '@portal/leads';
import { loadApi } from '@portal/store';
import { contactMessageCreated, renderPage, stubFetch } from '@portal/web-testing';
import Contact from './Contact';

describe('Contact page', () => {
  beforeAll(() => Promise.all([loadApi(), loadBookingApi()]));
  beforeEach(() => {
    window.history.replaceState(null, '', '/contact');
  });
  afterEach(() => jest.restoreAllMocks());

  it('names the page and shows the contact details', async () => {
    stubFetch({ 'GET /runtime-config.json': { status: 200, body: { scheduler: null } } });
    renderPage(<Contact />, { route: '/contact' });
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(document.title).toMatch(/^Contact \| /);
    const details = screen.getByRole('region', { name: 'Contact details' });
    expect(within(details).getByRole('link', { name: 'hello@millstonecx.com' })).toHaveAttribute(
      'href',
      'mailto:hello@millstonecx.com',
    );
    expect(details).toHaveTextContent(/Phone.*scheduled call/);
    expect(details).toHaveTextContent('Millstone, New Jersey');
    expect(await screen.findByRole('button', { name: 'Send Message' })).toBeInTheDocument();
  });

  it('sends the form and shows the success toast', async () => {
    const calls = stubFetch({
      'GET /runtime-config.json': { status: 200, body: { scheduler: null } },
      'POST /api/contact': contactMessageCreated,
    });
    const user = userEvent.setup();
    const { store } = renderPage(<Contact />, { route: '/contact' });
    const form = screen.getByRole('region', { name: 'Send us a message' });
    await user.type(await within(form).findByLabelText(/^First Name/), 'Ada');
    await user.type(within(form).getByLabelText(/^Last Name/), 'Lovelace');
    await user.type(within(form).getByLabelText(/^Email/), 'ada@example.com');
    await user.type(within(form).getByLabelText(/^Message/), 'Tell me more about AI automation.');
    await user.click(within(form).getByRole('button', { name: 'Send Message' }));

    await waitFor(() => expect(store.getState().toast.current?.title).toBe('Message sent successfully!'));
    expect(calls.filter((call) => call.path === '/api/contact')).toHaveLength(1);
  });

  it("without a scheduler or an open time: explains how to book instead; 'Schedule a Call' and 'Send a message' bring the form into view", async () => {
    stubFetch({
      'GET /runtime-config.json': { status: 200, body: { scheduler: null } },
      'GET /api/crm/booking/slots': { status: 200, body: { slots: [] } },
    });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const scrollIntoView = jest.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    const user = userEvent.setup();
    renderPage(<Contact />, { route: '/contact' });

    expect(await screen.findByText(/Online booking is not available right now/)).toBeInTheDocument();
    expect(screen.queryByTitle(/Book a discovery call/)).not.toBeInTheDocument();
    await screen.findByLabelText(/^First Name/);
    await user.click(screen.getByRole('button', { name: 'Schedule a Call' }));
    await waitFor(() => expect(screen.getByLabelText(/^First Name/)).toHaveFocus());
    expect(scrollIntoView).toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('[scheduling]'));
    expect(window.location.pathname).toBe('/contact');

    // The empty state's own way to the form.
    screen.getByRole('button', { name: 'Schedule a Call' }).focus();
    await user.click(screen.getByRole('button', { name: 'Send a message' }));
    await waitFor(() => expect(screen.getByLabelText(/^First Name/)).toHaveFocus());
  });

  it("without a scheduler: offers the company's open times by day, books one and confirms", async () => {
    const day = (days: number, hour: number): OpenSlot => {
      const start = new Date();
      start.setDate(start.getDate() + days);
      start.setHours(hour, 0, 0, 0);
      return {
        id: `00000000-0000-4000-8000-0000000000${days}${hour % 10}`,
        startsAt: start.toISOString(),
        endsAt: new Date(start.getTime() + 30 * 60_000).toISOString(),
        durationMinutes: 30,
      };
    };
    const slots = [day(2, 9), day(2, 11), day(3, 10)];
    const calls = stubFetch({
      'GET /runtime-config.json': { status: 200, body: { scheduler: null } },
      'GET /api/crm/booking/slots': { status: 200, body: { slots } },
      'POST /api/crm/booking': {
        status: 201,
        body: {
          booking: {
            status: 'confirmed',
            name: 'Ada Lovelace',
            email: 'ada@example.com',
            startsAt: slots[1].startsAt,
            endsAt: slots[1].endsAt,
          },
        },
      },
    });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    Element.prototype.scrollIntoView = jest.fn();
    const user = userEvent.setup();
    renderPage(<Contact />, { route: '/contact' });

    const times = await screen.findByRole('group', { name: 'Open times' });
    const days = within(times).getAllByRole('region');
    expect(days).toHaveLength(2);
    expect(within(days[0]).getAllByRole('button')).toHaveLength(2);
    expect(within(times).getByText(/^Times are shown in your time zone, /)).toBeInTheDocument();

    // 'Schedule a Call' brings the first open time into focus: the keyboard starts there.
    await user.click(screen.getByRole('button', { name: 'Schedule a Call' }));
    await waitFor(() => expect(within(days[0]).getAllByRole('button')[0]).toHaveFocus());

    const form = screen.getByRole('form', { name: 'Book a call' });
    await user.click(within(form).getByRole('button', { name: 'Book call' }));
    expect(await within(form).findByText('Choose one of the open times')).toBeInTheDocument();
    const second = within(days[0]).getAllByRole('button')[1];
    await user.click(second);
    expect(second).toHaveAttribute('aria-pressed', 'true');
    await user.type(within(form).getByLabelText(/^Name/), 'Ada Lovelace');
    await user.type(within(form).getByLabelText(/^Email/), 'ada@example.com');
    await user.click(within(form).getByRole('button', { name: 'Book call' }));

    expect(await screen.findByText('Your call is booked')).toBeInTheDocument();
    expect(screen.getByText(/We sent the calendar invitation to ada@example.com/)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/crm/booking')?.body).toEqual({
      slotId: slots[1].id,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      company: '',
      phone: '',
      note: '',
      website: '',
    });
  });
});
