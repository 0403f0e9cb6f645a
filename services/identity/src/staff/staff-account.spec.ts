import { request, startForSuite, uniqueEmail } from '@portal/testing';
import { startIdentity } from '../test/identity-harness';
import { ensureStaffAccount, staffAccountEnvSchema, staffAccountFromEnv } from './staff-account';

describe('staff account from the environment', () => {
  const harness = startForSuite(() => startIdentity({ seed: false }));

  const login = (email: string, password: string) =>
    request(harness().baseUrl, 'POST', '/api/auth/login', { body: { email, password } });

  it('creates an admin who signs in with role admin, and is idempotent', async () => {
    const account = { email: uniqueEmail('staff'), password: 'staff-secret-1', name: 'Ops Admin' };
    expect(await ensureStaffAccount(harness().dataSource, account)).toBe('created');
    expect(await ensureStaffAccount(harness().dataSource, { ...account, password: 'rotated-secret-2' })).toBe(
      'updated',
    );

    expect((await login(account.email, 'staff-secret-1')).status).toBe(401);
    const response = await login(account.email, 'rotated-secret-2');
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ email: account.email, name: 'Ops Admin', role: 'admin' });
    const [{ count, verified }] = await harness().dataSource.query(
      `SELECT count(*)::int AS count, bool_and(email_verified_at IS NOT NULL) AS verified
       FROM public_users WHERE lower(email) = lower($1)`,
      [account.email],
    );
    expect(count).toBe(1);
    expect(verified).toBe(true);
  });

  const meStatus = async (token: string) =>
    (await request(harness().baseUrl, 'GET', '/api/auth/me', { token })).status;

  it('keeps staff signed in over an unchanged restart, and signs them out when the password changes', async () => {
    const account = { email: uniqueEmail('staff'), password: 'staff-secret-1', name: 'Ops Admin' };
    await ensureStaffAccount(harness().dataSource, account);
    const token = (await login(account.email, account.password)).body.token as string;

    expect(await ensureStaffAccount(harness().dataSource, account)).toBe('unchanged');
    expect(await meStatus(token)).toBe(200);
    expect(await ensureStaffAccount(harness().dataSource, { ...account, name: 'Ops Lead' })).toBe('updated');
    expect(await meStatus(token)).toBe(200);

    expect(await ensureStaffAccount(harness().dataSource, { ...account, password: 'rotated-secret-2' })).toBe(
      'updated',
    );
    expect(await meStatus(token)).toBe(401);
  });

  it('signs a customer out when the staff email makes them admin, even with the same password', async () => {
    const email = uniqueEmail('promoted');
    const password = 'same-password-1';
    const registered = await request(harness().baseUrl, 'POST', '/api/auth/register', {
      body: { name: 'Promoted', email, password },
    });
    const customerToken = registered.body.token as string;
    expect(await meStatus(customerToken)).toBe(200);

    expect(await ensureStaffAccount(harness().dataSource, { email, password, name: 'Promoted' })).toBe(
      'updated',
    );
    expect(await meStatus(customerToken)).toBe(401);
    expect((await login(email, password)).body.user).toMatchObject({ email, role: 'admin' });
  });

  it('reads STAFF_EMAIL and STAFF_PASSWORD together, validated like a registration', () => {
    const parse = (env: Record<string, string>) => staffAccountFromEnv(staffAccountEnvSchema.parse(env));
    expect(parse({})).toBeUndefined();
    expect(parse({ STAFF_EMAIL: 'ops@example.com', STAFF_PASSWORD: 'password1' })).toEqual({
      email: 'ops@example.com',
      password: 'password1',
      name: 'Staff Administrator',
    });
    expect(() => parse({ STAFF_EMAIL: 'ops@example.com' })).toThrow(
      'STAFF_EMAIL and STAFF_PASSWORD must be set together',
    );
    expect(
      staffAccountEnvSchema.safeParse({ STAFF_EMAIL: 'ops@example.com', STAFF_PASSWORD: 'short' }).success,
    ).toBe(false);
  });
});
