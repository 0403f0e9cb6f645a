import { parseRuntimeConfig } from './runtime-config';

describe('parseRuntimeConfig', () => {
  it('takes the scheduler page and the Stripe publishable key the gateway hands over', () => {
    expect(
      parseRuntimeConfig({
        scheduler: { url: 'https://calendly.com/millstone-cx/discovery-call' },
        payments: { publishableKey: 'pk_test_51AbcDEF' },
      }),
    ).toEqual({
      scheduler: { url: 'https://calendly.com/millstone-cx/discovery-call' },
      payments: { publishableKey: 'pk_test_51AbcDEF' },
    });
    expect(
      parseRuntimeConfig({ scheduler: null, payments: { publishableKey: 'pk_live_9Zz' } }).payments,
    ).toEqual({
      publishableKey: 'pk_live_9Zz',
    });
  });

  it('reads anything else as not configured', () => {
    const nothing = { scheduler: null, payments: null };
    for (const json of [null, 'text', {}, { scheduler: null, payments: null }]) {
      expect(parseRuntimeConfig(json)).toEqual(nothing);
    }
    expect(
      parseRuntimeConfig({
        scheduler: { url: 'http://calendly.com/plain-http' },
        payments: { publishableKey: 'sk_test_secret' },
      }),
    ).toEqual(nothing);
    expect(parseRuntimeConfig({ payments: { publishableKey: 42 } }).payments).toBeNull();
  });
});
