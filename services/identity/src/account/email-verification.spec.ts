import { accountMessages, EMAIL_VERIFICATION_TTL_HOURS, tryAgainInMinutes } from '@portal/contracts';
import { request, startForSuite } from '@portal/testing';
import { expireLinks, linkToken, mailsTo, registerCustomer } from '../test/account-helpers';
import { startIdentity } from '../test/identity-harness';

describe('email verification', () => {
  const harness = startForSuite(() =>
    startIdentity({ seed: false, auth: { verificationMailLimitPerHour: 3 } }),
  );
  const verify = (token: string, bearer?: string) =>
    request(harness().baseUrl, 'POST', '/api/auth/verify-email', { body: { token }, token: bearer });
  const resend = (bearer: string) =>
    request(harness().baseUrl, 'POST', '/api/account/verification-email', { token: bearer });
  const account = async (bearer: string) =>
    (await request(harness().baseUrl, 'GET', '/api/account', { token: bearer })).body;

  it('sign-up mails a 24-hour verification link, and the account starts unverified', async () => {
    const customer = await registerCustomer(harness());
    const mails = await mailsTo(harness(), customer.email);
    expect(mails).toEqual([
      {
        mailId: expect.any(String),
        to: customer.email,
        content: {
          template: 'email-verification',
          name: customer.name,
          link: expect.stringMatching(
            /^https:\/\/portal\.example\.com\/verify-email\?token=[A-Za-z0-9_-]{43}$/,
          ),
        },
        requestedAt: expect.any(String),
      },
    ]);
    const [{ hours }] = await harness().dataSource.query(
      `SELECT round(extract(epoch FROM expires_at - created_at) / 3600) ::int AS hours
         FROM account_tokens WHERE user_id = $1 AND purpose = 'email-verification'`,
      [customer.id],
    );
    expect(hours).toBe(EMAIL_VERIFICATION_TTL_HOURS);
    expect(await account(customer.token)).toMatchObject({ emailVerified: false });
  });

  it('a sign-up with a taken email mails nothing (its rehearsal is rolled back)', async () => {
    const customer = await registerCustomer(harness());
    const again = await request(harness().baseUrl, 'POST', '/api/auth/register', {
      body: { name: 'Someone Else', email: customer.email.toUpperCase(), password: 'other password 1' },
    });
    expect(again.status).toBe(409);
    expect(await mailsTo(harness(), customer.email)).toHaveLength(1);
    const [{ count }] = await harness().dataSource.query(
      `SELECT count(*)::int AS count FROM outbox WHERE data->>'to' LIKE 'rehearsal-%'`,
    );
    expect(count).toBe(0);
  });

  it('verifies with the link, signed out; a second time says it is already verified', async () => {
    const customer = await registerCustomer(harness());
    const token = await linkToken(harness(), customer.email, 'email-verification');
    expect(await verify(token)).toMatchObject({
      status: 200,
      body: { email: customer.email, alreadyVerified: false },
    });
    expect(await account(customer.token)).toMatchObject({ emailVerified: true });
    expect(await verify(token, customer.token)).toMatchObject({
      status: 200,
      body: { email: customer.email, alreadyVerified: true },
    });
    // Asking again once verified: 409 with the message, and no mail.
    const again = await resend(customer.token);
    expect(again.body).toEqual({ statusCode: 409, message: accountMessages.emailAlreadyVerified });
    expect(await mailsTo(harness(), customer.email)).toHaveLength(1);
  });

  it("refuses an expired, a tampered, and another account's link with their messages", async () => {
    const customer = await registerCustomer(harness());
    const other = await registerCustomer(harness());
    const token = await linkToken(harness(), customer.email, 'email-verification');

    const tampered = `${token.slice(0, 42)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await verify(tampered)).body).toEqual({
      statusCode: 400,
      message: accountMessages.verificationLinkInvalid,
    });
    expect((await verify(token, other.token)).body).toEqual({
      statusCode: 400,
      message: accountMessages.verificationLinkInvalid,
    });
    expect((await verify('x'.repeat(42))).status).toBe(400);
    // A reset link is not a verification link.
    await request(harness().baseUrl, 'POST', '/api/auth/forgot-password', {
      body: { email: customer.email },
    });
    const resetToken = await linkToken(harness(), customer.email, 'password-reset');
    expect((await verify(resetToken)).body.message).toBe(accountMessages.verificationLinkInvalid);

    await expireLinks(harness(), customer.id, 'email-verification');
    expect((await verify(token)).body).toEqual({
      statusCode: 400,
      message: accountMessages.verificationLinkExpired,
    });
    expect(await account(customer.token)).toMatchObject({ emailVerified: false });
    expect(await account(other.token)).toMatchObject({ emailVerified: false });
  });

  it('sends a new link on request (the older one ends), up to the limit, then 429 with the minutes', async () => {
    const customer = await registerCustomer(harness());
    const first = await linkToken(harness(), customer.email, 'email-verification');
    expect(await resend(customer.token)).toMatchObject({
      status: 202,
      body: { message: accountMessages.verificationSent },
    });
    const second = await linkToken(harness(), customer.email, 'email-verification');
    expect(second).not.toBe(first);
    expect((await verify(first)).body.message).toBe(accountMessages.verificationLinkInvalid);

    expect((await resend(customer.token)).status).toBe(202);
    expect((await resend(customer.token)).status).toBe(202);
    const limited = await resend(customer.token);
    expect(limited.body).toEqual({ statusCode: 429, message: tryAgainInMinutes(60) });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect((await mailsTo(harness(), customer.email)).length).toBe(4);

    const latest = await linkToken(harness(), customer.email, 'email-verification');
    expect((await verify(latest)).body).toEqual({ email: customer.email, alreadyVerified: false });
  });

  it('needs a signed-in account to send a link again', async () => {
    expect((await request(harness().baseUrl, 'POST', '/api/account/verification-email')).status).toBe(401);
  });
});
