import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { totpCode, totpStep } from '@portal/toolkit/totp';
import { CUSTOMER_PASSWORD, customerWithData, uniqueEmail } from '../support/customer';
import { extractLink, mailsToAddress } from '../support/mail';

// Issue 17: the dashboard's Settings tab against the real services: name, password, sessions,
// two-factor sign-in, export and deletion, and the banner asking to verify the email address.

const NEW_PASSWORD = 'tidewater-bells-77';
const PHONE = { width: 360, height: 740 };

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A new customer made through the API, signed in there (one session). */
async function signUp(request: APIRequestContext, name = 'Morgan Reyes') {
  const email = uniqueEmail('settings');
  const response = await request.post('/api/auth/register', {
    data: { name, email, password: CUSTOMER_PASSWORD },
  });
  expect(response.status()).toBe(201);
  const { token } = (await response.json()) as { token: string };
  return { email, token };
}

/** Signs in again through the API, as another browser would: a second session. */
async function signIn(request: APIRequestContext, email: string, password = CUSTOMER_PASSWORD) {
  return request.post('/api/auth/login', {
    data: { email, password },
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' },
  });
}

/** Opens the Settings tab with the customer's token stored as sign-in stores it. */
async function openSettings(page: Page, token: string) {
  await page.goto('/');
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('heading', { level: 2, name: 'Account settings' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Profile' })).toBeVisible();
}

const panel = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function expectAxeClean(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
  expect(
    blocking.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    what,
  ).toEqual([]);
}

test('a customer changes their name', async ({ page, request }) => {
  const { token } = await signUp(request);
  await openSettings(page, token);
  const profile = panel(page, 'Profile');
  await profile.getByLabel('Full Name').fill('  Morgan Reyes-Quinn ');
  await profile.getByRole('button', { name: 'Save name' }).click();
  await expect(profile.getByRole('status')).toHaveText('Your name has been saved.');

  const account = await request.get('/api/account', { headers: bearer(token) });
  expect(((await account.json()) as { name: string }).name).toBe('Morgan Reyes-Quinn');
  await page.reload();
  await expect(panel(page, 'Profile').getByLabel('Full Name')).toHaveValue('Morgan Reyes-Quinn');
});

test('a customer changes their password: the old one no longer signs in, the new one does', async ({
  page,
  request,
}) => {
  const { email, token } = await signUp(request);
  await openSettings(page, token);
  const password = panel(page, 'Password');
  // (A wrong current password counts as a failed sign-in from this address, which every test shares:
  // the unit tests show that refusal.)
  await password.getByLabel('Current password', { exact: true }).fill(CUSTOMER_PASSWORD);
  await password.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await password.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByRole('status')).toHaveText(
    'Your password has been changed. Every other session has been signed out.',
  );
  expect((await signIn(request, email)).status()).toBe(401);
  expect((await signIn(request, email, NEW_PASSWORD)).status()).toBe(200);
  // This browser stays signed in.
  await page.reload();
  await expect(page.getByRole('heading', { level: 3, name: 'Profile' })).toBeVisible();
});

test('a customer asks to change their email: the confirmation is on its way, the new address waits for it', async ({
  page,
  request,
}) => {
  const { token } = await signUp(request);
  const taken = await signUp(request, 'Casey Taken');
  await openSettings(page, token);
  const email = panel(page, 'Email');
  await email.getByLabel('New email address').fill(taken.email);
  await email.getByLabel('Current password', { exact: true }).fill(CUSTOMER_PASSWORD);
  await email.getByRole('button', { name: 'Change email' }).click();
  await expect(email.getByRole('alert')).toHaveText('That email address is already in use');

  const newEmail = uniqueEmail('settings-new');
  await email.getByLabel('New email address').fill(newEmail);
  await email.getByRole('button', { name: 'Change email' }).click();
  await expect(email.getByRole('status')).toHaveText('We have sent a confirmation link to your new email address.');
  await expect(email.getByText(`Waiting for confirmation: ${newEmail}.`)).toBeVisible();
});

test("the sessions list shows a second sign-in, and 'Sign out all other sessions' cuts it off", async ({
  page,
  request,
}) => {
  const { email, token } = await signUp(request);
  const second = await signIn(request, email);
  expect(second.status()).toBe(200);
  const { token: otherToken } = (await second.json()) as { token: string };
  expect((await request.get('/api/account', { headers: bearer(otherToken) })).status()).toBe(200);

  await openSettings(page, token);
  const sessions = panel(page, 'Sessions');
  const list = sessions.getByRole('list', { name: 'Signed in on 2 devices' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').first()).toContainText('This device');
  await expect(list.getByRole('listitem').nth(1)).toContainText('Firefox on Linux');

  await sessions.getByRole('button', { name: 'Sign out all other sessions' }).click();
  await expect(sessions.getByRole('status')).toHaveText('Signed out 1 other session.');
  await expect(sessions.getByRole('list', { name: 'Signed in on 1 device' })).toBeVisible();
  expect((await request.get('/api/account', { headers: bearer(otherToken) })).status()).toBe(401);
  expect((await request.get('/api/account', { headers: bearer(token) })).status()).toBe(200);
});

test('a customer turns on two-factor sign-in with an authenticator code and sees the 10 recovery codes', async ({
  page,
  request,
}) => {
  const { email, token } = await signUp(request);
  await page.setViewportSize(PHONE);
  await openSettings(page, token);
  const twoFactor = panel(page, 'Two-factor sign-in');
  await twoFactor.getByRole('button', { name: 'Set up' }).click();

  // The server's QR code shows as an image (the CSP's img-src allows data:), the secret as text.
  const qr = twoFactor.getByRole('img', { name: /QR code/ });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  const secret = (await twoFactor.getByRole('group', { name: 'Secret key' }).locator('code').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectAxeClean(page, 'two-factor setup at 360 px');

  // The app's code alone is not enough: the current password is asked too (a stolen session cannot
  // put its own app on the account), and a wrong one turns nothing on.
  const password = twoFactor.getByLabel('Current password', { exact: true });
  await expect(password).toHaveAttribute('type', 'password');
  await expect(password).toHaveAttribute('autocomplete', 'current-password');
  await twoFactor.getByLabel('6-digit code').fill(totpCode(secret, totpStep()));
  await password.fill('not-the-password-1');
  await twoFactor.getByRole('button', { name: 'Turn on' }).click();
  await expect(twoFactor.getByRole('alert')).toHaveText('Password is incorrect');
  const stillOff = await request.get('/api/account', { headers: bearer(token) });
  expect(await stillOff.json()).toMatchObject({ twoFactorEnabled: false });

  await password.fill(CUSTOMER_PASSWORD);
  await twoFactor.getByLabel('6-digit code').fill('000000');
  await twoFactor.getByRole('button', { name: 'Turn on' }).click();
  await expect(twoFactor.getByRole('alert')).toHaveText('That code is not correct');

  await twoFactor.getByLabel('6-digit code').fill(totpCode(secret, totpStep()));
  await twoFactor.getByRole('button', { name: 'Turn on' }).click();
  const codes = twoFactor.getByRole('list', { name: 'Recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await expect(twoFactor.getByRole('button', { name: 'Copy recovery codes' })).toBeVisible();
  await expectAxeClean(page, 'recovery codes at 360 px');

  const download = page.waitForEvent('download');
  await twoFactor.getByRole('button', { name: 'Download' }).click();
  const saved = await readFile((await (await download).path())!, 'utf8');
  for (const code of await codes.getByRole('listitem').allTextContents()) expect(saved).toContain(code);

  await twoFactor.getByRole('button', { name: 'I have saved them' }).click();
  await expect(twoFactor.getByText('10 of 10 recovery codes left')).toBeVisible();
  // Sign-in now asks for a code after the password.
  const login = await signIn(request, email);
  expect(login.status()).toBe(200);
  expect(await login.json()).toMatchObject({ twoFactorRequired: true });
});

test("'Export my data' downloads one JSON file with the customer's orders", async ({ page, request }) => {
  const customer = await customerWithData(request, 'Avery Stone');
  const orders = (await (await request.get('/api/user/orders', { headers: bearer(customer.token) })).json()) as {
    id: string;
  }[];
  expect(orders.length).toBeGreaterThan(0);

  await openSettings(page, customer.token);
  const exportPanel = panel(page, 'Export my data');
  const download = page.waitForEvent('download');
  await exportPanel.getByRole('button', { name: 'Export my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^millstone-cx-account-\d{4}-\d{2}-\d{2}\.json$/);
  await expect(exportPanel.getByRole('status')).toHaveText(`Downloaded ${file.suggestedFilename()}.`);

  const exported = JSON.parse(await readFile((await file.path())!, 'utf8')) as {
    services: Record<string, { service: string; data: Record<string, unknown> }>;
  };
  expect(Object.keys(exported.services)).toEqual(['identity', 'commerce', 'crm', 'support', 'kpi']);
  const commerce = JSON.stringify(exported.services.commerce.data);
  for (const order of orders) expect(commerce).toContain(order.id);
  expect(JSON.stringify(exported.services.identity.data)).toContain(customer.email);
  expect(JSON.stringify(exported)).not.toContain('dp_live_e2e_a11y_4f3e2d1c');
});

test('a customer deletes their account: signed out on the home page, and the email can register again', async ({
  page,
  request,
}) => {
  const { email, token } = await signUp(request);
  await openSettings(page, token);
  await panel(page, 'Delete my account').getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('Orders and invoices are kept');
  await expect(dialog.getByLabel('Password', { exact: true })).toBeFocused();
  await expectAxeClean(page, 'the delete dialog');

  await dialog.getByLabel('Password', { exact: true }).fill(CUSTOMER_PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByText('Your account has been deleted')).toBeVisible();
  await expect(page.getByRole('banner').getByText('Sign In').first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token') ?? localStorage.getItem('auth_token'))).toBeNull();

  expect((await request.get('/api/account', { headers: bearer(token) })).status()).toBe(401);
  const again = await request.post('/api/auth/register', {
    data: { name: 'Morgan Reyes', email, password: CUSTOMER_PASSWORD },
  });
  expect(again.status()).toBe(201);
});

test("an unverified customer sees the banner on every tab, and 'Resend' answers with the wait once used up", async ({
  page,
  request,
}) => {
  const { token } = await signUp(request);
  await openSettings(page, token);
  const banner = page.getByRole('region', { name: 'Verify your email address' });
  await expect(banner).toBeVisible();
  await page.getByRole('tab', { name: 'Orders' }).click();
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('We sent a link to');

  const status = banner.getByRole('status');
  await banner.getByRole('button', { name: 'Resend' }).click();
  await expect(status).toHaveText('We have sent a new verification link to your email address.');
  // The hour's limit: Resend then says how many minutes to wait.
  for (let tries = 0; tries < 8; tries += 1) {
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/account/verification-email'));
    await banner.getByRole('button', { name: 'Resend' }).click();
    if ((await answered).status() === 429) break;
    await expect(status).toHaveText('We have sent a new verification link to your email address.');
  }
  await expect(status).toHaveText(/^Too many .*Try again in \d+ minutes?\.$/);
});

test('the banner goes once the email is verified: Resend then finds it already verified', async ({
  page,
  request,
}) => {
  const { email, token } = await signUp(request);
  await openSettings(page, token);
  const banner = page.getByRole('region', { name: 'Verify your email address' });
  await expect(banner).toBeVisible();
  await expect(panel(page, 'Profile').getByText('Not verified')).toBeVisible();

  // The link of the sign-up mail, opened elsewhere (another device, say).
  await expect
    .poll(async () => (await mailsToAddress(email)).some((mail) => (mail.text ?? '').includes('/verify-email?token=')))
    .toBe(true);
  const [mail] = (await mailsToAddress(email)).filter((caught) => (caught.text ?? '').includes('/verify-email?token='));
  const linkToken = new URL(extractLink(mail!, '/verify-email?token=')).searchParams.get('token');
  expect((await request.post('/api/auth/verify-email', { data: { token: linkToken } })).status()).toBe(200);

  await banner.getByRole('button', { name: 'Resend' }).click();
  await expect(banner).toHaveCount(0);
  await expect(panel(page, 'Profile').getByText('Verified', { exact: true })).toBeVisible();
});
