import { demoCustomer } from '@portal/db';
import { request, type ServiceHarness } from '@portal/testing';
import { startIdentity } from '../test/identity-harness';
import { seedDemoCustomer } from './demo-customer.seed';

describe('the demo customer of npm start', () => {
  let harness: ServiceHarness;
  beforeAll(async () => {
    harness = await startIdentity({ seed: false });
  });
  afterAll(() => harness.close());

  it('is added once, under its fixed ids, and signs in as a customer of its organisation', async () => {
    expect(await seedDemoCustomer(harness.dataSource)).toBe('added');
    expect(await seedDemoCustomer(harness.dataSource)).toBe('already there');

    const login = await request(harness.baseUrl, 'POST', '/api/auth/login', {
      body: { email: demoCustomer.email, password: demoCustomer.password },
    });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({
      id: demoCustomer.userId,
      role: 'customer',
      name: demoCustomer.name,
    });
    const me = await request(harness.baseUrl, 'GET', '/api/auth/me', { token: login.body.token as string });
    expect(me.body).toMatchObject({ organizationId: demoCustomer.organizationId });
    const [organization] = await harness.dataSource.query(
      'SELECT name, timezone FROM organizations WHERE id = $1',
      [demoCustomer.organizationId],
    );
    expect(organization).toEqual({ name: demoCustomer.organizationName, timezone: 'America/New_York' });
  });
});
