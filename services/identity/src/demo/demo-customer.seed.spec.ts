import { demoCustomer } from '@portal/db';
import { request, type ServiceHarness, startForSuite } from '@portal/testing';
import { startIdentity } from '../test/identity-harness';
import { seedDemoCustomer } from './demo-customer.seed';

const signIn = (harness: ServiceHarness, password: string) =>
  request(harness.baseUrl, 'POST', '/api/auth/login', { body: { email: demoCustomer.email, password } });

describe('the demo customer of npm start', () => {
  const harness = startForSuite(() => startIdentity({ seed: false }));

  it('is added once, under its fixed ids, and signs in with the password it was given', async () => {
    expect(await seedDemoCustomer(harness().dataSource, 'first-install-password-1')).toBe('added');
    expect(await seedDemoCustomer(harness().dataSource, 'first-install-password-1')).toBe('already there');

    const login = await signIn(harness(), 'first-install-password-1');
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({
      id: demoCustomer.userId,
      role: 'customer',
      name: demoCustomer.name,
    });
    const me = await request(harness().baseUrl, 'GET', '/api/auth/me', { token: login.body.token as string });
    expect(me.body).toMatchObject({
      organizationId: demoCustomer.organizationId,
      organizationName: demoCustomer.organizationName,
      orgRole: 'owner',
    });
    const [organization] = await harness().dataSource.query(
      'SELECT name, timezone FROM organizations WHERE id = $1',
      [demoCustomer.organizationId],
    );
    expect(organization).toEqual({ name: demoCustomer.organizationName, timezone: 'America/New_York' });
    const [{ verified }] = await harness().dataSource.query(
      'SELECT email_verified_at IS NOT NULL AS verified FROM public_users WHERE id = $1',
      [demoCustomer.userId],
    );
    expect(verified).toBe(true);
  });

  it('has a second member in its organization, with the billing role, signing in with the same password', async () => {
    const login = await request(harness().baseUrl, 'POST', '/api/auth/login', {
      body: { email: demoCustomer.billingMember.email, password: 'first-install-password-1' },
    });
    expect(login.status).toBe(200);
    const me = await request(harness().baseUrl, 'GET', '/api/auth/me', { token: login.body.token as string });
    expect(me.body).toMatchObject({
      id: demoCustomer.billingMember.userId,
      organizationId: demoCustomer.organizationId,
      orgRole: 'billing',
    });
    const members = await harness().dataSource.query(
      'SELECT user_id, role FROM memberships WHERE organization_id = $1 ORDER BY role DESC',
      [demoCustomer.organizationId],
    );
    expect(members).toEqual([
      { user_id: demoCustomer.userId, role: 'owner' },
      { user_id: demoCustomer.billingMember.userId, role: 'billing' },
    ]);
  });

  it('takes the new password when the install generated another one, refuses the old and ends its sessions', async () => {
    expect(await seedDemoCustomer(harness().dataSource, 'first-install-password-1')).toBe('already there');
    const { token } = (await signIn(harness(), 'first-install-password-1')).body as { token: string };
    expect((await request(harness().baseUrl, 'GET', '/api/auth/me', { token })).status).toBe(200);

    expect(await seedDemoCustomer(harness().dataSource, 'second-install-password-2')).toBe(
      'password updated',
    );
    expect((await request(harness().baseUrl, 'GET', '/api/auth/me', { token })).status).toBe(401);

    expect((await signIn(harness(), 'second-install-password-2')).status).toBe(200);
    expect((await signIn(harness(), 'first-install-password-1')).status).toBe(401);
    expect(await seedDemoCustomer(harness().dataSource, 'second-install-password-2')).toBe('already there');
  });
});
