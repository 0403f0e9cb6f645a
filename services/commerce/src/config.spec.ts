import { parseEnv } from '@portal/config';
import { commerceEnvSchema, loadCommerceConfig } from './config';

describe('commerce environment', () => {
  const base = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/portal_commerce' };

  it('runs without Stripe settings (checkout then answers 503) and reads them when set', () => {
    expect(parseEnv(commerceEnvSchema, { ...base, STRIPE_SECRET_KEY: '' })).toMatchObject({
      PORT: 3102,
      IDENTITY_URL: 'http://127.0.0.1:3101',
    });
    expect(loadCommerceConfig({ ...base, STRIPE_SECRET_KEY: '' }).stripe).toEqual({
      secretKey: undefined,
      webhookSecret: undefined,
      apiUrl: undefined,
    });
    const vars = {
      ...base,
      STRIPE_SECRET_KEY: 'sk_test_51abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    };
    expect(parseEnv(commerceEnvSchema, vars)).toMatchObject(vars);
  });

  it('names a Stripe setting that cannot be right', () => {
    expect(() =>
      parseEnv(commerceEnvSchema, {
        ...base,
        STRIPE_SECRET_KEY: 'pk_test_publishable',
        STRIPE_WEBHOOK_SECRET: 'secret',
        STRIPE_API_URL: 'http://127.0.0.1:12111/v1/payment_intents',
      }),
    ).toThrow(
      /STRIPE_SECRET_KEY: must be a Stripe secret key[\s\S]*STRIPE_WEBHOOK_SECRET: [\s\S]*STRIPE_API_URL: must be an origin/,
    );
  });

  it('cancels unpaid orders after a day unless ORDER_PAYMENT_WINDOW_MINUTES says otherwise', () => {
    expect(loadCommerceConfig(base).paymentWindowMinutes).toBe(1440);
    expect(loadCommerceConfig({ ...base, ORDER_PAYMENT_WINDOW_MINUTES: '90' }).paymentWindowMinutes).toBe(90);
    for (const bad of ['0', '1.5', 'a day']) {
      expect(() => parseEnv(commerceEnvSchema, { ...base, ORDER_PAYMENT_WINDOW_MINUTES: bad })).toThrow(
        /ORDER_PAYMENT_WINDOW_MINUTES: must be/,
      );
    }
  });
});
