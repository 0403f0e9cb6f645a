import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accountMessages, tryAgainInMinutes } from '@portal/contracts';
import { renderPage } from '@portal/web-testing';
import { loadAccountApi } from '@portal/store/account-api';
import { loadDashboardApi } from '../../../api/dashboard-api';
import Dashboard from '../Dashboard';
import { anAccount, serverError, signedInCustomer, stubDashboardApi } from '../dashboard-fixtures';

const banner = () => screen.findByRole('region', { name: 'Verify your email address' });

describe('the email verification banner', () => {
  beforeAll(() => Promise.all([loadAccountApi(), loadDashboardApi()]));
  afterEach(() => jest.restoreAllMocks());

  it.each(['/dashboard', '/dashboard/orders', '/customer-dashboard/settings'])(
    'is above the tabs on %s while the email is not verified',
    async (route) => {
      stubDashboardApi({ 'GET /api/account': { status: 200, body: anAccount({ emailVerified: false }) } });
      renderPage(<Dashboard />, { route, state: signedInCustomer });
      expect(await banner()).toHaveTextContent('We sent a link to ann@example.com.');
      expect(within(await banner()).getByRole('heading', { level: 2 })).toHaveTextContent('Verify your email address');
    },
  );

  it('is not there once the email is verified', async () => {
    stubDashboardApi();
    renderPage(<Dashboard />, { route: '/dashboard/orders', state: signedInCustomer });
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Verify your email address' })).not.toBeInTheDocument();
  });

  it("'Resend' shows the server's answer: sent, or the minutes to wait", async () => {
    let answer: { status: number; body: unknown } = { status: 202, body: { message: accountMessages.verificationSent } };
    const calls = stubDashboardApi({
      'GET /api/account': { status: 200, body: anAccount({ emailVerified: false }) },
      'POST /api/account/verification-email': () => answer,
    });
    renderPage(<Dashboard />, { route: '/dashboard', state: signedInCustomer });
    const region = within(await banner());
    await userEvent.click(region.getByRole('button', { name: 'Resend' }));
    expect(await region.findByRole('status')).toHaveTextContent(accountMessages.verificationSent);

    answer = serverError(tryAgainInMinutes(4, 'Too many verification emails.'), 429);
    await userEvent.click(region.getByRole('button', { name: 'Resend' }));
    await waitFor(() =>
      expect(region.getByRole('status')).toHaveTextContent('Too many verification emails. Try again in 4 minutes.'),
    );
    expect(calls.filter((call) => call.path === '/api/account/verification-email')).toHaveLength(2);
  });

  it('goes when Resend finds the email already verified (409)', async () => {
    let verified = false;
    stubDashboardApi({
      'GET /api/account': () => ({ status: 200, body: anAccount({ emailVerified: verified }) }),
      'POST /api/account/verification-email': () => {
        verified = true;
        return serverError(accountMessages.emailAlreadyVerified, 409);
      },
    });
    renderPage(<Dashboard />, { route: '/dashboard', state: signedInCustomer });
    await userEvent.click(within(await banner()).getByRole('button', { name: 'Resend' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Verify your email address' })).not.toBeInTheDocument(),
    );
  });
});
