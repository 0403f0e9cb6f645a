import { request, type ServiceHarness, uniqueEmail } from '@portal/testing';
import { startIdentity } from '../test/identity-harness';
import { ensureStaffAccount, staffAccountEnvSchema, staffAccountFromEnv } from './staff-account';

describe('staff account from the environment', () => {
  let harness: ServiceHarness;
  beforeAll(async () => {
    harness = await startIdentity({ seed: false });
  });
  afterAll(() => harness.close());

  const login = (email: string, password: string) =>
    request(harness.baseUrl, 'POST', '/api/auth/login', { body: { email, password } });

  it('creates an admin who signs in with role admin, and is idempotent', async () => {
    const account = { email: uniqueEmail('staff'), password: 'staff-secret-1', name: 'Ops Admin' };
    expect(await ensureStaffAccount(harness.dataSource, account)).toBe('created');
    expect(await ensureStaffAccount(harness.dataSource, { ...account, password: 'rotated-secret-2' })).toBe('updated');

    expect((await login(account.email, 'staff-secret-1')).status).toBe(401);
    const response = await login(account.email, 'rotated-secret-2');
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ email: account.email, name: 'Ops Admin', role: 'admin' });
    const [{ count }] = await harness.dataSource.query(
      'SELECT count(*)::int AS count FROM public_users WHERE lower(email) = lower($1)',
      [account.email],
    );
    expect(count).toBe(1);
  });

  it('reads STAFF_EMAIL and STAFF_PASSWORD together, validated like a registration', () => {
    const parse = (env: Record<string, string>) => staffAccountFromEnv(staffAccountEnvSchema.parse(env));
    expect(parse({})).toBeUndefined();
    expect(parse({ STAFF_EMAIL: 'ops@example.com', STAFF_PASSWORD: 'password1' })).toEqual({
      email: 'ops@example.com',
      password: 'password1',
      name: 'Staff Administrator',
    });
    expect(() => parse({ STAFF_EMAIL: 'ops@example.com' })).toThrow('STAFF_EMAIL and STAFF_PASSWORD must be set together');
    expect(staffAccountEnvSchema.safeParse({ STAFF_EMAIL: 'ops@example.com', STAFF_PASSWORD: 'short' }).success).toBe(false);
  });
});
