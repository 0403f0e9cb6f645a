import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadApi } from '@portal/store';
import { stubFetch } from '@portal/web-testing';
import { linkOpener, refuseLink, signedIn } from './link-page-testing';
import VerifyEmail from './VerifyEmail';

const TOKEN = 'Vr3tV8mK1pZr7Yw2Lc9Ns4Hf6Jd0Gb5Ta8Ue1Io3Py7';
const open = linkOpener(<VerifyEmail />, '/verify-email', TOKEN);

describe('VerifyEmail', () => {
  beforeAll(() => loadApi());
  afterEach(() => jest.restoreAllMocks());

  it("sends the link's token once on load, then says the address is verified, with the way to the dashboard", async () => {
    const calls = stubFetch({
      'POST /api/auth/verify-email': {
        status: 200,
        body: { email: 'ann@example.com', alreadyVerified: false },
      },
    });
    open();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Verifying your email address' }),
    ).toBeInTheDocument();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your email address is verified' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('ann@example.com is confirmed');
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(document.title).toMatch(/^Your email address is verified \| /);
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    expect(calls).toEqual([
      expect.objectContaining({ method: 'POST', path: '/api/auth/verify-email', body: { token: TOKEN } }),
    ]);
  });

  it('says so when the address was verified already', async () => {
    stubFetch({
      'POST /api/auth/verify-email': {
        status: 200,
        body: { email: 'ann@example.com', alreadyVerified: true },
      },
    });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Already verified' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your email address is already verified.');
  });

  it('sends a signed-out visitor with an expired link to sign in and ask for a new one', async () => {
    const message = 'This verification link has expired. Sign in and ask for a new one.';
    refuseLink('POST /api/auth/verify-email', message);
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This verification link has expired' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fdashboard',
    );
  });

  it('sends a signed-in customer with an expired link to the dashboard, where they ask for a new one', async () => {
    const message = 'This verification link has expired. Sign in and ask for a new one.';
    refuseLink('POST /api/auth/verify-email', message);
    open(`?token=${TOKEN}`, signedIn);
    expect(await screen.findByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it("shows the server's refusal of a tampered link", async () => {
    const message = 'This verification link is not valid.';
    refuseLink('POST /api/auth/verify-email', message);
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This verification link cannot be used' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
  });

  it.each(['', '?token=abc'])(
    'says a link without a valid token (%j) is not valid, without calling',
    async (search) => {
      const calls = stubFetch({});
      open(search);
      expect(
        screen.getByRole('heading', { level: 1, name: 'This verification link cannot be used' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent('This verification link is not valid.');
      expect(calls).toEqual([]);
    },
  );

  it('offers to try again when the server does not answer, and then verifies', async () => {
    stubFetch({});
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not open this link' }),
    ).toBeInTheDocument();

    stubFetch({
      'POST /api/auth/verify-email': {
        status: 200,
        body: { email: 'ann@example.com', alreadyVerified: false },
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your email address is verified' }),
    ).toBeInTheDocument();
  });
});
