import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { accountMessages } from '@portal/contracts';
import { extractLink, mailsTo } from '@portal/toolkit/mail-catcher';
import { totpCode, totpStep } from '@portal/toolkit/totp';
import { waitFor } from '@portal/toolkit/wait';
import { e2ePorts } from '../support/stack';
import { CUSTOMER_PASSWORD, uniqueEmail } from '../support/customer';

// Issue 17: a customer who forgot the password gets it back by email, a new address is verified by
// the link of the sign-up mail, and an account with two-factor sign-in signs in with its code. The
// mails are read from the stack's mail catcher (maildev's REST API), nothing is mocked.

const MAIL_CATCHER = `http://127.0.0.1:${e2ePorts.mailWeb}`;
const PHONE = { width: 360, height: 740 };

async function register(request: APIRequestContext, name = 'Morgan Reyes') {
  const email = uniqueEmail('recovery');
  const response = await request.post('/api/auth/register', {
    data: { name, email, password: CUSTOMER_PASSWORD },
  });
  expect(response.status()).toBe(201);
  const { token } = (await response.json()) as { token: string };
  return { email, token };
}

/**
 * The path and query (`/reset-password?token=…`) of the newest link to `page` in a mail to `email`,
 * once that mail has reached the catcher; the page is then opened on the suite's own gateway.
 */
async function linkFromMail(email: string, page: string, { after = 0 } = {}): Promise<string> {
  const link = await waitFor(
    async () => {
      const mails = (await mailsTo(MAIL_CATCHER, email)).filter((mail) =>
        (mail.text ?? '').includes(`${page}?token=`),
      );
      const newest = mails.at(-1);
      return mails.length > after && newest ? extractLink(newest, `${page}?token=`) : undefined;
    },
    { timeoutMs: 10_000, what: `a mail to ${email} with a ${page} link` },
  );
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

async function expectNoBlockingViolation(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
  expect(
    blocking.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
    what,
  ).toEqual([]);
}


test.describe('forgot and reset password', () => {
  test('forgot → the mail → a new password → signed in; the old password and the used link are refused', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const { email } = await register(request);

    await page.goto('/login');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    await expect(page.getByLabel('Email address')).toHaveValue(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('alert')).toHaveText(accountMessages.resetRequested);

    const resetPath = await linkFromMail(email, '/reset-password');
    await page.goto(resetPath);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await page.setViewportSize(PHONE);
    await expectNoBlockingViolation(page, 'the reset form at 360 px');

    const newPassword = 'tidewater-rising-88';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill('tidewater-rising-89');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByLabel('Confirm new password')).toHaveAccessibleDescription(
      'The passwords do not match',
    );

    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expect(page.getByText('Your password has been reset')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Customer Dashboard' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

    const oldLogin = await request.post('/api/auth/login', { data: { email, password: CUSTOMER_PASSWORD } });
    expect(oldLogin.status()).toBe(401);
    const newLogin = await request.post('/api/auth/login', { data: { email, password: newPassword } });
    expect(newLogin.status()).toBe(200);

    // The link again, as from the mail a second time: a page of its own, with the way to a new one.
    await page.goto(resetPath);
    await page.getByLabel('New password', { exact: true }).fill('another-choice-77');
    await page.getByLabel('Confirm new password').fill('another-choice-77');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'This reset link cannot be used' }),
    ).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(accountMessages.resetLinkUsed);
    await expectNoBlockingViolation(page, 'the used reset link at 360 px');
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  });

  test('an address with no account gets the same answer, and no mail', async ({ page }) => {
    const email = uniqueEmail('nobody');
    await page.goto('/forgot-password');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('alert')).toHaveText(accountMessages.resetRequested);
    expect(await mailsTo(MAIL_CATCHER, email)).toEqual([]);
  });

  test('a link without a token is a clear page, not an error', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(
      page.getByRole('heading', { level: 1, name: 'This reset link cannot be used' }),
    ).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(accountMessages.resetLinkInvalid);
  });
});

test('the sign-up mail verifies the address, once', async ({ page, request }) => {
  const { email } = await register(request, 'Riley Okafor');
  const verifyPath = await linkFromMail(email, '/verify-email');

  await page.goto(verifyPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Your email address is verified' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(email);
  await expect(page.getByRole('link', { name: 'Go to your dashboard' })).toBeVisible();

  await page.goto(verifyPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Already verified' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(accountMessages.emailAlreadyVerified);

  // One character changed: the server does not know the link.
  const tampered = verifyPath.replace(
    /token=(.)/,
    (_match, first: string) => `token=${first === 'A' ? 'B' : 'A'}`,
  );
  await page.goto(tampered);
  await expect(page.getByRole('alert')).toContainText(accountMessages.verificationLinkInvalid);
});

test('an email change is confirmed from the link sent to the new address, once', async ({
  page,
  request,
}) => {
  const { token } = await register(request, 'Quinn Adebayo');
  const newEmail = uniqueEmail('moved');
  const change = await request.post('/api/account/email', {
    headers: { Authorization: `Bearer ${token}` },
    data: { newEmail, currentPassword: CUSTOMER_PASSWORD },
  });
  expect(change.status()).toBe(202);
  const confirmPath = await linkFromMail(newEmail, '/confirm-email');

  await page.goto(confirmPath);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your new email address is confirmed' }),
  ).toBeVisible();
  await expect(page.getByRole('status')).toContainText(`From now on, sign in with ${newEmail}.`);
  const signIn = await request.post('/api/auth/login', {
    data: { email: newEmail, password: CUSTOMER_PASSWORD },
  });
  expect(signIn.status()).toBe(200);

  await page.goto(confirmPath);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your email address was not changed' }),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(accountMessages.emailChangeLinkUsed);
});

test('two-factor sign-in: the code from the app after the password, a recovery code, and after a reset', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { email, token } = await register(request, 'Avery Lindqvist');
  const auth = { Authorization: `Bearer ${token}` };
  const setup = await request.post('/api/account/two-factor/setup', { headers: auth });
  expect(setup.status()).toBeLessThan(300);
  const { secret } = (await setup.json()) as { secret: string };
  const enabled = await request.post('/api/account/two-factor/enable', {
    headers: auth,
    data: { code: totpCode(secret, totpStep()), password: CUSTOMER_PASSWORD },
  });
  expect(enabled.status()).toBeLessThan(300);
  const { recoveryCodes } = (await enabled.json()) as { recoveryCodes: string[] };

  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(CUSTOMER_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();

  const code = page.getByLabel('Authentication code');
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.setViewportSize(PHONE);
  await expectNoBlockingViolation(page, 'the code step at 360 px');

  // A code of none of the accepted steps.
  const accepted = [-1, 0, 1].map((drift) => totpCode(secret, totpStep() + drift));
  const wrong = ['000000', '111111', '222222', '333333'].find((candidate) => !accepted.includes(candidate))!;
  await code.fill(wrong);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(accountMessages.codeWrong);
  await expect(code).toBeFocused();

  // The code enabling it was the current step's: the app's next one signs in (one step of drift).
  await code.fill(totpCode(secret, totpStep() + 1));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await expect(page.getByText('Logged in successfully')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Dashboard' })).toBeVisible();

  // Without the phone: a recovery code, once.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(CUSTOMER_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await expect(page.getByLabel('Recovery code')).toBeFocused();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Dashboard' })).toBeVisible();

  // A reset ends every session and still asks for the second factor before signing in.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/forgot-password');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('alert')).toHaveText(accountMessages.resetRequested);
  await page.goto(await linkFromMail(email, '/reset-password'));
  await page.getByLabel('New password', { exact: true }).fill('quayside-lantern-31');
  await page.getByLabel('Confirm new password').fill('quayside-lantern-31');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your password has been reset' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[1]!);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await expect(page.getByText('Your password has been reset')).toBeVisible();
});
