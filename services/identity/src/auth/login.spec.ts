import { request, startForSuite, uniqueEmail } from '@portal/testing';
import { startIdentity } from '../test/identity-harness';

describe('POST /api/auth/login', () => {
  // 10 failures per email from one address (the default); lower limits per address and per email
  // than the defaults (50), so the tests that reach them stay short.
  const harness = startForSuite(() =>
    startIdentity({ seed: false, auth: { addressFailureLimit: 20, emailFailureLimit: 20 } }),
  );
  const login = (body: unknown, address = '192.0.2.1') =>
    request(harness().baseUrl, 'POST', '/api/auth/login', { body, headers: { 'x-forwarded-for': address } });

  async function registerUser(password = 'correct horse 1') {
    const email = uniqueEmail('login');
    const response = await request(harness().baseUrl, 'POST', '/api/auth/register', {
      body: { name: 'Login Tester', email, password },
    });
    expect(response.status).toBe(201);
    return { email, password };
  }

  it('answers a token and the user with its role, for the email in any case', async () => {
    const { email, password } = await registerUser();
    const response = await login({ email: email.toUpperCase(), password }, '192.0.2.10');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      user: { id: expect.any(String), name: 'Login Tester', email, role: 'customer' },
    });
    const me = await request(harness().baseUrl, 'GET', '/api/auth/me', {
      token: response.body.token as string,
    });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email);
  });

  it('answers the same 401 for a wrong password and an unknown email, in about the same time', async () => {
    const { email } = await registerUser();
    const timed = async (body: unknown, address: string) => {
      const started = performance.now();
      const response = await login(body, address);
      return { response, ms: performance.now() - started };
    };
    const wrongPassword = [];
    const unknownEmail = [];
    // Seven of each, taken in turn, so that a busy machine's pauses fall on both sides alike (each
    // pair from its own address, under the limit of failures per address).
    for (let i = 0; i < 7; i += 1) {
      const address = `192.0.2.${11 + i}`;
      wrongPassword.push(await timed({ email, password: 'wrong password 1' }, address));
      unknownEmail.push(await timed({ email: uniqueEmail('nobody'), password: 'wrong password 1' }, address));
    }
    for (const { response } of [...wrongPassword, ...unknownEmail]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ statusCode: 401, message: 'Invalid email or password' });
    }
    const median = (samples: { ms: number }[]) => samples.map((s) => s.ms).sort((a, b) => a - b)[3]!;
    // Both run one argon2id verification (~20 ms); without the decoy hash the unknown email would take ~2 ms.
    expect(median(unknownEmail)).toBeGreaterThan(median(wrongPassword) * 0.5);
    expect(median(unknownEmail)).toBeLessThan(median(wrongPassword) * 2);
  });

  it('answers 400 for a missing password or an unknown field', async () => {
    expect((await login({ email: 'a@example.com', password: '' })).body).toEqual({
      statusCode: 400,
      message: 'Password is required',
    });
    expect((await login({ email: 'a@example.com', password: 'x', remember: true })).status).toBe(400);
  });

  it('answers 400 for a password with an unpaired surrogate, which would sign in as U+FFFD', async () => {
    const { email } = await registerUser('correct horse 1\ufffd');
    // JSON.stringify sends the lone surrogate as the escape `\ud800`.
    expect((await login({ email, password: 'correct horse 1\ud800' }, '192.0.2.30')).body).toEqual({
      statusCode: 400,
      message: 'Password contains a character that cannot be used',
    });
  });

  it('locks an email for the address its failures come from, not for the owner elsewhere', async () => {
    const { email, password } = await registerUser();
    const attacker = '198.51.100.1';
    for (let i = 0; i < 10; i += 1) {
      expect((await login({ email, password: 'wrong password 1' }, attacker)).status).toBe(401);
    }
    const locked = await login({ email: email.toUpperCase(), password }, attacker);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);

    expect((await login({ email, password }, '198.51.100.2')).status).toBe(200);
    // The lock is the pair's: from the same address, another account still signs in.
    expect((await login(await registerUser(), attacker)).status).toBe(200);
  });

  it('backs off an email failing from many addresses: unknown addresses wait, the owner’s known one does not', async () => {
    const { email, password } = await registerUser();
    const home = '203.0.113.60';
    expect((await login({ email, password }, home)).status).toBe(200);
    // 20 failures (the back-off limit here) over ten addresses, each far from the lock of one pair.
    for (let i = 0; i < 20; i += 1) {
      const address = `203.0.113.${70 + (i % 10)}`;
      expect((await login({ email, password: 'wrong password 1' }, address)).status).toBe(401);
    }

    const stranger = await login({ email, password }, '203.0.113.99');
    expect(stranger.status).toBe(429);
    expect(stranger.body.message).toBe('Too many failed sign-in attempts. Please try again in 60 minutes.');
    expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(3500);

    expect((await login({ email, password: 'wrong password 1' }, home)).status).toBe(401);
    expect((await login({ email, password }, home)).status).toBe(200);
  });

  it('locks an address after 20 failures over any emails, and leaves other addresses alone', async () => {
    const { email, password } = await registerUser();
    for (let i = 0; i < 20; i += 1) {
      expect((await login({ email: uniqueEmail('guess'), password: 'guess 1' }, '203.0.113.50')).status).toBe(
        401,
      );
    }
    expect((await login({ email, password }, '203.0.113.50')).status).toBe(429);
    expect((await login({ email, password }, '203.0.113.51')).status).toBe(200);
  });

  it('forgets an email’s failures from an address after a successful sign-in from it', async () => {
    const { email, password } = await registerUser();
    for (let i = 0; i < 9; i += 1) await login({ email, password: 'wrong 1' }, '192.0.2.100');
    expect((await login({ email, password }, '192.0.2.100')).status).toBe(200);
    for (let i = 0; i < 9; i += 1) await login({ email, password: 'wrong 1' }, '192.0.2.100');
    expect((await login({ email, password }, '192.0.2.100')).status).toBe(200);
  });
});
