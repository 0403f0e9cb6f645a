/**
 * The demo customer `npm start` seeds in every service (README: "Demo customer"), so a newcomer signs
 * in and sees a dashboard with orders, integrations, tickets and KPIs. Fixed ids tie the services'
 * rows together. Seeds add it only when `SEED_DEMO_DATA=true` (the runner sets it; compose does not),
 * and no test depends on it.
 */
export const demoCustomer = {
  userId: 'd3e0c0de-0000-4000-8000-000000000001',
  organizationId: 'd3e0c0de-0000-4000-8000-000000000002',
  name: 'Jordan Avery',
  organizationName: 'Avery Home Services',
  email: 'demo@millstonecx.com',
  password: 'demo-dashboard-2026',
  timezone: 'America/New_York',
  /** The demo dialer integration the runner posts live call events to. */
  dialer: {
    integrationId: 'd3e0c0de-0000-4000-8000-000000000101',
    /** Known to the runner's demo dialer; a real integration's secret is random and shown once. */
    signingSecret: 'pcs_demo_dialer_signing_secret_not_for_production',
  },
} as const;

/** True when the seed should add the demo customer's data (`SEED_DEMO_DATA=true`). */
export function demoDataWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.SEED_DEMO_DATA === 'true';
}
