import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadApi, openQuoteDialog, useAppDispatch } from '@portal/store';
import { contactMessageCreated, stubFetch } from '@portal/web-testing';
import { renderChrome } from './test-utils';
import { QuoteDialog } from './QuoteDialog';

/** The header's 'Get a Quote', as far as the dialog is concerned. */
function Opener({ subject }: { subject?: string }) {
  const dispatch = useAppDispatch();
  return (
    <button type="button" onClick={() => dispatch(openQuoteDialog(subject))}>
      Get a Quote
    </button>
  );
}

const renderWithOpener = (subject?: string) =>
  renderChrome(
    <>
      <Opener subject={subject} />
      <QuoteDialog />
    </>,
  );

describe('QuoteDialog', () => {
  beforeAll(() => loadApi());
  beforeEach(() => {
    stubFetch({ 'GET /runtime-config.json': { status: 200, body: { scheduler: null } } });
    window.history.replaceState(null, '', '/pricing');
  });
  afterEach(() => jest.restoreAllMocks());

  it('opens from the store with the contact fields, closes with Escape and gives focus back to the opener', async () => {
    const user = userEvent.setup();
    const { store } = renderWithOpener();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const opener = screen.getByRole('button', { name: 'Get a Quote' });
    await user.click(opener);

    const dialog = await screen.findByRole('dialog', { name: 'Get a Quote' });
    expect(dialog).toHaveTextContent('within 24 hours');
    for (const label of [/^First Name/, /^Last Name/, 'Company (optional)', /^Email/, /^Message/]) {
      expect(within(dialog).getByLabelText(label)).toBeInTheDocument();
    }
    expect(within(dialog).getByLabelText(/^First Name/)).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(store.getState().quoteDialog.open).toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('keeps the keyboard inside while open, and closes from its close button', async () => {
    const user = userEvent.setup();
    renderWithOpener();
    await user.click(screen.getByRole('button', { name: 'Get a Quote' }));
    const dialog = await screen.findByRole('dialog');
    for (let i = 0; i < 12; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Get a Quote' })).toHaveFocus();
  });

  it.each([
    ['a phone', 390, true],
    ['a desktop', 1280, false],
  ])('on %s (%i px) is a full-screen sheet: %s', async (_, width, fullScreen) => {
    // MUI's breakpoints as the browser would answer them at this width.
    const original = window.matchMedia;
    window.matchMedia = (query: string) =>
      ({
        matches: [...query.matchAll(/(min|max)-width:\s*([\d.]+)px/g)].every(([, side, px]) =>
          side === 'max' ? width <= Number(px) : width >= Number(px),
        ),
        media: query,
        addEventListener() {},
        removeEventListener() {},
        addListener() {},
        removeListener() {},
      }) as unknown as MediaQueryList;
    try {
      renderWithOpener();
      await userEvent.click(screen.getByRole('button', { name: 'Get a Quote' }));
      const dialog = await screen.findByRole('dialog', { name: 'Get a Quote' });
      expect(dialog.classList.contains('MuiDialog-paperFullScreen')).toBe(fullScreen);
    } finally {
      window.matchMedia = original;
    }
  });

  it('starts the message with the subject it was opened with', async () => {
    renderWithOpener('Application: Team Lead - Operations');
    await userEvent.click(screen.getByRole('button', { name: 'Get a Quote' }));
    expect(await screen.findByLabelText(/^Message/)).toHaveValue('Application: Team Lead - Operations\n\n');
  });

  it('sends the request to POST /api/contact, shows the success toast and closes', async () => {
    const calls = stubFetch({
      'GET /runtime-config.json': { status: 200, body: { scheduler: null } },
      'POST /api/contact': contactMessageCreated,
    });
    const user = userEvent.setup();
    const { store } = renderWithOpener('Get a Quote: Inbound Support');
    await user.click(screen.getByRole('button', { name: 'Get a Quote' }));
    await user.type(await screen.findByLabelText(/^First Name/), 'Grace');
    await user.type(screen.getByLabelText(/^Last Name/), 'Hopper');
    await user.type(screen.getByLabelText(/^Email/), 'grace@example.com');
    await user.type(screen.getByLabelText(/^Message/), 'About 500 calls a day.');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    await waitFor(() => expect(store.getState().quoteDialog.open).toBe(false));
    expect(calls.find((call) => call.path === '/api/contact')?.body).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      message: 'Get a Quote: Inbound Support\n\nAbout 500 calls a day.',
    });
    expect(store.getState().toast.current).toMatchObject({
      title: 'Message sent successfully!',
      description: "We'll get back to you within 24 hours.",
    });
  });

  it("offers a call: without the scheduling widget, 'Book a Call' closes the dialog and opens /contact", async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { store } = renderWithOpener();
    await user.click(screen.getByRole('button', { name: 'Get a Quote' }));
    await user.click(await screen.findByRole('button', { name: 'Book a Call' }));

    expect(store.getState().quoteDialog.open).toBe(false);
    await waitFor(() => expect(window.location.pathname).toBe('/contact'));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('[scheduling]'));
  });
});
