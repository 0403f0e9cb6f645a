import { subjects, userRegisteredDataSchema } from '@portal/contracts';
import { fromNewClientAddress, request, startForSuite, uniqueEmail } from '@portal/testing';
import { decodeJwt } from 'jose';
import { startIdentity } from '../test/identity-harness';

describe('POST /api/auth/register', () => {
  const harness = startForSuite(() => startIdentity({ seed: false, auth: { registerLimitPerHour: 3 } }));
  const register = (body: unknown, headers?: Record<string, string>) =>
    request(harness().baseUrl, 'POST', '/api/auth/register', { body, headers });

  // Each test registers from its own address so the per-address limit only bites where it is tested.

  it('creates the customer, its organization (they own it) and the events in one go, and answers a token', async () => {
    const email = uniqueEmail('Ada');
    const response = await register(
      { name: '  Ada Lovelace ', email, password: 'engines42' },
      fromNewClientAddress(),
    );
    expect(response.status).toBe(201);
    expect(Object.keys(response.body)).toEqual(['token']);
    expect(response.body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    const [user] = await harness().dataSource.query('SELECT * FROM public_users WHERE email = $1', [email]);
    expect(user).toMatchObject({
      name: 'Ada Lovelace',
      role: 'customer',
      provider: 'local',
      social_accounts: [],
    });
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user.password_hash).not.toContain('engines42');

    const [organization] = await harness().dataSource.query('SELECT * FROM organizations WHERE id = $1', [
      user.organization_id,
    ]);
    expect(organization).toMatchObject({
      name: 'Ada Lovelace',
      plan_id: 'scale',
      timezone: 'America/New_York',
    });

    const [event] = await harness().dataSource.query(
      `SELECT * FROM outbox WHERE subject = $1 AND data->>'userId' = $2`,
      [subjects.userRegistered, user.id],
    );
    expect(userRegisteredDataSchema.parse(event.data)).toMatchObject({
      userId: user.id,
      organizationId: organization.id,
      email,
      role: 'customer',
    });

    const me = await request(harness().baseUrl, 'GET', '/api/auth/me', {
      token: response.body.token as string,
    });
    expect(me.body).toEqual({
      id: user.id,
      name: 'Ada Lovelace',
      email,
      role: 'customer',
      organizationId: organization.id,
      organizationName: 'Ada Lovelace',
      orgRole: 'owner',
    });

    const memberships = await harness().dataSource.query(
      'SELECT organization_id, role, version FROM memberships WHERE user_id = $1',
      [user.id],
    );
    expect(memberships).toEqual([{ organization_id: organization.id, role: 'owner', version: expect.any(String) }]);
    const [changed] = await harness().dataSource.query(
      `SELECT data FROM outbox WHERE subject = $1 AND data->>'userId' = $2`,
      [subjects.membershipChanged, user.id],
    );
    expect(changed.data).toMatchObject({
      organizationId: organization.id,
      role: 'owner',
      version: Number(memberships[0].version),
      claimsLegacyData: false,
    });
    expect(decodeJwt(response.body.token as string)).toMatchObject({
      org: organization.id,
      orgRole: 'owner',
      mv: Number(memberships[0].version),
    });
  });

  it('refuses the same email in another case with a 409 a person understands, and writes nothing', async () => {
    const email = uniqueEmail('grace');
    expect(
      (await register({ name: 'Grace', email, password: 'cobol1959' }, fromNewClientAddress())).status,
    ).toBe(201);
    const again = await register(
      { name: 'Grace H', email: email.toUpperCase(), password: 'cobol1959' },
      fromNewClientAddress(),
    );
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      statusCode: 409,
      message: 'An account with this email already exists. Please sign in instead.',
    });
    const [{ count }] = await harness().dataSource.query(
      'SELECT count(*)::int AS count FROM public_users WHERE lower(email) = lower($1)',
      [email],
    );
    expect(count).toBe(1);
  });

  it('gives one 201 and one 409 when the same email registers twice at once', async () => {
    const email = uniqueEmail('race');
    const body = { name: 'Racer', email, password: 'parallel1' };
    const statuses = (
      await Promise.all([register(body, fromNewClientAddress()), register(body, fromNewClientAddress())])
    )
      .map((response) => response.status)
      .sort();
    expect(statuses).toEqual([201, 409]);
  });

  it('answers a taken email in about the time of a new one, and counts both against the address', async () => {
    const taken = uniqueEmail('taken');
    expect(
      (await register({ name: 'Taken', email: taken, password: 'password1' }, fromNewClientAddress())).status,
    ).toBe(201);
    const timed = async (email: string, headers: Record<string, string>) => {
      const started = performance.now();
      const response = await register({ name: 'Timing', email, password: 'password1' }, headers);
      return { response, ms: performance.now() - started };
    };
    const takenEmail = [];
    const newEmail = [];
    // Nine of each, taken in turn, so that a busy machine's pauses fall on both sides alike (each
    // pair from its own address, under the limit of sign-ups per address).
    const addresses = Array.from({ length: 9 }, fromNewClientAddress);
    for (const address of addresses) {
      takenEmail.push(await timed(taken, address));
      newEmail.push(await timed(uniqueEmail('new'), address));
    }
    expect(takenEmail.map(({ response }) => response.status)).toEqual(Array(9).fill(409));
    expect(newEmail.map(({ response }) => response.status)).toEqual(Array(9).fill(201));
    const median = (samples: { ms: number }[]) => samples.map((s) => s.ms).sort((a, b) => a - b)[4]!;
    // Both hash the password and write a customer (the taken one rolls back): without that the 409
    // took a quarter of the 201's time. The login test's tolerance: with the CPU oversubscribed the
    // ratio was seen from 0.75 to 1.1, too near the 0.67 this test had.
    expect(median(takenEmail)).toBeGreaterThan(median(newEmail) * 0.5);
    expect(median(takenEmail)).toBeLessThan(median(newEmail) * 2);

    const [{ count }] = await harness().dataSource.query(
      `SELECT count(*)::int AS count FROM auth_attempts WHERE kind = 'register:address' AND subject = $1`,
      [addresses[0]!['x-forwarded-for']],
    );
    expect(count).toBe(2);
  });

  it.each([
    ['an empty name', { name: ' ' }, 'Name is required'],
    ['a bad email', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['an empty email', { email: '  ' }, 'Email is required'],
    ['a short password', { password: 'ab1' }, 'Password must be at least 8 characters'],
    ['a password without a number', { password: 'abcdefgh' }, 'Password must contain at least one number'],
    // JSON carries it as the escape `\ud800`; argon2 would have hashed it as U+FFFD.
    [
      'a password with an unpaired surrogate',
      { password: 'valid1234\ud800' },
      'Password contains a character that cannot be used',
    ],
  ])('answers 400 with the spec message for %s', async (_label, override, message) => {
    const response = await register(
      { name: 'Valid Name', email: uniqueEmail(), password: 'valid1234', ...override },
      fromNewClientAddress(),
    );
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ statusCode: 400, message });
  });

  it('rejects unknown fields, so nobody registers as admin', async () => {
    const response = await register(
      { name: 'Mallory', email: uniqueEmail(), password: 'password1', role: 'admin' },
      fromNewClientAddress(),
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/role/);
  });

  it('limits registrations per address and says when to come back', async () => {
    const address = { 'x-forwarded-for': '203.0.113.99' };
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await register({ name: 'Bot', email: uniqueEmail('bot'), password: 'password1' }, address)).status,
      ).toBe(201);
    }
    const limited = await register(
      { name: 'Bot', email: uniqueEmail('bot'), password: 'password1' },
      address,
    );
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(
      /^Too many sign-ups from your network\. Please try again in \d+ minutes?\.$/,
    );
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Another address is not affected.
    expect(
      (await register({ name: 'Human', email: uniqueEmail(), password: 'password1' }, fromNewClientAddress()))
        .status,
    ).toBe(201);
  });
});
