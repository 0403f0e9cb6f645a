import { demoCustomer } from '@portal/db';
import { metricsResponseSchema } from '@portal/contracts';
import { startForSuite } from '@portal/testing';
import { startKpi } from '../test/kpi-harness';
import { seedDemoMetrics } from './demo-metrics';

// The seed itself, on a throwaway database: no other test relies on demo rows.
describe('seedDemoMetrics', () => {
  const stack = startForSuite(startKpi);

  it("adds the demo customer's days of metrics in their time zone once, none in the future", async () => {
    const { dataSource } = stack().service;
    const added = await seedDemoMetrics(dataSource);
    expect(added).toBeGreaterThan(0);
    // A rerun adds only what came due since (nothing, a second later), never the same rows again.
    expect(await seedDemoMetrics(dataSource)).toBeLessThanOrEqual(1);

    const [{ count, future }] = await dataSource.query(
      `SELECT count(*)::int AS count, count(*) FILTER (WHERE occurred_at > now())::int AS future
       FROM metrics WHERE customer_id = $1 AND organization_id = $2 AND integration_id = $3`,
      [demoCustomer.userId, demoCustomer.organizationId, demoCustomer.dialer.integrationId],
    );
    expect(count).toBeGreaterThanOrEqual(added);
    expect(future).toBe(0);

    const demo = await stack().signIn('customer', {
      sub: demoCustomer.userId,
      org: demoCustomer.organizationId,
    });
    const response = metricsResponseSchema.parse((await stack().metrics(demo)).body);
    expect(response.timezone).toBe(demoCustomer.timezone);
    const counted = response.daily.reduce((sum, day) => sum + day.calls + day.leads + day.conversions, 0);
    expect(counted).toBe(count);
  });
});
