import { envVars, identityUrlEnv, type ServiceConfig, serviceConfigLoader, serviceEnv } from '@portal/config';
import { z } from 'zod';

export const commerceEnvSchema = z.object({
  ...serviceEnv(3102),
  ...identityUrlEnv(),
  STRIPE_SECRET_KEY: envVars.optionalMatching(
    /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/,
    'must be a Stripe secret key (sk_test_…, sk_live_…, or a restricted rk_… key)',
  ),
  STRIPE_WEBHOOK_SECRET: envVars.optionalMatching(
    /^whsec_[A-Za-z0-9]+$/,
    "must be the webhook endpoint's signing secret (whsec_…)",
  ),
  STRIPE_API_URL: envVars.optionalMatching(
    /^https?:\/\/[^\s/?#]+\/?$/,
    'must be an origin such as http://127.0.0.1:12111 (a local fake of the Stripe API)',
  ),
  /** Minutes an order may stay unpaid (pending or failed) before it is canceled; default a day. */
  ORDER_PAYMENT_WINDOW_MINUTES: envVars.positiveInt(1440),
});

export interface StripeSettings {
  /** Unset: checkout answers 503 'payments not configured' and no order is made. */
  secretKey?: string;
  /** Unset: the webhook endpoint answers 503. */
  webhookSecret?: string;
  /** Unset: Stripe's own API; tests and local stacks point the SDK at the fake Stripe API. */
  apiUrl?: string;
}

export interface CommerceConfig extends ServiceConfig {
  /** identity's base URL, whose JWKS verifies access tokens. */
  identityUrl: string;
  stripe: StripeSettings;
  /** Minutes a pending or failed order waits for its payment before the sweep cancels it. */
  paymentWindowMinutes: number;
}

export const COMMERCE_CONFIG = Symbol('COMMERCE_CONFIG');

/** Reads and validates the environment; a bad or missing variable stops the process naming it. */
export const loadCommerceConfig = serviceConfigLoader(commerceEnvSchema, (vars) => ({
  identityUrl: vars.IDENTITY_URL,
  stripe: {
    secretKey: vars.STRIPE_SECRET_KEY,
    webhookSecret: vars.STRIPE_WEBHOOK_SECRET,
    apiUrl: vars.STRIPE_API_URL,
  },
  paymentWindowMinutes: vars.ORDER_PAYMENT_WINDOW_MINUTES,
}));
