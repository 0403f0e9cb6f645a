import { z } from 'zod';

/**
 * The demo customer `npm start` seeds in every service (README: "Demo customer"), so a newcomer signs
 * in and sees a dashboard with orders, integrations, tickets and KPIs. Fixed ids tie the services'
 * rows together. Its password and its dialer's signing secret are not here: the runner generates
 * them once per install (under `.data/keys`) and hands them to the seeds in the environment
 * (demoPasswordEnv, demoDialerEnv). No test depends on it.
 */
export const demoCustomer = {
  userId: 'd3e0c0de-0000-4000-8000-000000000001',
  organizationId: 'd3e0c0de-0000-4000-8000-000000000002',
  name: 'Jordan Avery',
  organizationName: 'Avery Home Services',
  email: 'demo@millstonecx.com',
  timezone: 'America/New_York',
  /** The demo dialer integration the runner posts live call events to. */
  dialer: { integrationId: 'd3e0c0de-0000-4000-8000-000000000101' },
  /**
   * A second member of the demo organization, with the `billing` role (orders and invoices, no team or
   * integrations), signing in with the demo customer's password: the dashboard as a role sees it.
   */
  billingMember: {
    userId: 'd3e0c0de-0000-4000-8000-000000000003',
    name: 'Sam Rivera',
    email: 'billing.demo@millstonecx.com',
    role: 'billing',
  },
} as const;

/**
 * True when the seed should add the demo customer's data: only when asked in so many words
 * (`SEED_DEMO_DATA=true`). The runner asks unless NODE_ENV=production; the container images never do
 * by default.
 */
export function demoDataWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.SEED_DEMO_DATA === 'true';
}

const demoSecret = (what: string) =>
  z
    .string()
    .min(16, `must be the demo customer's ${what}, at least 16 characters (npm start makes one per install)`);

/** identity's seed, with the demo data: the demo customer's password. */
export const demoPasswordEnv = z.object({ DEMO_CUSTOMER_PASSWORD: demoSecret('password') });

/** crm's seed, with the demo data: the secret the runner's demo dialer signs its events with. */
export const demoDialerEnv = z.object({ DEMO_DIALER_SIGNING_SECRET: demoSecret('dialer signing secret') });
