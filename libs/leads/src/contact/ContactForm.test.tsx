import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadApi } from '@portal/store';
import { contactMessageCreated, renderPage, stubFetch } from '@portal/web-testing';
import { ContactForm } from './ContactForm';

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/^First Name/), ' Ada ');
  await user.type(screen.getByLabelText(/^Last Name/), 'Lovelace');
  await user.type(screen.getByLabelText('Company (optional)'), 'Analytical Engines');
  await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Message/), 'We need 24/7 inbound support.');
}

describe('ContactForm', () => {
  // RTK Query arrives on first use; loaded up front, no test waits for it.
  beforeAll(() => loadApi());
  afterEach(() => jest.restoreAllMocks());

  it("shows the shared schema's message under each missing field, focuses the first and sends nothing", async () => {
    const calls = stubFetch({ 'POST /api/contact': contactMessageCreated });
    const user = userEvent.setup();
    renderPage(<ContactForm />);
    await user.type(await screen.findByLabelText(/^Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^First Name/)).toHaveFocus();
    expect(screen.getByLabelText(/^First Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Company (optional)')).toHaveAttribute('aria-invalid', 'false');
    expect(calls).toEqual([]);

    // Once shown, a message goes away as soon as the field is right.
    await user.type(screen.getByLabelText(/^First Name/), 'Ada');
    expect(screen.queryByText('First name is required')).not.toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
  });

  it('sends the fields to POST /api/contact, shows the success toast and clears the form', async () => {
    const calls = stubFetch({ 'POST /api/contact': contactMessageCreated });
    const onSent = jest.fn();
    const user = userEvent.setup();
    const { store } = renderPage(<ContactForm onSent={onSent} />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/contact',
        body: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          company: 'Analytical Engines',
          email: 'ada@example.com',
          message: 'We need 24/7 inbound support.',
          website: '',
        },
      }),
    ]);
    expect(store.getState().toast.current).toMatchObject({
      title: 'Message sent successfully!',
      description: "We'll get back to you within 24 hours.",
      severity: 'success',
    });
    for (const label of [/^First Name/, /^Last Name/, 'Company (optional)', /^Email/, /^Message/]) {
      expect(screen.getByLabelText(label)).toHaveValue('');
    }
  });

  const refusal = 'Too many messages from your network. Please try again in 7 minutes.';
  it.each([
    ['an error', 500, 'Internal server error', 'Please try again or contact us directly.'],
    // The rate limit's 429 says how long to wait.
    ['the rate limit', 429, refusal, `${refusal} Your message is kept in the form.`],
  ])(
    'keeps everything typed and shows the failure toast when the API answers %s',
    async (_, status, message, description) => {
      stubFetch({ 'POST /api/contact': { status, body: { statusCode: status, message } } });
      const onSent = jest.fn();
      const user = userEvent.setup();
      const { store } = renderPage(<ContactForm onSent={onSent} />);
      await fillIn(user);
      await user.click(screen.getByRole('button', { name: 'Send Message' }));

      await waitFor(() =>
        expect(store.getState().toast.current).toMatchObject({
          title: 'Failed to send message',
          description,
          severity: 'error',
        }),
      );
      expect(onSent).not.toHaveBeenCalled();
      expect(screen.getByLabelText(/^First Name/)).toHaveValue(' Ada ');
      expect(screen.getByLabelText(/^Email/)).toHaveValue('ada@example.com');
      expect(screen.getByLabelText(/^Message/)).toHaveValue('We need 24/7 inbound support.');
    },
  );

  it('starts the message with the given text', async () => {
    renderPage(<ContactForm initialMessage={'Application: Team Lead - Operations\n\n'} />);
    expect(await screen.findByLabelText(/^Message/)).toHaveValue('Application: Team Lead - Operations\n\n');
  });

  it('keeps the honeypot away from people: hidden from assistive technology and the tab order', async () => {
    const user = userEvent.setup();
    const { container } = renderPage(<ContactForm />);
    const honeypot = container.querySelector('input[name="website"]');
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Website' })).not.toBeInTheDocument();

    await screen.findByLabelText(/^First Name/);
    const visited: Element[] = [];
    for (let i = 0; i < 7; i += 1) {
      await user.tab();
      if (document.activeElement) visited.push(document.activeElement);
    }
    expect(visited).not.toContain(honeypot);
  });
});
