import { parseRuntimeConfig } from './runtime-config';

describe('parseRuntimeConfig', () => {
  it('takes the scheduler page and the Stripe publishable key the gateway hands over', () => {
    expect(
      parseRuntimeConfig({
        scheduler: { url: 'https://calendly.com/millstone-cx/discovery-call' },
        payments: { publishableKey: 'pk_test_51AbcDEF' },
        api: { baseUrl: 'https://api.millstonecx.com/v1' },
      }),
    ).toEqual({
      scheduler: { url: 'https://calendly.com/millstone-cx/discovery-call' },
      payments: { publishableKey: 'pk_test_51AbcDEF' },
      api: { baseUrl: 'https://api.millstonecx.com/v1' },
    });
    expect(
      parseRuntimeConfig({ scheduler: null, payments: { publishableKey: 'pk_live_9Zz' } }).payments,
    ).toEqual({
      publishableKey: 'pk_live_9Zz',
    });
  });

  it("takes the API's base URL of a local stack too, without a trailing slash", () => {
    expect(parseRuntimeConfig({ api: { baseUrl: 'http://localhost:8080/v1/' } }).api).toEqual({
      baseUrl: 'http://localhost:8080/v1',
    });
  });

  it('reads anything else as not configured', () => {
    const nothing = { scheduler: null, payments: null, api: null };
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
    for (const baseUrl of [
      42,
      '',
      '/v1',
      'javascript:alert(1)',
      'ftp://example.com/v1',
      'https://exa mple.com/v1',
    ]) {
      expect(parseRuntimeConfig({ api: { baseUrl } }).api).toBeNull();
    }
  });
});
