import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, stubFetch } from '@portal/web-testing';
import { NewsletterBox } from './NewsletterBox';

afterEach(() => jest.restoreAllMocks());

async function subscribe(email: string) {
  renderPage(<NewsletterBox />);
  await userEvent.type(screen.getByLabelText('Email address'), email);
  await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
}

describe('NewsletterBox', () => {
  it("sends the address and shows the server's message, then clears the field", async () => {
    const calls = stubFetch({
      'POST /api/newsletter': {
        status: 201,
        body: { subscribed: true, message: 'Thanks! You are subscribed.' },
      },
    });
    await subscribe(' ann@example.com ');
    expect(await screen.findByRole('status')).toHaveTextContent('Thanks! You are subscribed.');
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/newsletter',
        body: { email: 'ann@example.com' },
      }),
    ]);
    expect(screen.getByLabelText('Email address')).toHaveValue('');
  });

  it('says so when the address was already subscribed', async () => {
    stubFetch({
      'POST /api/newsletter': {
        status: 200,
        body: { subscribed: false, message: 'You are already subscribed.' },
      },
    });
    await subscribe('ann@example.com');
    expect(await screen.findByRole('status')).toHaveTextContent('You are already subscribed.');
  });

  it('asks for the address when Subscribe is pressed with the field empty, and sends nothing', async () => {
    const calls = stubFetch({});
    renderPage(<NewsletterBox />);
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('Email is required');
    expect(calls).toHaveLength(0);
  });

  it('checks the address before sending anything', async () => {
    const calls = stubFetch({});
    await subscribe('not-an-email');
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription(
      'Please enter a valid email address',
    );
    expect(calls).toHaveLength(0);
  });

  it.each([
    [
      400,
      { statusCode: 400, message: 'Please enter a valid email address' },
      'Please enter a valid email address',
    ],
    [
      429,
      { statusCode: 429, message: 'Too many requests, please try again later.' },
      'Too many requests, please try again later.',
    ],
    [502, undefined, /^502:/],
  ] as const)('shows the failure of a %s answer', async (status, body, shown) => {
    stubFetch({
      'POST /api/newsletter': { status, body, headers: body ? {} : { 'content-type': 'text/plain' } },
    });
    await subscribe('ann@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(screen.getByLabelText('Email address')).toHaveValue('ann@example.com');
  });

  it('tells the visitor when the server cannot be reached', async () => {
    stubFetch({});
    await subscribe('ann@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach our server.');
  });
});
