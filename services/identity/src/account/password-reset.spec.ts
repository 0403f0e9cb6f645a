import { accountMessages, PASSWORD_RESET_TTL_MINUTES, tryAgainInMinutes } from '@portal/contracts';
import { fromNewClientAddress, request, startForSuite, uniqueEmail } from '@portal/testing';
import { expireLinks, linkToken, mailsTo, registerCustomer, signIn } from '../test/account-helpers';
import { startIdentity } from '../test/identity-harness';

describe('forgot and reset password', () => {
  const harness = startForSuite(() => startIdentity({ seed: false, auth: { resetAddressLimitPerHour: 20 } }));
  const forgot = (email: string, headers: Record<string, string> = fromNewClientAddress()) =>
    request(harness().baseUrl, 'POST', '/api/auth/forgot-password', { body: { email }, headers });
  const reset = (token: string, password: string, bearer?: string) =>
    request(harness().baseUrl, 'POST', '/api/auth/reset-password', {
      body: { token, password },
      token: bearer,
      headers: fromNewClientAddress(),
    });
  const meStatus = async (token: string) =>
    (await request(harness().baseUrl, 'GET', '/api/auth/me', { token })).status;

  it('mails a 30-minute link to an account, whatever the case typed, and answers 202', async () => {
    const customer = await registerCustomer(harness());
    const started = Date.now();
    const response = await forgot(customer.email.toUpperCase());
    expect(response).toMatchObject({ status: 202, body: { message: accountMessages.resetRequested } });

    const mail = (await mailsTo(harness(), customer.email)).find(
      (sent) => sent.content.template === 'password-reset',
    );
    expect(mail).toMatchObject({
      to: customer.email,
      content: { template: 'password-reset', name: customer.name },
    });
    const link = new URL((mail!.content as { link: string }).link);
    expect(`${link.origin}${link.pathname}`).toBe('https://portal.example.com/reset-password');
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [stored] = await harness().dataSource.query(
      `SELECT token_hash, extract(epoch FROM expires_at) * 1000 AS expires FROM account_tokens
        WHERE user_id = $1 AND purpose = 'password-reset'`,
      [customer.id],
    );
    // Only the SHA-256 of the token is kept.
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.token_hash).not.toContain(token);
    const ttl = Number(stored.expires) - started;
    expect(ttl).toBeGreaterThan(PASSWORD_RESET_TTL_MINUTES * 60_000 - 5_000);
    expect(ttl).toBeLessThan(PASSWORD_RESET_TTL_MINUTES * 60_000 + 5_000);
  });

  it('answers an unknown email the same, mails nothing, and takes about the same time', async () => {
    const customer = await registerCustomer(harness());
    const timed = async (email: string) => {
      const startedAt = performance.now();
      const response = await forgot(email);
      return { response, ms: performance.now() - startedAt };
    };
    const known = [];
    const unknown = [];
    // Taken in turn so that a busy machine's pauses fall on both sides alike; a new known account
    // every 4 requests keeps under the per-email limit.
    let email = customer.email;
    for (let i = 0; i < 12; i += 1) {
      if (i > 0 && i % 4 === 0) email = (await registerCustomer(harness())).email;
      known.push(await timed(email));
      unknown.push(await timed(uniqueEmail('nobody')));
    }
    const bodies = new Set(
      [...known, ...unknown].map(({ response }) => JSON.stringify([response.status, response.body])),
    );
    expect([...bodies]).toEqual([JSON.stringify([202, { message: accountMessages.resetRequested }])]);
    for (const { response } of unknown) {
      expect(Object.keys(response.body)).toEqual(['message']);
    }
    const [{ count }] = await harness().dataSource.query(
      `SELECT count(*)::int AS count FROM outbox WHERE data->>'to' LIKE 'nobody-%'`,
    );
    expect(count).toBe(0);

    const median = (samples: { ms: number }[]) => samples.map((s) => s.ms).sort((a, b) => a - b)[6]!;
    // The login timing test's tolerance: within half and twice the other's median.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
    expect(median(unknown)).toBeLessThan(median(known) * 2);
  });

  it('limits requests per email (any case) with the minutes to wait, and per address', async () => {
    const email = uniqueEmail('limited');
    for (let i = 0; i < 5; i += 1)
      expect((await forgot(i % 2 ? email.toUpperCase() : email)).status).toBe(202);
    const limited = await forgot(email);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ statusCode: 429, message: tryAgainInMinutes(60) });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3500);

    const address = fromNewClientAddress();
    for (let i = 0; i < 20; i += 1) expect((await forgot(uniqueEmail('spray'), address)).status).toBe(202);
    const sprayed = await forgot(uniqueEmail('spray'), address);
    expect(sprayed).toMatchObject({ status: 429, body: { message: tryAgainInMinutes(60) } });
  });

  it('sets the new password, ends every session and token, verifies the email and signs in', async () => {
    const customer = await registerCustomer(harness());
    const otherDevice = await signIn(harness(), customer.email, customer.password);
    await forgot(customer.email);
    const token = await linkToken(harness(), customer.email, 'password-reset');

    const response = await reset(token, 'brand new secret 2');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      user: { id: customer.id, name: customer.name, email: customer.email, role: 'customer' },
    });
    expect(await meStatus(response.body.token as string)).toBe(200);
    expect(await meStatus(customer.token)).toBe(401);
    expect(await meStatus(otherDevice)).toBe(401);

    expect(
      (
        await request(harness().baseUrl, 'POST', '/api/auth/login', {
          body: { email: customer.email, password: customer.password },
          headers: fromNewClientAddress(),
        })
      ).status,
    ).toBe(401);
    await signIn(harness(), customer.email, 'brand new secret 2');

    const account = await request(harness().baseUrl, 'GET', '/api/account', {
      token: response.body.token as string,
    });
    expect(account.body.emailVerified).toBe(true);
    const templates = (await mailsTo(harness(), customer.email)).map((mail) => mail.content.template);
    expect(templates.at(-1)).toBe('password-changed');
    // Each ended session is announced, so services that verify tokens on their own refuse them too.
    const [{ revoked }] = await harness().dataSource.query(
      `SELECT count(*)::int AS revoked FROM outbox WHERE subject = 'portal.sessions.revoked' AND data->>'userId' = $1`,
      [customer.id],
    );
    expect(revoked).toBe(2);
  });

  it('asks an account with two-factor sign-in for its code after the reset instead of signing in', async () => {
    const customer = await registerCustomer(harness());
    await harness().dataSource.query('UPDATE public_users SET two_factor_enabled_at = now() WHERE id = $1', [
      customer.id,
    ]);
    await forgot(customer.email);
    const token = await linkToken(harness(), customer.email, 'password-reset');

    const response = await reset(token, 'brand new secret 7');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    // The password changed and every session ended all the same; the link is spent.
    expect(await meStatus(customer.token)).toBe(401);
    const login = await request(harness().baseUrl, 'POST', '/api/auth/login', {
      body: { email: customer.email, password: 'brand new secret 7' },
      headers: fromNewClientAddress(),
    });
    expect(login.body).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    expect((await reset(token, 'brand new secret 8')).body.message).toBe(accountMessages.resetLinkUsed);
  });

  it('refuses a reused, an expired, a tampered and an older link with their messages', async () => {
    const customer = await registerCustomer(harness());
    await forgot(customer.email);
    const first = await linkToken(harness(), customer.email, 'password-reset');
    await forgot(customer.email);
    const second = await linkToken(harness(), customer.email, 'password-reset');

    // A newer link ends the older one.
    expect((await reset(first, 'another secret 3')).body).toEqual({
      statusCode: 400,
      message: accountMessages.resetLinkInvalid,
    });
    const tampered = `${second.slice(0, 42)}${second.endsWith('A') ? 'B' : 'A'}`;
    expect((await reset(tampered, 'another secret 3')).body).toEqual({
      statusCode: 400,
      message: accountMessages.resetLinkInvalid,
    });
    expect((await reset('not-a-token', 'another secret 3')).status).toBe(400);

    expect((await reset(second, 'another secret 3')).status).toBe(200);
    expect((await reset(second, 'yet another secret 4')).body).toEqual({
      statusCode: 400,
      message: accountMessages.resetLinkUsed,
    });

    await forgot(customer.email);
    const late = await linkToken(harness(), customer.email, 'password-reset');
    await expireLinks(harness(), customer.id, 'password-reset');
    expect((await reset(late, 'yet another secret 4')).body).toEqual({
      statusCode: 400,
      message: accountMessages.resetLinkExpired,
    });
    // None of the refused links changed the password.
    await signIn(harness(), customer.email, 'another secret 3');
  });

  it("refuses another account's link where someone else is signed in, and a weak new password", async () => {
    const owner = await registerCustomer(harness());
    const other = await registerCustomer(harness());
    await forgot(owner.email);
    const token = await linkToken(harness(), owner.email, 'password-reset');

    expect((await reset(token, 'taken over 5', other.token)).body).toEqual({
      statusCode: 400,
      message: accountMessages.resetLinkInvalid,
    });
    expect((await reset(token, 'short')).status).toBe(400);
    expect((await reset(token, 'no digits at all')).status).toBe(400);
    // The link still works for its owner.
    expect((await reset(token, 'owner again 6', owner.token)).status).toBe(200);
  });
});
