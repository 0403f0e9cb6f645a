import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadApi } from '@portal/store';
import { contactMessageCreated, renderPage, stubFetch } from '@portal/web-testing';
import Contact from './Contact';

describe('Contact page', () => {
  beforeAll(() => loadApi());
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

  it("without a scheduler: explains how to book instead, and 'Schedule a Call' warns and brings the form into view", async () => {
    stubFetch({ 'GET /runtime-config.json': { status: 200, body: { scheduler: null } } });
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
  });
});
