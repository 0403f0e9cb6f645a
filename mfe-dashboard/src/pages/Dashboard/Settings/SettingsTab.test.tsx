import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  accountMessages,
  authMessages,
  PASSWORD_HINT,
  tryAgainInMinutes,
  type AccountExportPart,
  type AccountSession,
} from '@portal/contracts';
import { stubFetch, renderPage, type StubbedRoutes } from '@portal/web-testing';
import { loadAccountApi } from '@portal/store/account-api';
import { anAccount, anOrder, customer, serverError, signedInCustomer } from '../dashboard-fixtures';
import { PASSWORD_CHANGED, PASSWORDS_DIFFER } from './PasswordPanel';
import { SettingsTab } from './SettingsTab';
import { qrCodeSource, RECOVERY_CODES_FILE } from './TwoFactorPanel';

const thisDevice: AccountSession = {
  id: '5b1e2c3d-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
  current: true,
  browser: 'Chrome on macOS',
  address: '203.0.113.7',
  signedInAt: '2026-11-20T15:00:00.000Z',
  lastSeenAt: '2026-11-24T15:00:00.000Z',
};
const laptop: AccountSession = {
  id: '8c7d6e5f-4a3b-4c2d-9e1f-0a9b8c7d6e5f',
  current: false,
  browser: 'Firefox on Windows',
  address: '198.51.100.23',
  signedInAt: '2026-11-18T09:00:00.000Z',
  lastSeenAt: '2026-11-23T18:30:00.000Z',
};

/** A Blob's text (jsdom's Blob has no `text()`). */
const blobText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });

const QR_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M0 0h7v7H0z"/></svg>';
const RECOVERY = Array.from({ length: 10 }, (_, index) => `a${index}b2c-d3e4${index}`);

/** The account's calls answered as a verified customer's; `routes` answers otherwise. */
function stubAccount(routes: StubbedRoutes = {}) {
  return stubFetch({
    'GET /api/account': { status: 200, body: anAccount() },
    'GET /api/account/sessions': { status: 200, body: [thisDevice, laptop] },
    ...routes,
  });
}

const renderTab = () => renderPage(<SettingsTab />, { route: '/dashboard/settings', state: signedInCustomer });
/** The tab once the account has loaded. */
async function renderLoaded() {
  const view = renderTab();
  await screen.findByRole('heading', { level: 3, name: 'Profile' });
  return view;
}
const panel = (name: string) => within(screen.getByRole('region', { name }));
const form = (name: string) => within(screen.getByRole('form', { name }));

describe('Settings tab', () => {
  beforeAll(() => loadAccountApi());
  afterEach(() => jest.restoreAllMocks());

  it('shows every panel under its heading, the email with its verified state', async () => {
    stubAccount();
    renderTab();
    expect(await screen.findByRole('heading', { level: 2, name: 'Account settings' })).toBeInTheDocument();
    // The tab's heading shows while the account loads; the panels come with it.
    await screen.findByRole('heading', { level: 3, name: 'Profile' });
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Profile',
      'Email',
      'Password',
      'Two-factor sign-in',
      'Ticket emails',
      'Sessions',
      'Export my data',
      'Delete my account',
    ]);
    expect(panel('Profile').getByLabelText('Full Name')).toHaveValue(customer.name);
    expect(panel('Profile').getByText(customer.email)).toBeInTheDocument();
    expect(panel('Profile').getByText('Verified')).toBeInTheDocument();
  });

  it('shows an unverified email and the address waiting for its confirmation link', async () => {
    stubAccount({
      'GET /api/account': {
        status: 200,
        body: anAccount({ emailVerified: false, pendingEmail: 'ann.lee@example.org' }),
      },
    });
    renderTab();
    expect(await screen.findByText('Not verified')).toBeInTheDocument();
    expect(panel('Email').getByText(/Waiting for confirmation/)).toHaveTextContent(
      'Waiting for confirmation: ann.lee@example.org.',
    );
  });

  it('says so when the account cannot be loaded, and loads it again on Try again', async () => {
    let fail = true;
    stubFetch({
      'GET /api/account': () => (fail ? serverError('Service unavailable', 503) : { status: 200, body: anAccount() }),
      'GET /api/account/sessions': { status: 200, body: [thisDevice] },
    });
    const { store } = renderTab();
    expect(await screen.findByText('We could not load your account.')).toBeInTheDocument();
    expect(store.getState().toast.current).toMatchObject({
      title: 'Failed to fetch account',
      description: 'Service unavailable',
    });
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
  });

  it('saves the name (trimmed), and shows the server’s message when it refuses', async () => {
    let saved = anAccount();
    let answer = { status: 200, body: anAccount({ name: 'Ann Lee-Park' }) } as { status: number; body: unknown };
    const calls = stubAccount({
      // The account read again after the save has the new name.
      'GET /api/account': () => ({ status: 200, body: saved }),
      'PATCH /api/account': () => {
        if (answer.status === 200) saved = answer.body as typeof saved;
        return answer;
      },
    });
    await renderLoaded();
    const name = await panel('Profile').findByLabelText('Full Name');
    await userEvent.clear(name);
    await userEvent.click(panel('Profile').getByRole('button', { name: 'Save name' }));
    expect(name).toHaveAccessibleDescription(authMessages.nameRequired);
    expect(name).toHaveFocus();

    await userEvent.type(name, '  Ann Lee-Park ');
    await userEvent.click(panel('Profile').getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Your name has been saved.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ name: 'Ann Lee-Park' });
    // Still there once the account has been read again.
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/account' && call.method === 'GET')).toHaveLength(2));
    expect(panel('Profile').getByRole('status')).toHaveTextContent('Your name has been saved.');
    expect(panel('Profile').getByLabelText('Full Name')).toHaveValue('Ann Lee-Park');

    answer = serverError('Name contains a character that cannot be stored', 400);
    await userEvent.type(panel('Profile').getByLabelText('Full Name'), 'x');
    await userEvent.click(panel('Profile').getByRole('button', { name: 'Save name' }));
    expect(await panel('Profile').findByRole('alert')).toHaveTextContent(
      'Name contains a character that cannot be stored',
    );
  });

  it('asks for an email change with the password and shows the contract’s answer, or the refusal', async () => {
    let answer: { status: number; body: unknown } = serverError(accountMessages.emailInUse, 409);
    const calls = stubAccount({ 'POST /api/account/email': () => answer });
    await renderLoaded();
    const email = form('Change email');
    await userEvent.click(await panel('Email').findByRole('button', { name: 'Change email' }));
    expect(panel('Email').getByLabelText('New email address')).toHaveAccessibleDescription(authMessages.emailRequired);
    expect(panel('Email').getByLabelText('Current password')).toHaveAccessibleDescription(
      accountMessages.currentPasswordRequired,
    );

    await userEvent.type(email.getByLabelText('New email address'), 'taken@example.com');
    await userEvent.type(email.getByLabelText('Current password'), 'harbor-lights-42');
    await userEvent.click(email.getByRole('button', { name: 'Change email' }));
    expect(await email.findByRole('alert')).toHaveTextContent(accountMessages.emailInUse);

    answer = { status: 202, body: { message: accountMessages.emailChangeRequested } };
    await userEvent.click(email.getByRole('button', { name: 'Change email' }));
    expect(await email.findByRole('status')).toHaveTextContent(accountMessages.emailChangeRequested);
    expect(calls.filter((call) => call.path === '/api/account/email').at(-1)?.body).toEqual({
      newEmail: 'taken@example.com',
      currentPassword: 'harbor-lights-42',
    });
    expect(email.getByLabelText('New email address')).toHaveValue('');
  });

  it('changes the password under sign-up’s rules and says the other sessions were signed out', async () => {
    let answer: { status: number; body?: unknown } = serverError(accountMessages.currentPasswordWrong, 400);
    const calls = stubAccount({ 'POST /api/account/password': () => answer });
    await renderLoaded();
    const password = form('Change password');
    const newPassword = await password.findByLabelText('New password');
    expect(newPassword).toHaveAccessibleDescription(PASSWORD_HINT);

    await userEvent.type(password.getByLabelText('Current password'), 'old-password-1');
    await userEvent.type(newPassword, 'shortpw');
    await userEvent.type(password.getByLabelText('Confirm new password'), 'shortpw');
    await userEvent.click(password.getByRole('button', { name: 'Change password' }));
    expect(newPassword).toHaveAccessibleDescription(authMessages.passwordTooShort);
    expect(newPassword).toHaveFocus();

    await userEvent.type(newPassword, '9');
    await userEvent.click(password.getByRole('button', { name: 'Change password' }));
    expect(password.getByLabelText('Confirm new password')).toHaveAccessibleDescription(PASSWORDS_DIFFER);
    await userEvent.type(password.getByLabelText('Confirm new password'), '9');

    await userEvent.click(password.getByRole('button', { name: 'Change password' }));
    expect(await password.findByRole('alert')).toHaveTextContent(accountMessages.currentPasswordWrong);

    answer = { status: 204 };
    await userEvent.click(password.getByRole('button', { name: 'Change password' }));
    expect(await password.findByRole('status')).toHaveTextContent(PASSWORD_CHANGED);
    expect(calls.filter((call) => call.path === '/api/account/password').at(-1)?.body).toEqual({
      currentPassword: 'old-password-1',
      newPassword: 'shortpw9',
    });
  });

  it('lists the sessions, this device first, and signs out one or every other', async () => {
    let sessions = [thisDevice, laptop];
    const calls = stubAccount({
      'GET /api/account/sessions': () => ({ status: 200, body: sessions }),
      [`DELETE /api/account/sessions/${laptop.id}`]: () => {
        sessions = [thisDevice];
        return { status: 204 };
      },
      'POST /api/account/sessions/sign-out-others': { status: 200, body: { signedOut: 0 } },
    });
    await renderLoaded();
    const list = await screen.findByRole('list', { name: 'Signed in on 2 devices' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Chrome on macOSThis device203.0.113.7 · Signed in Nov 20, 2026');
    expect(within(first!).queryByRole('button')).not.toBeInTheDocument();
    expect(second).toHaveTextContent('Firefox on Windows198.51.100.23');

    await userEvent.click(within(second!).getByRole('button', { name: 'Sign out Firefox on Windows, 198.51.100.23' }));
    expect(await panel('Sessions').findByRole('status')).toHaveTextContent(
      'Signed out Firefox on Windows, 198.51.100.23.',
    );
    expect(await screen.findByRole('list', { name: 'Signed in on 1 device' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Signed in on 1 device' })).toHaveFocus());
    expect(panel('Sessions').getByRole('button', { name: 'Sign out all other sessions' })).toBeDisabled();
    expect(calls.some((call) => call.method === 'DELETE' && call.path.endsWith(laptop.id))).toBe(true);
  });

  it("'Sign out all other sessions' says how many were signed out, and shows a refusal", async () => {
    let answer: { status: number; body: unknown } = { status: 200, body: { signedOut: 1 } };
    stubAccount({ 'POST /api/account/sessions/sign-out-others': () => answer });
    await renderLoaded();
    await userEvent.click(await panel('Sessions').findByRole('button', { name: 'Sign out all other sessions' }));
    expect(await panel('Sessions').findByRole('status')).toHaveTextContent('Signed out 1 other session.');
    answer = serverError(tryAgainInMinutes(3), 429);
    await userEvent.click(panel('Sessions').getByRole('button', { name: 'Sign out all other sessions' }));
    expect(await panel('Sessions').findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 3 minutes.');
  });

  it('sets up two-factor sign-in: QR code and secret, a code and the current password (a wrong one refused), then the 10 recovery codes', async () => {
    const createObjectURL = jest.fn((_blob: Blob) => 'blob:recovery-codes');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    let enabled = false;
    let enableAnswer: { status: number; body: unknown } = serverError(accountMessages.codeWrong, 400);
    const calls = stubAccount({
      'GET /api/account': () => ({
        status: 200,
        body: anAccount({ twoFactorEnabled: enabled, recoveryCodesLeft: enabled ? 10 : 0 }),
      }),
      'POST /api/account/two-factor/setup': {
        status: 200,
        body: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrCodeSvg: QR_SVG },
      },
      'POST /api/account/two-factor/enable': () => {
        if (enableAnswer.status === 200) enabled = true;
        return enableAnswer;
      },
    });
    await renderLoaded();
    const twoFactor = panel('Two-factor sign-in');
    expect(await twoFactor.findByText('Off')).toBeInTheDocument();
    await userEvent.click(twoFactor.getByRole('button', { name: 'Set up' }));

    const qr = await twoFactor.findByRole('img', { name: /QR code/ });
    expect(qr).toHaveAttribute('src', qrCodeSource(QR_SVG));
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(twoFactor.getByRole('group', { name: 'Secret key' })).toHaveTextContent('JBSWY3DPEHPK3PXP');
    expect(twoFactor.getByRole('heading', { name: /Add Millstone CX to your authenticator app/ })).toHaveFocus();

    // Both the code and the current password are asked for before anything is sent.
    await userEvent.click(twoFactor.getByRole('button', { name: 'Turn on' }));
    expect(twoFactor.getByLabelText('6-digit code')).toHaveAccessibleDescription(accountMessages.codeRequired);
    expect(twoFactor.getByLabelText('6-digit code')).toHaveFocus();
    const password = twoFactor.getByLabelText('Current password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(password).toHaveAccessibleDescription(accountMessages.currentPasswordRequired);
    await userEvent.type(twoFactor.getByLabelText('6-digit code'), '123456');
    await userEvent.click(twoFactor.getByRole('button', { name: 'Turn on' }));
    expect(password).toHaveFocus();
    expect(calls.some((call) => call.path === '/api/account/two-factor/enable')).toBe(false);

    // A wrong password: the server's message, still off.
    enableAnswer = serverError(accountMessages.passwordWrong, 400);
    await userEvent.type(password, 'not-my-password');
    await userEvent.click(twoFactor.getByRole('button', { name: 'Turn on' }));
    expect(await twoFactor.findByRole('alert')).toHaveTextContent(accountMessages.passwordWrong);
    expect(twoFactor.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();

    enableAnswer = serverError(accountMessages.codeWrong, 400);
    await userEvent.clear(password);
    await userEvent.type(password, 'harbor-lights-42');
    await userEvent.click(twoFactor.getByRole('button', { name: 'Turn on' }));
    expect(await twoFactor.findByRole('alert')).toHaveTextContent(accountMessages.codeWrong);

    enableAnswer = { status: 200, body: { recoveryCodes: RECOVERY } };
    await userEvent.clear(twoFactor.getByLabelText('6-digit code'));
    await userEvent.type(twoFactor.getByLabelText('6-digit code'), '654 321');
    await userEvent.click(twoFactor.getByRole('button', { name: 'Turn on' }));
    const codes = await twoFactor.findByRole('list', { name: 'Recovery codes' });
    expect(within(codes).getAllByRole('listitem').map((item) => item.textContent)).toEqual(RECOVERY);
    expect(calls.filter((call) => call.path === '/api/account/two-factor/enable').map((call) => call.body)).toEqual([
      { code: '123456', password: 'not-my-password' },
      { code: '123456', password: 'harbor-lights-42' },
      { code: '654 321', password: 'harbor-lights-42' },
    ]);
    expect(twoFactor.getByRole('button', { name: 'Copy recovery codes' })).toBeInTheDocument();

    await userEvent.click(twoFactor.getByRole('button', { name: 'Download' }));
    expect(clicked).toHaveBeenCalled();
    const link = clicked.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe(RECOVERY_CODES_FILE);
    expect(await blobText(createObjectURL.mock.calls[0]![0])).toContain(RECOVERY.join('\n'));

    await userEvent.click(twoFactor.getByRole('button', { name: 'I have saved them' }));
    expect(twoFactor.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    const left = await twoFactor.findByText('10 of 10 recovery codes left');
    // The pressed button has gone: focus is on the new state.
    await waitFor(() => expect(left.parentElement).toHaveFocus());
  });

  it('turns two-factor sign-in off with the password, or shows why not', async () => {
    let answer: { status: number; body?: unknown } = serverError(accountMessages.passwordWrong, 400);
    const calls = stubAccount({
      'GET /api/account': { status: 200, body: anAccount({ twoFactorEnabled: true, recoveryCodesLeft: 2 }) },
      'POST /api/account/two-factor/disable': () => answer,
    });
    await renderLoaded();
    const twoFactor = panel('Two-factor sign-in');
    expect(await twoFactor.findByText(/2 of 10 recovery codes left/)).toBeInTheDocument();
    await userEvent.click(twoFactor.getByRole('radio', { name: 'My password' }));
    await userEvent.type(twoFactor.getByLabelText('Password'), 'harbor-lights-42');
    await userEvent.click(twoFactor.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await twoFactor.findByRole('alert')).toHaveTextContent(accountMessages.passwordWrong);
    answer = { status: 204 };
    await userEvent.click(twoFactor.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await twoFactor.findByRole('status')).toHaveTextContent('Two-factor sign-in is off.');
    expect(calls.filter((call) => call.path === '/api/account/two-factor/disable').at(-1)?.body).toEqual({
      password: 'harbor-lights-42',
    });
  });

  it('exports every service’s part into one JSON file', async () => {
    const createObjectURL = jest.fn((_blob: Blob) => 'blob:export');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const part = (service: AccountExportPart['service'], data: Record<string, unknown>) => ({
      status: 200,
      body: { service, exportedAt: '2026-11-24T15:00:00.000Z', data },
    });
    stubAccount({
      'GET /api/account/export': part('identity', { profile: { email: customer.email } }),
      'GET /api/account/export/commerce': part('commerce', { orders: [anOrder()] }),
      'GET /api/account/export/crm': part('crm', { integrations: [] }),
      'GET /api/account/export/support': part('support', { tickets: [] }),
      'GET /api/account/export/kpi': part('kpi', { metrics: [] }),
    });
    await renderLoaded();
    await userEvent.click(await panel('Export my data').findByRole('button', { name: 'Export my data' }));
    const done = await panel('Export my data').findByRole('status');
    expect(done).toHaveTextContent(/^Downloaded millstone-cx-account-\d{4}-\d{2}-\d{2}\.json\.$/);
    const link = clicked.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toMatch(/^millstone-cx-account-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(await blobText(createObjectURL.mock.calls[0]![0]));
    expect(Object.keys(file.services)).toEqual(['identity', 'commerce', 'crm', 'support', 'kpi']);
    expect(file.services.commerce.data.orders[0].id).toBe(anOrder().id);
  });

  it('names the part that failed and downloads nothing', async () => {
    const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const part = (service: AccountExportPart['service']) => ({
      status: 200,
      body: { service, exportedAt: '2026-11-24T15:00:00.000Z', data: {} },
    });
    stubAccount({
      'GET /api/account/export': part('identity'),
      'GET /api/account/export/commerce': serverError('Service unavailable', 503),
      'GET /api/account/export/crm': part('crm'),
      'GET /api/account/export/support': part('support'),
      'GET /api/account/export/kpi': part('kpi'),
    });
    await renderLoaded();
    await userEvent.click(await panel('Export my data').findByRole('button', { name: 'Export my data' }));
    expect(await panel('Export my data').findByRole('alert')).toHaveTextContent(
      'We could not export your data: this part did not answer: orders (Service unavailable). Nothing was downloaded.',
    );
    expect(clicked).not.toHaveBeenCalled();
  });

  it('deletes the account after the password: the session ends here, and the home page says so in a toast', async () => {
    localStorage.setItem('token', 'tok-1');
    let answer: { status: number; body?: unknown } = serverError(accountMessages.passwordWrong, 400);
    const calls = stubAccount({ 'POST /api/account/delete': () => answer });
    const { store } = await renderLoaded();
    await userEvent.click(await panel('Delete my account').findByRole('button', { name: 'Delete my account' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete your account?' }));
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription(/Orders and invoices are kept/);
    const password = dialog.getByLabelText('Password');
    expect(password).toHaveFocus();

    await userEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(password).toHaveAccessibleDescription(accountMessages.currentPasswordRequired);
    await userEvent.type(password, 'wrong-password-1');
    await userEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(accountMessages.passwordWrong);
    expect(localStorage.getItem('token')).toBe('tok-1');

    answer = { status: 204 };
    await userEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(store.getState().session).toMatchObject({ hasToken: false, user: null });
    expect(store.getState().toast.current).toMatchObject({
      title: 'Your account has been deleted',
      severity: 'success',
    });
    expect(calls.filter((call) => call.path === '/api/account/delete').at(-1)).toMatchObject({
      authorization: 'Bearer tok-1',
      body: { password: 'wrong-password-1' },
    });
  });
});
