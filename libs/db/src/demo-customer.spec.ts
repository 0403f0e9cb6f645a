import { EnvValidationError, parseEnv } from '@portal/config';
import { demoCustomer, demoDataWanted, demoDialerEnv, demoPasswordEnv } from './index';

describe('the demo customer', () => {
  it('is seeded only on an explicit SEED_DEMO_DATA=true, in production too', () => {
    expect(demoDataWanted({})).toBe(false);
    expect(demoDataWanted({ NODE_ENV: 'production' })).toBe(false);
    expect(demoDataWanted({ NODE_ENV: 'production', SEED_DEMO_DATA: 'false' })).toBe(false);
    expect(demoDataWanted({ NODE_ENV: 'production', SEED_DEMO_DATA: '1' })).toBe(false);
    expect(demoDataWanted({ NODE_ENV: 'production', SEED_DEMO_DATA: 'true' })).toBe(true);
  });

  it('has no password or signing secret in the repository: the seeds take them from the environment', () => {
    expect(JSON.stringify(demoCustomer)).not.toMatch(/password|secret/i);
    expect(() => parseEnv(demoPasswordEnv, { SEED_DEMO_DATA: 'true' })).toThrow(EnvValidationError);
    expect(() => parseEnv(demoPasswordEnv, { DEMO_CUSTOMER_PASSWORD: 'short' })).toThrow(
      /DEMO_CUSTOMER_PASSWORD: must be the demo customer's password, at least 16 characters/,
    );
    expect(() => parseEnv(demoDialerEnv, {})).toThrow(/DEMO_DIALER_SIGNING_SECRET: is required but not set/);
    expect(parseEnv(demoPasswordEnv, { DEMO_CUSTOMER_PASSWORD: 'x7Qm-generated-per-install' })).toEqual({
      DEMO_CUSTOMER_PASSWORD: 'x7Qm-generated-per-install',
    });
  });
});
